import type { Logger } from '../logger'
import type { Identifiers } from '../types'
import type { SdkEvent } from './model'
import { shallowEqual } from '../util/object'

const DEFAULT_INTERVAL = 60_000
/** `exposureEventDedupIntervalMillis: -1` turns suppression off (hackle-kit; the reference cannot). */
export const NO_DEDUP = -1

/**
 * The `exposureEventDedupIntervalMillis` option resolved like the reference: not a number → 60000; outside
 * 1000..3600000 → a warning and 60000; plus hackle-kit's `-1`, no suppression.
 */
export function dedupInterval(value: unknown, logger: Logger): number {
  if (typeof value !== 'number' || value !== value) return DEFAULT_INTERVAL
  if (value === NO_DEDUP) return NO_DEDUP
  if (value < 1000 || value > 3_600_000) {
    logger.warn('Exposure event dedup interval is outside allowed range[1_000ms..3_600_000ms]. Setting to default value[1m].')
    return DEFAULT_INTERVAL
  }
  return value
}

/**
 * Duplicate suppression for exposure and remote-config events: one cache per type, cleared when the event user's
 * identifiers change (compared before any enrichment, so a `$sessionId` added later does not count); an event
 * whose key (exposure: experiment id, variation id, variation key, reason; remote config: parameter id, value id,
 * reason) was first seen at most `interval` ms ago is a duplicate (the first-seen time is not refreshed). Returns
 * whether the event is a duplicate.
 */
export function createDedup(interval: number): (event: SdkEvent) => boolean {
  const caches: Record<string, { seen: Map<string, number>; identifiers?: Identifiers }> = {}
  return (event) => {
    if (interval === NO_DEDUP || event.type === 'track') return false
    const cache = caches[event.type] || (caches[event.type] = { seen: new Map() })
    const identifiers = event.user.identifiers
    if (!shallowEqual(identifiers, cache.identifiers)) {
      cache.identifiers = identifiers
      cache.seen.clear()
    }
    const key =
      event.type === 'exposure'
        ? `${event.experimentId}-${event.variationId ?? ''}-${event.variationKey}-${event.decisionReason}`
        : `${event.parameterId}-${event.valueId ?? ''}-${event.decisionReason}`
    const now = Date.now()
    const first = cache.seen.get(key)
    if (first !== undefined && now - first <= interval) return true
    cache.seen.set(key, now)
    return false
  }
}
