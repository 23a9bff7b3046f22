/**
 * Payload conformance: the same call sequence (decisions, tracks, user changes) run on hackle-kit's script-tag bundle
 * and on the reference SDK (@hackler/javascript-sdk 11.56.1 UMD), each in its own jsdom page on the same virtual
 * clock; every events body both send (JSON POSTs and beacon forms) is compared field by field. See README.md.
 *
 * Knobs: CONFORMANCE_PAYLOAD_SEEDS=N (default 120; else CONFORMANCE_SEEDS), CONFORMANCE_SEED_START,
 * CONFORMANCE_ONLY=payload#17 | payload:<name>, CONFORMANCE_DUMP=<dir>, CONFORMANCE_SHOW, CONFORMANCE_KIT_BUNDLE,
 * CONFORMANCE_BREAK (any value: the kit's bodies are broken on purpose).
 */
import { describe, expect, it } from 'vitest'
import { reference } from './suite'
import { compareRuns, diffValues, normalizeBodies } from './payload/compare'
import type { SentBody } from './payload/run'
import { generateSequence } from './payload/sequence'
import { quirkSequences } from './payload/quirks'
import { PAYLOAD_SEEDS, compareSequence, comparePayloads, joinSplits, payloadSequences, selectedSequences } from './payload/suite'
import { ONLY, SEED_START } from './suite'

const CALLS = [
  'variation(', 'variationDetail(', 'isFeatureOn(', 'featureFlagDetail(', 'remoteConfig(', 'track(', 'setUserId(', 'setDeviceId(',
  'setUser(', 'resetUser(', 'setUserProperty(', 'setUserProperties(', 'updateUserProperties(', 'updatePushSubscriptions(',
  'updateSmsSubscriptions(', 'updateKakaoSubscriptions(', 'setPhoneNumber(', 'unsetPhoneNumber(', 'setOptOutTracking(', 'setCurrentPage(',
  'trackPageView(',
]

const body = (data: unknown, transport: SentBody['transport'] = 'POST'): SentBody => ({ transport, path: '/api/v2/w/events', data })

describe('payload conformance: event bodies of hackle-kit = reference', () => {
  it('the sequence generator is deterministic, 20–80 steps (calls, page steps and visibility), and uses the whole API', () => {
    expect(JSON.stringify(generateSequence(7))).toBe(JSON.stringify(generateSequence(7)))
    const used = new Set<string>()
    for (let seed = 1; seed <= 100; seed++) {
      const { steps } = generateSequence(seed)
      expect(steps.length).toBeGreaterThanOrEqual(20)
      expect(steps.length).toBeLessThanOrEqual(80)
      for (const step of steps) for (const name of CALLS) if (step.code.includes(`hackle.${name}`)) used.add(name)
    }
    expect([...used].sort()).toEqual([...CALLS].sort())
  })

  it('normalization: insertIds and session ids become labels by first appearance, times become offsets', () => {
    const event = (insertId: string, sessionId: string, timestamp: number) => ({ insertId, timestamp, identifiers: { $sessionId: sessionId } })
    const a = normalizeBodies([body({ trackEvents: [event('6ed11797-783e-4dfe-ba3f-2ff962b62455', '1768467600000.16018d2b', 1768467600600)] })])
    const b = normalizeBodies([body({ trackEvents: [event('8cc621b7-d177-480e-b811-25f3a219e90a', '1768467600000.aaaaaaaa', 1768467600600)] })])
    expect(a).toEqual(b)
    expect(a[0]!.data).toEqual({ trackEvents: [{ insertId: 'I1', timestamp: 't+600', identifiers: { $sessionId: 'S1' } }] })
  })

  it('the comparison reports values, missing keys, key order, event order and extra bodies', () => {
    const paths = (ref: unknown, kit: unknown) => diffValues(ref, kit).map((it) => it.path)
    expect(paths({ a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } })).toEqual([])
    expect(paths({ a: 1, b: { c: [1, 2] } }, { a: 2, b: { c: [1] } })).toEqual(['a', 'b.c[1]'])
    expect(paths({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual(['(body) key order'])
    expect(paths({ a: 1 }, { a: 1, x: undefined })).toEqual(['x'])
    const ref = [body({ trackEvents: [{ eventTypeKey: 'a' }, { eventTypeKey: 'b' }] })]
    const swapped = [body({ trackEvents: [{ eventTypeKey: 'b' }, { eventTypeKey: 'a' }] })]
    expect(compareRuns(ref, swapped, [], []).diffs.map((it) => it.path)).toEqual(['#1.trackEvents[0].eventTypeKey', '#1.trackEvents[1].eventTypeKey'])
    expect(compareRuns(ref, [...ref, body({}, 'BEACON')], [], []).diffs.map((it) => it.path)).toEqual(['#2'])
    expect(compareRuns(ref, ref, [{ value: 'A' }], [{ thrown: 'TypeError: x' }]).diffs.map((it) => it.path)).toEqual(['call 1 returned.value', 'call 1 returned.thrown'])
  })

  it('a batch hackle-kit split into requests under its limit is joined again, and only that', () => {
    const note = 'n'.repeat(20_000)
    const exposure = (n: number) => ({ experimentKey: n })
    const track = (n: number) => ({ eventTypeKey: `e${n}`, properties: { note } })
    const ref = [body({ exposureEvents: [exposure(1), exposure(2)], trackEvents: [track(1), track(2), track(3)] }), body({ trackEvents: [track(4)] })]
    const pieces = [body({ exposureEvents: [exposure(1)], trackEvents: [track(1), track(2)] }), body({ exposureEvents: [exposure(2)], trackEvents: [track(3)] }), body({ trackEvents: [track(4)] })]
    const problems: string[] = []
    expect(compareRuns(ref, joinSplits(ref, pieces, problems), [], []).diffs).toEqual([])
    expect(problems).toEqual([])
    // A lost event shows (the next batch is taken as a piece, and differs), and so does a piece over the limit.
    const lost = [pieces[0]!, body({ exposureEvents: [exposure(2)], trackEvents: [] }), pieces[2]!]
    expect(compareRuns(ref, joinSplits(ref, lost, problems), [], []).diffs.length).toBeGreaterThan(0)
    joinSplits(ref, [ref[0]!, ref[1]!], problems)
    expect(problems).toEqual([expect.stringMatching(/^a piece of a split batch has \d+ bytes \(> 48000\)$/)])
    // A small batch sent as two bodies is not joined: the extra body shows.
    const small = [body({ trackEvents: [{ eventTypeKey: 'a' }, { eventTypeKey: 'b' }] })]
    const two = [body({ trackEvents: [{ eventTypeKey: 'a' }] }), body({ trackEvents: [{ eventTypeKey: 'b' }] })]
    expect(compareRuns(small, joinSplits(small, two, []), [], []).diffs.map((it) => it.path)).toContain('#2')
  })

  it('the reference agrees with itself (the normalization leaves no randomness)', async () => {
    for (const seed of [1, 2, 3]) {
      const outcome = await compareSequence(reference, generateSequence(seed), reference)
      expect(outcome.reference.problems, `payload#${seed}`).toEqual([])
      expect(outcome.diffs, `payload#${seed}`).toEqual([])
      expect(outcome.events, `payload#${seed}`).toBeGreaterThan(10)
    }
  })

  it('hand-written sequences (quirks of the spec)', async () => {
    await comparePayloads('payload quirks', selectedSequences(quirkSequences()))
  })

  it(`generated sequences (${ONLY ?? `${PAYLOAD_SEEDS} seeds from ${SEED_START}`})`, async () => {
    await comparePayloads('payload generated', payloadSequences())
  })
})
