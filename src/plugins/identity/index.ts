import { definePlugin, type Kernel, type PluginDefinition, type Properties, type User, type UserChange } from '../../kernel'
import {
  COOKIE_LEGACY_ID,
  describeError,
  sanitizeIdentifierValue,
  sanitizeProperties,
  watchPageLifecycle,
  PropertyOperations,
  PropertyOperationsBuilder,
  type PropertyOperation,
  type HackleSubscriptionOperations,
} from '../../internal'
import { sanitizeUser } from './sanitize-user'
import { userEventCalls } from './user-events'
import { getIdentityHooks } from './hooks'

export {
  PropertyOperations,
  PropertyOperationsBuilder,
  type PropertyOperation,
  HackleSubscriptionOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus,
} from '../../internal'
export { sanitizeUser } from './sanitize-user'
export { getIdentityHooks, type IdentityHooks, type UserUpdate } from './hooks'

/** The client methods of the identity plugin: the reference's user calls. Each resolves when its work is done. */
export interface IdentityMethods {
  /**
   * Makes `user` the current user; resolves once other plugins' follow-up work (a new session, the cohort sync) is
   * done. An invalid user is warned about and changes nothing.
   */
  setUser(user: User): Promise<void>
  /** Sets the current user's `userId`; null or undefined removes it; an invalid id is warned about and changes nothing. */
  setUserId(userId: string | number | null | undefined): Promise<void>
  /** Sets the current user's `deviceId`; an invalid id is warned about and changes nothing. */
  setDeviceId(deviceId: string): Promise<void>
  /** Sets one user property (a `$set` operation). */
  setUserProperty(key: string, value: unknown): Promise<void>
  /** Sets several user properties (one `$set` operation; invalid entries are dropped). */
  setUserProperties(properties: Properties): Promise<void>
  /** Applies property operations: `PropertyOperationsBuilder().set(…).build()`, or a plain `{ "$set": {…} }` record. */
  updateUserProperties(operations: PropertyOperations | Partial<Record<PropertyOperation, Properties>>): Promise<void>
  /** Back to the anonymous user of this device, with a `$clearAll` of the user properties. */
  resetUser(): Promise<void>
  /** Tracks push subscription changes (`$push_subscriptions`): `new HackleSubscriptionOperationsBuilder().marketing(…).build()`. */
  updatePushSubscriptions(operations: HackleSubscriptionOperations): Promise<void>
  /** Tracks SMS subscription changes (`$sms_subscriptions`). */
  updateSmsSubscriptions(operations: HackleSubscriptionOperations): Promise<void>
  /** Tracks KakaoTalk subscription changes (`$kakao_subscriptions`). */
  updateKakaoSubscriptions(operations: HackleSubscriptionOperations): Promise<void>
  /** Records the user's phone number (a `$secured_properties` event; not kept as a user property). */
  setPhoneNumber(phoneNumber: string): Promise<void>
  /** Removes the user's phone number (`$secured_properties`). */
  unsetPhoneNumber(): Promise<void>
}

const NAME = 'identity'
const OPERATIONS = new Set(['$set', '$setOnce', '$unset', '$increment', '$append', '$appendOnce', '$prepend', '$prependOnce', '$remove', '$clearAll'])

/** Operations built by `PropertyOperationsBuilder`, or a plain `{ "$set": {…} }` record. */
function toOperations(input: unknown): PropertyOperations | undefined {
  if (input instanceof PropertyOperations) return input
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const entries: [PropertyOperation, Map<string, unknown>][] = []
  for (const [operation, operands] of Object.entries(input)) {
    if (!OPERATIONS.has(operation) || typeof operands !== 'object' || operands === null) return undefined
    entries.push([operation as PropertyOperation, new Map(Object.entries(operands))])
  }
  return new PropertyOperations(new Map(entries))
}

