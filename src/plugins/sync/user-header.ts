import { type HackleUser, type Identifiers } from '../../kernel'
import { resolveIdentifiers, toJson } from '../../internal'

/**
 * The identifiers the cohort and user-target endpoints see, and that cohorts are filtered by: custom ones, `$id`,
 * `$deviceId`, `$userId` (when set); no `$hackleDeviceId`, invalid entries skipped.
 */
export const requestIdentifiers = (user: HackleUser, onInvalid?: (type: unknown, value: unknown) => void): Identifiers =>
  resolveIdentifiers(user, undefined, onInvalid)

/** base64url without padding of the UTF-8 bytes of `text` (what js-base64's `encodeURL` gives the reference). */
export function base64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The `X-HACKLE-USER` header value: `{"identifiers": {...}}` of the user, base64url-encoded. */
export const userHeader = (user: HackleUser, onInvalid?: (type: unknown, value: unknown) => void): string =>
  base64Url(toJson({ identifiers: requestIdentifiers(user, onInvalid) }))
