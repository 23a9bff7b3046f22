/** Per-query comparison of two answer lists, mismatch reports and summary statistics. */
import type { Answer, ConformanceCase, Query } from './model'

export const COMPARED_FIELDS: Record<Query['kind'], ReadonlyArray<keyof Answer>> = {
  experiment: ['variation', 'reason', 'parameters'],
  featureFlag: ['isOn', 'reason', 'parameters'],
  remoteConfig: ['value', 'reason'],
}

export interface Mismatch {
  caseId: string
  index: number
  query: Query
  field: string
  reference: unknown
  kit: unknown
}

/** JSON with sorted object keys; `undefined` is spelled out so it differs from null/absent-in-JSON. */
export function canonical(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return `number:${String(value)}`
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const record = value as Record<string, unknown>
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
    .join(',')}}`
}

export function compareAnswers(caseId: string, queries: Query[], reference: Answer[], kit: Answer[]): Mismatch[] {
  const mismatches: Mismatch[] = []
  queries.forEach((query, index) => {
    const ref = reference[index] ?? { thrown: 'no answer' }
    const other = kit[index] ?? { thrown: 'no answer' }
    for (const field of ['thrown' as const, ...COMPARED_FIELDS[query.kind]]) {
      if (canonical(ref[field]) !== canonical(other[field])) {
        mismatches.push({ caseId, index, query, field, reference: ref[field], kit: other[field] })
      }
    }
  })
  return mismatches
}

/** The config entity a query is about (experiment / flag / remote-config parameter with that key), for reports. */
export function entityFor(config: unknown, query: Query): unknown {
  const dto = (config ?? {}) as Record<string, unknown>
  const list = (name: string) => (Array.isArray(dto[name]) ? (dto[name] as Array<Record<string, unknown>>) : [])
  const found =
    query.kind === 'experiment'
      ? list('experiments').filter((it) => it.key === query.key)
      : query.kind === 'featureFlag'
        ? list('featureFlags').filter((it) => it.key === query.key)
        : list('remoteConfigParameters').filter((it) => it.key === query.key)
  return found.length === 0 ? '(not in config)' : found.length === 1 ? found[0] : found
}

const clip = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

export function formatMismatch(testCase: ConformanceCase, mismatch: Mismatch): string {
  const { query } = mismatch
  const lines = [
    `[${mismatch.caseId}] query #${mismatch.index} ${JSON.stringify(query)} field "${mismatch.field}"`,
    `  reference: ${canonical(mismatch.reference)}`,
    `  kit:       ${canonical(mismatch.kit)}`,
    `  user:      ${clip(JSON.stringify(testCase.users[query.user]), 400)}`,
    `  page:      ${testCase.page.url}`,
    `  entity:    ${clip(JSON.stringify(entityFor(testCase.config, query)))}`,
  ]
  return lines.join('\n')
}

/** Counters for the summary: queries, mismatching queries, mismatches per `kind.field`, reason coverage. */
export class Tally {
  cases = 0
  queries = 0
  mismatchingQueries = 0
  readonly perField = new Map<string, number>()
  readonly reasons = new Map<string, number>()
  readonly problems: string[] = []
  referenceMs = 0
  kitMs = 0

  add(queries: Query[], reference: Answer[], mismatches: Mismatch[]): void {
    this.cases++
    this.queries += queries.length
    this.mismatchingQueries += new Set(mismatches.map((it) => it.index)).size
    for (const mismatch of mismatches) {
      const key = `${mismatch.query.kind}.${mismatch.field}`
      this.perField.set(key, (this.perField.get(key) ?? 0) + 1)
    }
    queries.forEach((query, i) => {
      const key = `${query.kind} ${reference[i]?.reason ?? reference[i]?.thrown ?? '?'}`
      this.reasons.set(key, (this.reasons.get(key) ?? 0) + 1)
    })
  }

  summary(title: string): string {
    const fields = [...this.perField].sort().map(([key, n]) => `${key}=${n}`)
    const reasons = [...this.reasons].sort().map(([key, n]) => `${key}: ${n}`)
    return [
      `${title}: ${this.cases} configs, ${this.queries} queries, ${this.mismatchingQueries} mismatching queries` +
        (fields.length ? ` (${fields.join(', ')})` : '') +
        `; reference ${(this.referenceMs / 1000).toFixed(1)} s, kit ${(this.kitMs / 1000).toFixed(1)} s`,
      `  reference reasons: ${reasons.join(' | ')}`,
      ...(this.problems.length ? [`  setup problems (${this.problems.length}): ${this.problems.slice(0, 5).join(' | ')}`] : []),
    ].join('\n')
  }
}