/** Creates the user calls for one kernel; every call logs instead of throwing and resolves when its work is done. */
function userCalls(kernel: Kernel) {
  const { client, logger } = kernel
  const { userUpdated } = getIdentityHooks(kernel)

  const guarded =
    <A extends unknown[]>(what: string, body: (...args: A) => Promise<void> | void) =>
    async (...args: A): Promise<void> => {
      try {
        await body(...args)
      } catch (error) {
        logger.error(`Unexpected exception while ${what}: ${describeError(error)}`)
      }
    }

  /** Notifies `userUpdated` (this plugin's hook); settles after the follow-up work its taps registered (cohort syncs and the like). */
  const afterUpdate = ({ previous, current }: UserChange): Promise<unknown> => {
    const work: Promise<unknown>[] = []
    userUpdated.call({ previous, current, waitFor: (promise) => void work.push(promise.catch(() => undefined)) })
    return Promise.all(work)
  }

  const setId = (field: 'userId' | 'deviceId', value: unknown) => {
    const sanitized = sanitizeIdentifierValue(value)
    if (!sanitized) return logger.warn(`Invalid ${field}. [${field}=${String(value)}]`)
    return afterUpdate(kernel.users.update({ ...kernel.users.current(), [field]: sanitized })).then(() => undefined)
  }

  const updateUserProperties = guarded('update userProperties', (operations: unknown) => {
    const resolved = toOperations(operations)
    if (!resolved) return logger.warn('Invalid property operations.')
    client.track(resolved.toEvent())
    kernel.users.setProperties(resolved.apply(kernel.users.current().properties))
    kernel.hooks.flush.call('manual')
  })

  return {
    setUser: guarded('set user', async (user: unknown) => {
      const sanitized = sanitizeUser(user)
      if (!sanitized) return logger.warn('invalid user')
      await afterUpdate(kernel.users.update(sanitized))
    }),
    setUserId: guarded('set userId', (userId: unknown) =>
      userId === null || userId === undefined
        ? afterUpdate(kernel.users.update({ ...kernel.users.current(), userId: undefined })).then(() => undefined)
        : setId('userId', userId),
    ),
    setDeviceId: guarded('set deviceId', (deviceId: unknown) => setId('deviceId', deviceId)),
    updateUserProperties,
    setUserProperty: (key: string, value: unknown) => updateUserProperties(new PropertyOperationsBuilder().set(key, value).build()),
    setUserProperties: guarded('set userProperties', (properties: unknown) => {
      const builder = new PropertyOperationsBuilder()
      for (const [key, value] of Object.entries(sanitizeProperties(properties))) builder.set(key, value)
      return updateUserProperties(builder.build())
    }),
    resetUser: guarded('reset user', async () => {
      const change = kernel.users.reset()
      client.track({ key: '$properties', properties: new PropertyOperationsBuilder().clearAll().build().toRecord() })
      await afterUpdate(change)
    }),
  }
}

/**
 * The user calls of the reference: `setUser`, `setUserId`, `setDeviceId`,
 * `setUserProperty`, `setUserProperties`, `updateUserProperties` and `resetUser`. Property changes track a
 * `$properties` event for the current user, apply the operations to the user's properties and ask for a flush.
 * Also the user events: `updatePushSubscriptions` / `updateSmsSubscriptions` / `updateKakaoSubscriptions`
 * (`HackleSubscriptionOperationsBuilder`), `setPhoneNumber` and `unsetPhoneNumber` (`$secured_properties`).
 * Deletes the legacy `_hackle_id` cookie on `hidden` / `pagehide`.
 */
export const identity = definePlugin(
  (): PluginDefinition<IdentityMethods> => ({
  name: NAME,
  apply(kernel) {
    kernel.extend({ ...userCalls(kernel), ...userEventCalls(kernel) })
    // The legacy `_hackle_id` cookie (module-level `setUserId()`) is deleted whenever the page is hidden or goes away.
    return watchPageLifecycle(kernel, { hidden: () => kernel.storage.cookies.remove(COOKIE_LEGACY_ID) })
  },
  }),
)
