import type { EvaluationUser, Identifiers, Properties, User } from '../types'
import type { KeyValueStore } from '../storage'
import { cookieUserDeviceId, cookieUserId } from '../storage'
import { decorate, isSameUser, mergeUsers, resolveIdentifiers, type HackleUser } from './user'

/** A change of the current user (`hooks.userChanged`, `users.update`, `users.reset`). */
export interface UserChange {
  /** The user before the change. */
  previous: HackleUser
  /** The user after it. */
  current: HackleUser
}

export interface UserManagerOptions {
  sdkKey: string
  hackleDeviceId: string
  cookies: KeyValueStore
  initialUser?: User
  /** Any replacement of the current user, changed or not (same user, new properties), once its ids are saved. */
  onReplaced: (previous: HackleUser, current: HackleUser) => void
  onInvalidIdentifier: (type: unknown, value: unknown) => void
}

/** Holds the current user, persists its ids in the reference's cookies and builds evaluation users. */
export function createUserManager(options: UserManagerOptions) {
  const { sdkKey, hackleDeviceId, cookies } = options
  const defaultUser: User = { id: hackleDeviceId, deviceId: hackleDeviceId }

  /** Writes the ids of `user`; the deviceId only when it changed (`sameDevice`: a login keeps it). */
  const save = (user: HackleUser, sameDevice?: boolean) => {
    const write = (key: string, value: unknown) =>
      value ? cookies.set(key, String(value)) : cookies.remove(key)
    sameDevice || write(cookieUserDeviceId(sdkKey), user.deviceId)
    write(cookieUserId(sdkKey), user.userId)
  }

  const storedDeviceId = cookies.get(cookieUserDeviceId(sdkKey)) || undefined
  const storedUserId = cookies.get(cookieUserId(sdkKey)) || undefined
  const stored: User | undefined =
    storedDeviceId || storedUserId ? { deviceId: storedDeviceId, userId: storedUserId } : undefined
  let current = decorate(options.initialUser ?? stored ?? defaultUser, hackleDeviceId)
  save(current)

  // Identifiers are rebuilt only when the user object changes: decisions are the hot path.
  let identifiersFor: User | undefined
  let identifiers: Identifiers = {}

  const replace = (next: HackleUser): UserChange => {
    const previous = current
    current = next
    if (!isSameUser(previous, next)) save(next, previous.deviceId === next.deviceId)
    options.onReplaced(previous, next)
    return { previous, current: next }
  }

  return {
    current: (): HackleUser => current,
    /** The reference's core update step: decorate, merge with the same user (properties merged), replace. */
    update: (input: User): UserChange => replace(mergeUsers(current, decorate(withObjectProperties(input), hackleDeviceId))),
    reset: (): UserChange => replace(decorate(defaultUser, hackleDeviceId)),
    setProperties: (properties: Properties): void => void replace({ ...current, properties }),
    /**
     * The user whose ids were in the cookies when the page loaded, if any, as read (sessions compare against it): a
     * missing deviceId cookie is not the device id, so such a user is not the same user as the current one.
     */
    stored,
    /** A fresh evaluation user (default: the current user); `resolveUser` taps fill the rest. */
    evaluationUser(user: User = current): EvaluationUser {
      if (identifiersFor !== user) {
        identifiers = resolveIdentifiers(user, hackleDeviceId, options.onInvalidIdentifier)
        identifiersFor = user
      }
      return { identifiers, properties: user.properties ?? {}, hackleProperties: {}, cohorts: [], targetEvents: [] }
    },
  }
}

export type UserManager = ReturnType<typeof createUserManager>

/**
 * The user with string or array `properties` as the reference merges them (one property per character or element),
 * at most the first 1024: merging a huge one whole would copy each of its characters and block the page.
 */
const withObjectProperties = (user: User): User => {
  const { properties } = user as { properties?: unknown }
  return typeof properties === 'string' || Array.isArray(properties) ? { ...user, properties: { ...(properties.slice(0, 1024) as object) } } : user
}
