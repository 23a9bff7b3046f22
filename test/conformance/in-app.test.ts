/**
 * In-app conformance: the decision side of in-app messages of hackle-kit's script-tag bundle against the reference
 * SDK (11.56.1 UMD), each in jsdom pages on the same virtual clock, for hand-written and generated sequences
 * (in-app/sequences.ts) with time passing, user changes and reloads. What is compared: in-app/compare.ts.
 *
 * hackle-kit's in-app code (decision engine and view) is a script beside the SDK's, served by the page's script folder
 * (page.ts); the last case lets it load late, so the inputs queued meanwhile are replayed.
 *
 * Knobs: CONFORMANCE_IAM_SEEDS=N (default 60), CONFORMANCE_ONLY=iam#17 | iam:<name>, CONFORMANCE_SHOW.
 */
import { describe, expect, it } from 'vitest'
import { count, ONLY, reference, requireKit, SEED_START } from './suite'
import { compareSides, normalizeSide } from './in-app/compare'
import { runInAppSequence, type InAppSequence } from './in-app/run'
import { generateInAppSequence, handWritten } from './in-app/sequences'

const SEEDS = count('CONFORMANCE_IAM_SEEDS', 60)
const SHOW = Number(process.env.CONFORMANCE_SHOW ?? 6)

async function compare(sequences: InAppSequence[], scriptLatency = 0) {
  const kit = requireKit()
  const failures: string[] = []
  let compared = 0
  let presentations = 0
  const tally = new Map<string, number>()
  const add = (name: string) => tally.set(name, (tally.get(name) ?? 0) + 1)
  for (const sequence of sequences) {
    const [ref, mine] = [await runInAppSequence(reference, sequence), await runInAppSequence(kit, sequence, { scriptLatency })]
    const problems = [...ref.problems.map((p) => `reference: ${p}`), ...mine.problems.map((p) => `kit: ${p}`)]
    const refVisits = normalizeSide(ref)
    const diffs = compareSides(refVisits, normalizeSide(mine))
    compared++
    presentations += refVisits.reduce((n, v) => n + v.presentations.length, 0)
    for (const visit of refVisits) {
      for (const response of visit.responses) add(response.startsWith('Failed') ? 'error line' : response.replace(/ D\d+ key=\d+/, ''))
      for (const e of visit.exposures) if (e.properties.$targetingRootType === 'IN_APP_MESSAGE') add('in-app exposure')
      for (const [key, value] of Object.entries(visit.storage)) if (key.endsWith('iam-delay') && Object.keys(value).length) add('visit ending with a persisted delay')
    }
    if (problems.length || diffs.length) {
      failures.push(
        `${sequence.id}: ${problems.join('; ')}\n` +
          diffs
            .slice(0, 12)
            .map((d) => `  ${d.path}: reference ${JSON.stringify(d.reference)} | kit ${JSON.stringify(d.kit)}`)
            .join('\n'),
      )
    }
  }
  const summary = [...tally].sort().map(([name, n]) => `${name}: ${n}`).join(', ')
  return { compared, presentations, failures, summary }
}

const selected = (sequences: InAppSequence[]) => (ONLY ? sequences.filter((s) => s.id === ONLY) : sequences)

describe('in-app conformance: hackle-kit = reference', () => {
  it('the generator is deterministic and exercises delays, caps, A/B layouts and reloads', () => {
    expect(JSON.stringify(generateInAppSequence(3))).toBe(JSON.stringify(generateInAppSequence(3)))
    const all = Array.from({ length: 40 }, (_, i) => JSON.stringify(generateInAppSequence(i + 1)))
    for (const needle of ['"AFTER"', 'eventFrequencyCap', '"AB_TEST"', 'setUserId', '"CUSTOM"', 'EVENT_PROPERTY']) {
      expect(all.some((text) => text.includes(needle)), needle).toBe(true)
    }
    expect(all.some((text) => JSON.parse(text).visits.length > 1)).toBe(true)
  })

  it('hand-written sequences', async () => {
    const { compared, presentations, failures, summary } = await compare(selected(handWritten))
    console.log(`in-app hand-written: ${compared} sequences compared, ${presentations} presentations on the reference, ${failures.length} with differences (${summary})`)
    expect(failures.slice(0, SHOW).join('\n')).toBe('')
  }, 300_000)

  it(`generated sequences (${SEEDS} seeds)`, async () => {
    const seeds = Array.from({ length: SEEDS }, (_, i) => SEED_START + i)
    const { compared, presentations, failures, summary } = await compare(selected(seeds.map(generateInAppSequence)))
    console.log(`in-app generated: ${compared} sequences compared, ${presentations} presentations on the reference, ${failures.length} with differences (${summary})`)
    expect(failures.slice(0, SHOW).join('\n')).toBe('')
  }, 600_000)

  // Steps wait at least 200 virtual ms, so tracks, user changes and start-up inputs queue up while the script loads;
  // the engine replays them as they happened. (A visit ending before the script arrives loses its queued inputs.)
  it('hand-written and 20 generated sequences with the in-app script loading 150 virtual ms late', async () => {
    const sequences = [...handWritten, ...Array.from({ length: 20 }, (_, i) => generateInAppSequence(SEED_START + i))]
    const { compared, presentations, failures, summary } = await compare(selected(sequences), 150)
    console.log(`in-app late script: ${compared} sequences compared, ${presentations} presentations on the reference, ${failures.length} with differences (${summary})`)
    expect(failures.slice(0, SHOW).join('\n')).toBe('')
  }, 600_000)
})
