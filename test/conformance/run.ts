/** Runs a case on the reference and on the side under test, and compares. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compareAnswers, formatMismatch, type Mismatch, type Tally } from './compare'
import { runSide, type RunResult, type Side } from './drivers'
import type { Answer, ConformanceCase } from './model'

export interface CaseOutcome {
  reference: RunResult
  kit: RunResult
  mismatches: Mismatch[]
}

/** Reference answers are computed once per case and process (edge cases are checked against the spec too). */
const referenceCache = new Map<string, Promise<RunResult>>()

export function runReference(reference: Side, testCase: ConformanceCase): Promise<RunResult> {
  let pending = referenceCache.get(testCase.id)
  if (!pending) {
    const config = testCase.referenceConfig ?? testCase.config
    pending = runSide(reference, testCase.page, JSON.stringify(config), testCase.users, testCase.queries)
    referenceCache.set(testCase.id, pending)
  }
  return pending
}

export async function runCase(reference: Side, kit: Side, testCase: ConformanceCase, tally?: Tally): Promise<CaseOutcome> {
  const referenceRun = await runReference(reference, testCase)
  const kitConfig = kit.repaired ? (testCase.referenceConfig ?? testCase.config) : testCase.config
  const kitRun = await runSide(kit, testCase.page, JSON.stringify(kitConfig), testCase.users, testCase.queries)
  const mismatches = compareAnswers(testCase.id, testCase.queries, referenceRun.answers, kitRun.answers)
  if (tally) {
    tally.add(testCase.queries, referenceRun.answers, mismatches)
    tally.referenceMs += referenceRun.ms
    tally.kitMs += kitRun.ms
    for (const problem of referenceRun.problems) tally.problems.push(`[${testCase.id}] reference: ${problem}`)
    for (const problem of kitRun.problems) tally.problems.push(`[${testCase.id}] kit: ${problem}`)
  }
  const dumpDir = process.env.CONFORMANCE_DUMP
  if (dumpDir && (mismatches.length || process.env.CONFORMANCE_ONLY)) dumpCase(dumpDir, testCase, referenceRun.answers, kitRun.answers, mismatches)
  return { reference: referenceRun, kit: kitRun, mismatches }
}

function dumpCase(dir: string, testCase: ConformanceCase, reference: Answer[], kit: Answer[], mismatches: Mismatch[]): void {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${testCase.id.replace(/[^\w.-]+/g, '_')}.json`)
  const queries = testCase.queries.map((query, i) => ({ ...query, reference: reference[i], kit: kit[i] }))
  writeFileSync(file, JSON.stringify({ ...testCase, queries, mismatches }, null, 1))
}

/**
 * A failure message: per config with mismatches (the first `limit` configs) a headline – how many queries
 * differ, whether the reference rejected the whole config – and its first two mismatching fields in full.
 */
export function describeMismatches(
  cases: Map<string, ConformanceCase>,
  mismatches: Mismatch[],
  limit: number,
  referenceRejected: (caseId: string) => boolean,
): string {
  const byCase = new Map<string, Mismatch[]>()
  for (const mismatch of mismatches) byCase.set(mismatch.caseId, [...(byCase.get(mismatch.caseId) ?? []), mismatch])
  const blocks: string[] = []
  for (const [caseId, list] of [...byCase].slice(0, limit)) {
    const testCase = cases.get(caseId)!
    const queries = new Set(list.map((it) => it.index)).size
    const fields = [...new Set(list.map((it) => `${it.query.kind}.${it.field}`))].join(', ')
    const headline =
      `=== ${caseId}: ${queries} of ${testCase.queries.length} queries differ (${fields})` +
      (referenceRejected(caseId) ? '; the REFERENCE REJECTED THIS CONFIG (every answer SDK_NOT_READY)' : '') +
      (testCase.oddities.length ? `\n    oddities: ${testCase.oddities.join(', ')}` : '') +
      (testCase.referenceConfig ? '\n    (tolerant-parsing: the reference ran on the repaired config)' : '') +
      `\n    reproduce: CONFORMANCE_ONLY='${caseId}' CONFORMANCE_DUMP=/tmp/conformance npx vitest run --project conformance`
    blocks.push([headline, ...list.slice(0, 2).map((mismatch) => formatMismatch(testCase, mismatch))].join('\n'))
  }
  if (byCase.size > limit) blocks.push(`… and ${byCase.size - limit} more configs with mismatches`)
  return blocks.join('\n\n')
}
