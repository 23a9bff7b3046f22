/** Shared set-up of the conformance test files: sides, seeds, and the compare-and-report step. */
import { Tally, type Mismatch } from './compare'
import { kitSide, referenceSide, type Side } from './drivers'
import { generateCase } from './generate'
import type { ConformanceCase } from './model'
import { describeMismatches, runCase } from './run'

const env = process.env
export const count = (name: string, fallback: number) => {
  const value = Number(env[name] ?? env.CONFORMANCE_SEEDS ?? fallback)
  return Number.isInteger(value) && value >= 0 ? value : fallback
}
export const NORMAL_SEEDS = count('CONFORMANCE_NORMAL_SEEDS', 100)
export const ODD_SEEDS = count('CONFORMANCE_ODD_SEEDS', 100)
export const SEED_START = Number(env.CONFORMANCE_SEED_START ?? 1)
const SHOW = Number(env.CONFORMANCE_SHOW ?? 6)
export const ONLY = env.CONFORMANCE_ONLY

export const reference = referenceSide()
const kit = kitSide()

export function requireKit(): Side {
  if ('missing' in kit) {
    throw new Error(
      `hackle-kit bundle not found: ${kit.missing}\n` +
        'The conformance suite compares the built script-tag bundle: run `npm run build` (or `npx tsup`) first, ' +
        'or point CONFORMANCE_KIT_BUNDLE at a bundle.',
    )
  }
  return kit
}

export function selected(cases: ConformanceCase[]): ConformanceCase[] {
  return ONLY ? cases.filter((it) => it.id === ONLY) : cases
}

export function generated(mode: 'normal' | 'odd', seeds: number): ConformanceCase[] {
  if (ONLY) {
    const match = /^(normal|odd)#(-?\d+)$/.exec(ONLY)
    return match && match[1] === mode ? [generateCase(Number(match[2]), mode)] : []
  }
  return Array.from({ length: seeds }, (_, i) => generateCase(SEED_START + i, mode))
}

export const seedsTitle = (seeds: number) => (ONLY ? ONLY : `${seeds} seeds from ${SEED_START}`)

/** Runs every case on both sides; prints a summary; fails with the first mismatches (or setup problems). */
export async function compareAll(title: string, cases: ConformanceCase[]): Promise<void> {
  const side = requireKit()
  const tally = new Tally()
  const mismatches: Mismatch[] = []
  const rejected = new Set<string>()
  for (const testCase of cases) {
    const outcome = await runCase(reference, side, testCase, tally)
    mismatches.push(...outcome.mismatches)
    if (outcome.reference.answers.every((answer) => answer.reason === 'SDK_NOT_READY' || answer.reason === 'INVALID_INPUT')) rejected.add(testCase.id)
  }
  console.log(tally.summary(`${title} [${side.label}${side.breakage ? `, broken: ${side.breakage}` : ''}]`))
  const byId = new Map(cases.map((it) => [it.id, it]))
  if (tally.problems.length) {
    // the same problem usually hits every config: report each distinct one once
    const distinct = new Map<string, string[]>()
    for (const problem of tally.problems) {
      const [, caseId, text] = /^\[(.*?)\] (.*)$/.exec(problem) ?? ['', '?', problem]
      distinct.set(text, [...(distinct.get(text) ?? []), caseId])
    }
    const lines = [...distinct].slice(0, 8).map(([text, ids]) => `  ${text}  (${ids.length} configs, e.g. ${ids.slice(0, 3).join(', ')})`)
    throw new Error(`setup problems (bundle, initialization or unexpected requests) in ${title}:\n${lines.join('\n')}`)
  }
  if (mismatches.length) {
    const perField = [...tally.perField].map(([key, n]) => `${key}=${n}`).join(', ')
    throw new Error(
      `${tally.mismatchingQueries} of ${tally.queries} queries differ from the reference (${perField}) in ` +
        `${new Set(mismatches.map((it) => it.caseId)).size} of ${cases.length} configs:\n\n` +
        describeMismatches(byId, mismatches, SHOW, (caseId) => rejected.has(caseId)),
    )
  }
}
