/**
 * Field-by-field comparison of the event bodies two SDKs sent for the same call sequence.
 *
 * Normalized before comparing, and nothing else:
 * - insertIds → `I1`, `I2`, … by first appearance (an event sent twice keeps its label, so resends still show);
 * - session ids (`<ms>.<8 hex>`, wherever they occur) → `S1`, `S2`, … by first appearance;
 * - times (`timestamp`, the beacon's `sdkTime`) → milliseconds since the virtual clock's start (`t+600`): both pages
 *   run on the same virtual clock, so times are compared too;
 * - the fields of a named exclusion (exclusions.ts) → `<excluded: name>` on both sides.
 * Batch structure is compared as is: which bodies, in which order, by which transport, and the order of events in
 * each list and of the keys in each object.
 */
import { canonical } from '../compare'
import { CLOCK_START } from '../clock'
import { isExcluded } from '../exclusions'
import type { Outcome, SentBody } from './run'

const SESSION_ID = /^\d{13}\.[0-9a-f]{8}$/
const INSERT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

class Labels {
  private readonly map = new Map<string, string>()
  constructor(private readonly prefix: string) {}
  get(value: string): string {
    let label = this.map.get(value)
    if (!label) this.map.set(value, (label = `${this.prefix}${this.map.size + 1}`))
    return label
  }
}

const time = (value: unknown): unknown => {
  const ms = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof ms !== 'number') return value
  const offset = ms - CLOCK_START
  return offset < 0 ? `t${offset}` : `t+${offset}`
}

/** The normalized copy of one run's bodies (labels are shared across the run's bodies). */
export function normalizeBodies(bodies: readonly SentBody[]): SentBody[] {
  const insertIds = new Labels('I')
  const sessions = new Labels('S')
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      if (key === 'insertId' && INSERT_ID.test(value)) return insertIds.get(value)
      if (SESSION_ID.test(value)) return sessions.get(value)
      return key === 'timestamp' ? time(value) : value
    }
    if (typeof value === 'number') return key === 'timestamp' ? time(value) : value
    if (Array.isArray(value)) return value.map((item) => walk(item))
    if (typeof value !== 'object' || value === null) return value
    const copy: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) copy[name] = walk(item, name)
    if (key === 'hackleProperties' && isExcluded('timeZone') && 'timeZone' in copy) copy.timeZone = '<excluded: timeZone>'
    return copy
  }
  return bodies.map((body) => ({
    ...body,
    form: body.form?.map(([name, value]): [string, string] => [name, name === 'sdkTime' ? String(time(value)) : name === 'data' ? '<data>' : value]),
    data: walk(body.data),
  }))
}

export interface FieldDiff {
  path: string
  reference: unknown
  kit: unknown
}

const ABSENT = Symbol('absent')
const show = (value: unknown) => (value === ABSENT ? '(absent)' : clip(canonical(value) ?? String(value), 160))
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every difference between two JSON values: values, missing/extra keys, array lengths, key order. */
export function diffValues(reference: unknown, kit: unknown, path = '', out: FieldDiff[] = []): FieldDiff[] {
  if (Array.isArray(reference) && Array.isArray(kit)) {
    for (let i = 0; i < Math.max(reference.length, kit.length); i++) {
      diffValues(i < reference.length ? reference[i] : ABSENT, i < kit.length ? kit[i] : ABSENT, `${path}[${i}]`, out)
    }
    return out
  }
  if (isRecord(reference) && isRecord(kit)) {
    const referenceKeys = Object.keys(reference)
    const kitKeys = Object.keys(kit)
    for (const key of new Set([...referenceKeys, ...kitKeys])) {
      diffValues(key in reference ? reference[key] : ABSENT, key in kit ? kit[key] : ABSENT, path ? `${path}.${key}` : key, out)
    }
    const common = (keys: string[], other: Record<string, unknown>) => keys.filter((key) => key in other).join(',')
    if (common(referenceKeys, kit) !== common(kitKeys, reference)) {
      out.push({ path: `${path || '(body)'} key order`, reference: referenceKeys, kit: kitKeys })
    }
    return out
  }
  if (reference === ABSENT || kit === ABSENT || canonical(reference) !== canonical(kit)) out.push({ path, reference, kit })
  return out
}

/** One line per body: transport and the events of each list (exposure `E21:A`, track key, remote config `R:key`). */
export function bodySummary(body: SentBody | undefined): string {
  if (!body) return '(none)'
  const data = (body.data ?? {}) as Record<string, Array<Record<string, unknown>>>
  const events = [
    ...(data.exposureEvents ?? []).map((it) => `E${String(it.experimentKey)}:${String(it.variationKey)}`),
    ...(data.trackEvents ?? []).map((it) => String(it.eventTypeKey)),
    ...(data.remoteConfigEvents ?? []).map((it) => `R:${String(it.parameterKey)}`),
  ]
  return `${body.transport} ${body.path} [${events.map((it) => clip(it, 24)).join(' ')}]`
}

export interface SequenceComparison {
  /** Field differences, body by body (`#2 trackEvents[1].userProperties.grade`). */
  diffs: FieldDiff[]
  /** Events compared (in the reference's bodies). */
  events: number
}

export const eventCount = (bodies: readonly SentBody[]) =>
  bodies.reduce((n, body) => {
    const data = (body.data ?? {}) as Record<string, unknown[]>
    return n + (data.exposureEvents?.length ?? 0) + (data.trackEvents?.length ?? 0) + (data.remoteConfigEvents?.length ?? 0)
  }, 0)

/** Compares two runs' bodies (already normalized) and the calls' outcomes. */
export function compareRuns(reference: readonly SentBody[], kit: readonly SentBody[], referenceOutcomes: Outcome[], kitOutcomes: Outcome[]): SequenceComparison {
  const diffs: FieldDiff[] = []
  for (let i = 0; i < Math.max(reference.length, kit.length); i++) {
    const ref = reference[i]
    const other = kit[i]
    if (!ref || !other) {
      diffs.push({ path: `#${i + 1}`, reference: ref ? bodySummary(ref) : ABSENT, kit: other ? bodySummary(other) : ABSENT })
      continue
    }
    diffValues({ transport: ref.transport, path: ref.path, form: ref.form }, { transport: other.transport, path: other.path, form: other.form }, `#${i + 1}`, diffs)
    diffValues(ref.data, other.data, `#${i + 1}`, diffs)
  }
  for (let i = 0; i < Math.max(referenceOutcomes.length, kitOutcomes.length); i++) {
    diffValues(referenceOutcomes[i] ?? ABSENT, kitOutcomes[i] ?? ABSENT, `call ${i + 1} returned`, diffs)
  }
  return { diffs, events: eventCount(reference) }
}

export function formatDiff(diff: FieldDiff): string {
  return `${diff.path}: reference ${show(diff.reference)} | kit ${show(diff.kit)}`
}
