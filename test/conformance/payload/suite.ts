/** Runs call sequences on the reference and on hackle-kit, compares their event bodies and reports. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Side } from '../drivers'
import { ONLY, SEED_START, count, reference, requireKit } from '../suite'
import { bodySummary, compareRuns, eventCount, formatDiff, normalizeBodies, type FieldDiff } from './compare'
import { runSequence, type SentBody, type SequenceRun } from './run'
import { generateSequence, type PayloadSequence } from './sequence'

export const PAYLOAD_SEEDS = count('CONFORMANCE_PAYLOAD_SEEDS', 120)
const SHOW = Number(process.env.CONFORMANCE_SHOW ?? 3)
/** A body larger than this (UTF-8 JSON bytes, or encoded beacon form) is split by hackle-kit: `batch-size-limit`. */
const KIT_POST_LIMIT = 48_000
const KIT_FORM_LIMIT = 64_000 - 400

export function payloadSequences(seeds = PAYLOAD_SEEDS): PayloadSequence[] {
  if (ONLY) {
    const match = /^payload#(-?\d+)$/.exec(ONLY)
    return match ? [generateSequence(Number(match[1]))] : []
  }
  return Array.from({ length: seeds }, (_, i) => generateSequence(SEED_START + i))
}

export const selectedSequences = (sequences: PayloadSequence[]) => (ONLY ? sequences.filter((it) => it.id === ONLY) : sequences)

export interface SequenceOutcome {
  sequence: PayloadSequence
  reference: SequenceRun
  kit: SequenceRun & { split: number }
  diffs: FieldDiff[]
  events: number
}

/** `CONFORMANCE_BREAK` on the side under test: one decision reason renamed, and the last event of the last body lost. */
function breakBodies(bodies: SentBody[]): SentBody[] {
  const text = JSON.stringify(bodies).replace(/"DEFAULT_RULE"/g, '"TARGET_RULE_MATCH"')
  const broken = JSON.parse(text) as SentBody[]
  const last = broken[broken.length - 1]?.data as Record<string, unknown[]> | undefined
  last?.trackEvents?.pop()
  return broken
}

const postSize = (body: SentBody) => Buffer.byteLength(JSON.stringify(body.data))

/**
 * Beacon forms of the reference larger than hackle-kit's (exclusion `batch-size-limit`): hackle-kit leaves what does
 * not fit to the next page, so the sequence must avoid them.
 */
function oversizedForms(bodies: SentBody[]): string[] {
  return bodies.flatMap((body, i) => {
    const size = body.form ? new URLSearchParams(body.form).toString().length : 0
    return size > KIT_FORM_LIMIT ? [`beacon #${i + 1} has ${size} bytes (> ${KIT_FORM_LIMIT}, batch-size-limit): the sequence must flush before hiding`] : []
  })
}

/**
 * hackle-kit's bodies with the pieces of each split batch joined again: where the reference POSTed a body over
 * hackle-kit's request limit, the next hackle-kit POSTs up to the same number of events are that batch's pieces (each
 * checked against the limit, a problem otherwise). Each event list is joined in order, so a join equals the
 * reference's body exactly when the split kept the batch's events and their order.
 */
export function joinSplits(reference: readonly SentBody[], kit: readonly SentBody[], problems: string[]): SentBody[] {
  const joined: SentBody[] = []
  let next = 0
  for (const body of reference) {
    if (next >= kit.length) break
    if (body.transport !== 'POST' || postSize(body) <= KIT_POST_LIMIT || kit[next]!.transport !== 'POST') {
      joined.push(kit[next++]!)
      continue
    }
    const pieces = [kit[next++]!]
    while (eventCount(pieces) < eventCount([body]) && kit[next]?.transport === 'POST') pieces.push(kit[next++]!)
    for (const piece of pieces) {
      if (postSize(piece) > KIT_POST_LIMIT) problems.push(`a piece of a split batch has ${postSize(piece)} bytes (> ${KIT_POST_LIMIT})`)
    }
    const data: Record<string, unknown[]> = {}
    for (const piece of pieces) {
      for (const [list, events] of Object.entries(piece.data as Record<string, unknown[]>)) (data[list] ??= []).push(...events)
    }
    joined.push({ ...pieces[0]!, data })
  }
  return [...joined, ...kit.slice(next)]
}

export async function compareSequence(kit: Side, sequence: PayloadSequence, referenceSide: Side = reference): Promise<SequenceOutcome> {
  const referenceRun = await runSequence(referenceSide, sequence)
  const kitRun = await runSequence(kit, sequence)
  referenceRun.problems.push(...oversizedForms(referenceRun.bodies))
  // What is compared, shown and dumped for hackle-kit: its bodies with split batches joined (`split`: how many were).
  const joined = joinSplits(referenceRun.bodies, kitRun.bodies, kitRun.problems)
  const kitBodies = kit.breakage ? breakBodies(joined) : joined
  const { diffs, events } = compareRuns(normalizeBodies(referenceRun.bodies), normalizeBodies(kitBodies), referenceRun.outcomes, kitRun.outcomes)
  const outcome = { sequence, reference: referenceRun, kit: { ...kitRun, bodies: joined, split: kitRun.bodies.length - joined.length }, diffs, events }
  const dumpDir = process.env.CONFORMANCE_DUMP
  if (dumpDir && (diffs.length || ONLY)) dump(dumpDir, outcome)
  return outcome
}

