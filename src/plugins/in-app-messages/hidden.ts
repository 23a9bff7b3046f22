import { tools } from './tools'
import type { KeyValueStore } from '../../kernel'

/**
 * Whether a message is hidden at `timestamp` (a HIDDEN action stored a hide-until time): the stored value is read as
 * an integer (`parseInt`); an unparsable or expired value is deleted.
 */
export function isHidden(store: KeyValueStore, sdkKey: string, messageKey: number, timestamp: number): boolean {
  const key = tools.inAppHideKey(sdkKey, messageKey)
  const value = store.get(key)
  if (value === null) return false
  const until = Number.parseInt(value, 10)
  if (timestamp <= until) return true
  store.remove(key)
  return false
}
