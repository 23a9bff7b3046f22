import { tools } from './tools'
import type { Identifiers, KeyValueStore } from '../../kernel'

/** One presentation of a message to a user, as stored (`{ identifiers, timestamp }`). */
export interface Impression {
  identifiers: Identifiers
  timestamp: number
}

const MAX_IMPRESSIONS = 100

/** A message's impression history, oldest first. Throws (as the reference does) when the stored JSON is broken. */
export function readImpressions(store: KeyValueStore, sdkKey: string, messageId: number): Impression[] {
  const value = store.get(tools.inAppImpressionKey(sdkKey, messageId))
  return value === null ? [] : JSON.parse(value)
}

/** Appends an impression, keeping the newest 100. */
export function recordImpression(store: KeyValueStore, sdkKey: string, messageId: number, impression: Impression): void {
  const impressions = [...readImpressions(store, sdkKey, messageId), impression]
  store.set(tools.inAppImpressionKey(sdkKey, messageId), JSON.stringify(impressions.slice(-MAX_IMPRESSIONS)))
}
