import type { Identifiers, Properties, User } from '../types'

/**
 * The current user after decoration: `id` and `deviceId` default to the hackle device id.
 * Values are kept as given (a page passing a number keeps a number, as in the reference).
 */
export interface HackleUser {
  /** `$id`: as given, else the hackle device id. */
  readonly id: string
  /** `$deviceId`: as given, else the hackle device id. */
  readonly deviceId: string
  /** `$userId`, when the page set one. */
  readonly userId?: string
  /** Custom identifiers. */
  readonly identifiers?: Readonly<Record<string, string>>
  /** User properties. */
  readonly properties?: Readonly<Properties>
}

export const isValidIdentifierType = (type: unknown): type is string =>
  typeof type === 'string' && type.length > 0 && type.length <= 128

/** An identifier value as the reference accepts it: a string of 1..512 characters, or a number (as text). */
export function sanitizeIdentifierValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 0 && value.length <= 512 ? value : undefined
  return typeof value === 'number' ? String(value) : undefined
}

const hasOwnProto = (o: unknown) => o != null && Object.prototype.hasOwnProperty.call(o, '__proto__')
/**
 * `{ ...a, ...b }`. Object.assign is several times faster than spreading on the decision path, but an own `__proto__`
 * key (JSON.parse makes them) stays a plain property only when spread.
 */
const merged = (a: unknown, b: unknown): any => (hasOwnProto(a) || hasOwnProto(b) ? { ...(a as object), ...(b as object) } : Object.assign({}, a, b))

export const decorate = (user: User, hackleDeviceId: string): HackleUser =>
  merged(user, { id: user.id || hackleDeviceId, deviceId: user.deviceId || hackleDeviceId })

/** Same user ⇔ same userId and deviceId; id, identifiers and properties don't count. */
export const isSameUser = (a: User, b: User): boolean => a.userId === b.userId && a.deviceId === b.deviceId

/** A changed user replaces the old one; the same user keeps the old properties under the new ones. */
export const mergeUsers = (previous: HackleUser, next: HackleUser): HackleUser =>
  isSameUser(previous, next) ? merged(next, { properties: merged(previous.properties, next.properties) }) : next

/**
 * The identifiers of a user in the reference's order: custom ones, `$id`, `$deviceId`,
 * `$hackleDeviceId` (when given), `$userId`. Invalid entries are reported and skipped.
 */
/** Custom identifiers read from one map at most: a huge map or array is cut while read, never listed whole. */
export const MAX_CUSTOM_IDENTIFIERS = 128

/** Calls `fn` for the first MAX_CUSTOM_IDENTIFIERS entries of `custom` (an array or string by index, not `for…in`). */
export function forEachIdentifier(custom: unknown, fn: (type: string, value: unknown) => void): void {
  if (custom === null || custom === undefined) return
  let n = 0
  if (Array.isArray(custom) || typeof custom === 'string') {
    for (let i = 0; i < custom.length && n < MAX_CUSTOM_IDENTIFIERS; i++, n++) fn(String(i), custom[i])
    return
  }
  const map = custom as Record<string, unknown>
  for (const type in map) {
    if (n++ >= MAX_CUSTOM_IDENTIFIERS) break
    fn(type, map[type])
  }
}

export function resolveIdentifiers(
  user: User,
  hackleDeviceId: string | undefined,
  onInvalid?: (type: unknown, value: unknown) => void,
): Identifiers {
  const identifiers: Identifiers = {}
  const add = (type: unknown, value: unknown) => {
    if (isValidIdentifierType(type) && sanitizeIdentifierValue(value) !== undefined) identifiers[type] = value as string
    else onInvalid?.(type, value)
  }
  const custom = user.identifiers
  if (custom) forEachIdentifier(custom, add)
  add('$id', user.id || hackleDeviceId)
  add('$deviceId', user.deviceId || hackleDeviceId)
  if (hackleDeviceId !== undefined) add('$hackleDeviceId', hackleDeviceId)
  if (user.userId != null) add('$userId', user.userId)
  return identifiers
}
