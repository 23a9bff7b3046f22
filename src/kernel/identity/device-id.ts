import type { KeyValueStore } from '../storage'
import { COOKIE_DEVICE_ID, COOKIE_LEGACY_ID } from '../storage'
import { uuid } from '../util/uuid'

/**
 * The hackle device id, read once per page: the legacy `_hackle_id` cookie when present,
 * else `_hackle_hid`, which is created on the first visit.
 */
export function resolveHackleDeviceId(cookies: KeyValueStore): string {
  let deviceId = cookies.get(COOKIE_DEVICE_ID)
  if (!deviceId) {
    deviceId = uuid()
    cookies.set(COOKIE_DEVICE_ID, deviceId)
  }
  return cookies.get(COOKIE_LEGACY_ID) || deviceId
}
