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
const KIT_POST_LIMIT = 30_000
const KIT_FORM_LIMIT = 60_000 - 400

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
  kit: SequenceRun
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

/** Bodies of the reference that hackle-kit splits on purpose (exclusion `batch-size-limit`): the sequence must avoid them. */
function oversized(bodies: SentBody[]): string[] {
  return bodies.flatMap((body, i) => {
    const size = body.form
      ? new URLSearchParams(body.form).toString().length
      : Buffer.byteLength(JSON.stringify(body.data))
    const limit = body.form ? KIT_FORM_LIMIT : KIT_POST_LIMIT
    return size > limit ? [`body #${i + 1} has ${size} bytes (> ${limit}, batch-size-limit): the sequence must flush more often`] : []
  })
}

export async function compareSequence(kit: Side, sequence: PayloadSequence, referenceSide: Side = reference): Promise<SequenceOutcome> {
  const referenceRun = await runSequence(referenceSide, sequence)
  const kitRun = await runSequence(kit, sequence)
  referenceRun.problems.push(...oversized(referenceRun.bodies))
  const kitBodies = kit.breakage ? breakBodies(kitRun.bodies) : kitRun.bodies
  const { diffs, events } = compareRuns(normalizeBodies(referenceRun.bodies), normalizeBodies(kitBodies), referenceRun.outcomes, kitRun.outcomes)
  const outcome = { sequence, reference: referenceRun, kit: kitRun, diffs, events }
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
  let mismatches = 0
  for (const sequence of sequences) {
    const outcome = await compareSequence(kit, sequence)
    events += outcome.events
    bodies += outcome.reference.bodies.length
    mismatches += outcome.diffs.length
    for (const problem of outcome.reference.problems) problems.push(`[${sequence.id}] reference: ${problem}`)
    for (const problem of outcome.kit.problems) problems.push(`[${sequence.id}] kit: ${problem}`)
    if (outcome.diffs.length) failing.push(outcome)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `${title} [${kit.label}${kit.breakage ? `, broken: ${kit.breakage}` : ''}]: ${sequences.length} sequences, ` +
      `${sequences.reduce((n, it) => n + it.steps.length, 0)} calls, ${bodies} bodies, ${events} events; ` +
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