function dump(dir: string, outcome: SequenceOutcome): void {
  mkdirSync(dir, { recursive: true })
  const { sequence, reference: ref, kit, diffs } = outcome
  const file = join(dir, `${sequence.id.replace(/[^\w.-]+/g, '_')}.json`)
  writeFileSync(
    file,
    JSON.stringify(
      {
        ...sequence,
        diffs: diffs.map(formatDiff),
        reference: { bodies: ref.bodies, outcomes: ref.outcomes, problems: ref.problems },
        kit: { bodies: kit.bodies, outcomes: kit.outcomes, problems: kit.problems },
      },
      null,
      1,
    ),
  )
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

/** The calls as a page script: one numbered line each, with the virtual time that passes after it. */
export function listing(sequence: PayloadSequence): string {
  const lines = [
    `    page: ${sequence.page.url} (referrer ${sequence.page.referrer || 'none'})`,
    ...(sequence.cookies ? [`    cookies: ${clip(Object.keys(sequence.cookies).join(', '), 300)}`] : []),
    `    Hackle.createInstance(key, { …fixed options${sequence.options ? `, ...${sequence.options}` : ''} })`,
    ...sequence.steps.map((step, i) => {
      const when = i < (sequence.early ?? 0) ? '   // before the config arrives' : step.wait ? `   // +${step.wait} ms` : ''
      return `    ${String(i + 1).padStart(2)}  ${clip(step.code, 220)}${when}`
    }),
    `    end: ${sequence.end}`,
  ]
  return lines.join('\n')
}

/** A failure block: seed, reproduction, the calls, the batches side by side, the first field differences. */
export function describeOutcome(outcome: SequenceOutcome, maxDiffs = 12): string {
  const { sequence, reference: ref, kit, diffs } = outcome
  // the bodies that differ (and the one before each, for context); the others are only counted
  const differing = new Set(diffs.map((diff) => Number(/^#(\d+)/.exec(diff.path)?.[1])).filter((n) => n > 0))
  const total = Math.max(ref.bodies.length, kit.bodies.length)
  const shown = [...differing].flatMap((n) => [n - 1, n]).filter((n, i, all) => n > 0 && all.indexOf(n) === i).sort((a, b) => a - b).slice(0, 10)
  const batches = shown.map((n) => {
    const [a, b] = [bodySummary(ref.bodies[n - 1]), bodySummary(kit.bodies[n - 1])]
    return `    #${n} reference ${clip(a, 200)}\n${' '.repeat(String(n).length + 6)}kit       ${a === b ? '(same)' : clip(b, 200)}`
  })
  if (total > shown.length) batches.push(`    (${total - shown.length} of ${total} bodies not shown${differing.size > shown.length ? '' : ': identical'})`)
  return [
    `=== ${sequence.id}${sequence.seed !== undefined ? ` (seed ${sequence.seed})` : ''}: ${diffs.length} differences${sequence.note ? ` – ${sequence.note}` : ''}`,
    `    reproduce: CONFORMANCE_ONLY='${sequence.id}' CONFORMANCE_DUMP=/tmp/payload npx vitest run --project conformance test/conformance/payload.test.ts`,
    '  calls:',
    listing(sequence),
    '  batches:',
    ...batches,
    '  fields:',
    ...diffs.slice(0, maxDiffs).map((diff) => `    ${formatDiff(diff)}`),
    ...(diffs.length > maxDiffs ? [`    … and ${diffs.length - maxDiffs} more`] : []),
  ].join('\n')
}

/** Compares every sequence; prints a summary; fails with the first mismatching sequences (or setup problems). */
export async function comparePayloads(title: string, sequences: PayloadSequence[]): Promise<void> {
  const kit = requireKit()
  const started = performance.now()
  const failing: SequenceOutcome[] = []
  const problems: string[] = []
  let events = 0
  let bodies = 0
  let split = 0
  let mismatches = 0
  // The reference's page, engagement and error events among the compared ones.
  const visitorEvents: Record<string, number> = { $page_view: 0, $engagement: 0, $trace: 0 }
  for (const sequence of sequences) {
    const outcome = await compareSequence(kit, sequence)
    events += outcome.events
    for (const body of outcome.reference.bodies) {
      for (const event of ((body.data as { trackEvents?: Array<{ eventTypeKey?: string }> } | undefined)?.trackEvents ?? [])) {
        if (event.eventTypeKey! in visitorEvents) visitorEvents[event.eventTypeKey!]!++
      }
    }
    bodies += outcome.reference.bodies.length
    split += outcome.kit.split ? 1 : 0
    mismatches += outcome.diffs.length
    for (const problem of outcome.reference.problems) problems.push(`[${sequence.id}] reference: ${problem}`)
    for (const problem of outcome.kit.problems) problems.push(`[${sequence.id}] kit: ${problem}`)
    if (outcome.diffs.length) failing.push(outcome)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `${title} [${kit.label}${kit.breakage ? `, broken: ${kit.breakage}` : ''}]: ${sequences.length} sequences, ` +
      `${sequences.reduce((n, it) => n + it.steps.length, 0)} calls, ${bodies} bodies, ${events} events ` +
      `(${Object.entries(visitorEvents).map(([key, n]) => `${n} ${key}`).join(', ')}), ` +
      `${split} sequences with batches hackle-kit split (joined to compare); ` +
      `${failing.length} sequences differ (${mismatches} field differences); ${seconds} s`,
  )
  if (problems.length) throw new Error(`setup problems in ${title}:\n${problems.slice(0, 10).map((it) => `  ${it}`).join('\n')}`)
  if (failing.length) {
    throw new Error(
      `${failing.length} of ${sequences.length} sequences sent other bodies than the reference (${mismatches} field differences):\n\n` +
        failing.slice(0, SHOW).map((it) => describeOutcome(it)).join('\n\n') +
        (failing.length > SHOW ? `\n\n… and ${failing.length - SHOW} more: ${failing.slice(SHOW).map((it) => it.sequence.id).join(', ')}` : ''),
    )
  }
}
