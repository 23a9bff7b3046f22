/**
 * What is compared for an in-app sequence, per visit, after normalization (dispatch ids → `D1`…, insert ids → the
 * trigger event they name, session ids → `S`, times → offsets from the first page's start):
 *
 * - `exposures`: every exposure event sent (experiment, variation, reason, properties, identifiers, time);
 * - `tracks`: the keys of the track events sent, without `$in_app_*` (those belong to the view);
 * - `responses`: the schedule and delivery response codes of the debug log (`InAppMessage Schedule Response` /
 *   `InAppMessage Deliver Response`) and the in-app error lines;
 * - `storage`: the persisted delays, impression histories and hide-until entries at the end of the visit;
 * - `presentations`: what was presented – on the reference, the common properties of its `$in_app_impression`
 *   events; on hackle-kit, the same from its `$in_app_impression` events when its view is installed, otherwise from
 *   the placeholder display's `in-app view not installed: {…}` line;
 * - `renders`: the stand-in renderer's `render` arguments, only when both sides rendered (hackle-kit's view installed).
 */
import { CLOCK_START } from '../clock'
import { diffValues } from '../payload/compare'
import type { SideObservation } from './run'

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const SESSION_ID = /^\d{13}\.[0-9a-f]{8}$/
const COMMON = ['$trigger_event_insert_id', 'experiment_id', 'experiment_key', 'variation_id', 'variation_key', 'experiment_decision_reason', 'in_app_message_id', 'in_app_message_key', 'in_app_message_display_type', 'decision_reason']

type Json = any

const offset = (ms: unknown) => (typeof ms === 'number' ? `t+${ms - CLOCK_START}` : ms)

export interface NormalizedVisit {
  exposures: Json[]
  tracks: string[]
  responses: string[]
  storage: Record<string, Json>
  presentations: Json[]
  renders?: Json[]
}

/** Normalizes one side's observation (labels are shared across its visits). */
export function normalizeSide(side: SideObservation): NormalizedVisit[] {
  const dispatch = new Map<string, string>()
  const label = (id: string) => dispatch.get(id) ?? (dispatch.set(id, `D${dispatch.size + 1}`), dispatch.get(id)!)
  // insert id → "<event key>@<offset>" over every visit's track events
  const triggers = new Map<string, string>()
  for (const visit of side.visits) for (const batch of visit.batches as Json[]) for (const e of batch.trackEvents ?? []) triggers.set(e.insertId, `${e.eventTypeKey}@${offset(e.timestamp)}`)
  const trigger = (id: unknown) => (typeof id === 'string' ? (triggers.get(id) ?? `unknown ${id.slice(0, 4)}`) : id)
  const identifiers = (ids: Json) => Object.fromEntries(Object.entries(ids ?? {}).map(([k, v]) => [k, typeof v === 'string' && SESSION_ID.test(v) ? 'S' : v]))

  return side.visits.map((visit) => {
    const exposures: Json[] = []
    const tracks: string[] = []
    const impressions: Json[] = []
    for (const batch of visit.batches as Json[]) {
      for (const e of batch.exposureEvents ?? []) {
        exposures.push({ at: offset(e.timestamp), key: e.experimentKey, variation: e.variationKey, reason: e.decisionReason, properties: e.properties, identifiers: identifiers(e.identifiers) })
      }
      for (const e of batch.trackEvents ?? []) {
        if (e.eventTypeKey === '$in_app_impression') impressions.push(common(e.properties, trigger))
        if (!String(e.eventTypeKey).startsWith('$in_app_')) tracks.push(e.eventTypeKey)
      }
    }
    const responses: string[] = []
    const placeholders: Json[] = []
    for (const line of visit.logs) {
      const response = /InAppMessage (Schedule|Deliver) Response: \w+\(dispatchId=([^,]+), inAppMessageKey=([^,]+), code=(\w+)\)/.exec(line)
      if (response) responses.push(`${response[1]} ${label(response[2]!)} key=${response[3]} ${response[4]}`)
      const failure = /(Failed to (?:process|record|reset) InApp.*?)(?: color: \S+)?$/.exec(line)
      if (failure) responses.push(failure[1]!.replace(UUID, (id) => label(id)))
      const placeholder = /in-app view not installed: (\{.*\})$/.exec(line)
      if (placeholder) placeholders.push(common(JSON.parse(placeholder[1]!), trigger))
    }
    const storage: Record<string, Json> = {}
    for (const [key, text] of Object.entries(visit.storage)) {
      let value: Json = text
      try {
        value = JSON.parse(text)
      } catch {
        // a hide-until value is a number text
      }
      if (key.endsWith('_iam-delay')) {
        value = Object.fromEntries(
          Object.entries(value ?? {}).map(([k, list]) => [
            k,
            (list as Json[]).map(({ schedule: s, requestedAt }) => ({
              schedule: {
                dispatchId: label(s.dispatchId),
                inAppMessageKey: s.inAppMessageKey,
                identifiers: identifiers(s.identifiers),
                time: { startedAt: offset(s.time.startedAt), deliverAt: offset(s.time.deliverAt) },
                reason: s.reason,
                eventBasedContext: { insertId: trigger(s.eventBasedContext.insertId), event: s.eventBasedContext.event },
                keys: Object.keys(s),
              },
              requestedAt: offset(requestedAt),
            })),
          ]),
        )
      } else if (key.includes('iam-impression')) {
        value = (value as Json[]).map((i) => ({ identifiers: identifiers(i.identifiers), timestamp: offset(i.timestamp) }))
      } else if (key.includes('iam-hide')) value = offset(Number(text))
      storage[key] = value
    }
    const presentations = impressions.length || !placeholders.length ? impressions : placeholders
    return { exposures, tracks, responses, storage, presentations, renders: visit.renders.length ? visit.renders : undefined }
  })
}

function common(properties: Json, trigger: (id: unknown) => unknown): Json {
  const out: Json = {}
  for (const key of COMMON) if (key in properties) out[key] = key === '$trigger_event_insert_id' ? trigger(properties[key]) : properties[key]
  out.order = Object.keys(properties).filter((k) => COMMON.includes(k))
  return out
}

export interface InAppDiff {
  path: string
  reference: unknown
  kit: unknown
}

/** Field differences between the reference's and hackle-kit's normalized visits (renders only when both rendered). */
export function compareSides(reference: NormalizedVisit[], kit: NormalizedVisit[]): InAppDiff[] {
  const strip = (visits: NormalizedVisit[], other: NormalizedVisit[]) =>
    visits.map((v, i) => ({ ...v, renders: v.renders && other[i]?.renders ? v.renders : undefined }))
  return diffValues(strip(reference, kit), strip(kit, reference)).map((d) => ({ path: d.path, reference: (d as Json).reference, kit: (d as Json).kit }))
}
