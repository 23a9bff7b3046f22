import { Decision, FeatureFlagDecision, ParameterConfig, type DecisionInfo, type HackleEvent, type Logger, type User } from '../../kernel'
import { describeError, sanitizeIdentifierValue, sanitizeProperties } from '../../internal'
import { PropertyOperationsBuilder, sanitizeUser } from '../identity'
import type { Invoke } from './invoker'

/** The reason of a remote-config answer the app gave (the app does not say why). */
export const APP_DECIDED = 'APP_DECIDED'

/** What the app client is built from. */
interface AppClientParts {
  /** Sends a request to the app and returns its answer. */
  invoke: Invoke
  /** Where failures are logged. */
  logger: Logger
  /** The fallback user and session id: this device's hackle device id. */
  hackleDeviceId: string
  /** Tells `hooks.decided` about an answer. */
  decided(info: DecisionInfo): void
}

/** Property or subscription operations: built by a builder (`toRecord()`), or a plain record. */
type Operations = {
  /** The operations as a plain record (`{ "$set": {…} }`). */
  toRecord?: () => unknown
} | Record<string, unknown>

/** The user argument as the app receives it: a string as given, an object sanitized, anything else left out. */
function appUser(user: unknown): User | string | undefined {
  if (typeof user === 'string') return user
  return user ? sanitizeUser(user) : undefined
}

/** Operations built by a builder (`toRecord()`), or a plain `{ "$set": {…} }` record as given. */
const operationsRecord = (operations: Operations): unknown =>
  typeof operations?.toRecord === 'function' ? operations.toRecord() : operations

const parameterConfig = (result: { config: { parameters?: Record<string, string | number | boolean> } }) =>
  new ParameterConfig({ id: 0, parameters: result.config.parameters ?? {} })

/**
 * The client calls of native mode: every call is a command the app answers, none is made here. A failure (the app
 * unreachable, a malformed or failed response, unusable data) is logged `Unexpected exception while …: <error>` and
 * the call answers its fallback: the default variation, reason `EXCEPTION`, `false`, the device's id.
 */
export function createAppClient({ invoke, logger, hackleDeviceId, decided }: AppClientParts) {
  /** Runs a command; a failure is logged with `what` and answered with `fallback`. */
  function attempt<T>(what: string, run: () => T, fallback: T): T {
    try {
      return run()
    } catch (error) {
      logger.error(`${what}: ${describeError(error)}`)
      return fallback
    }
  }
  const unexpected = (what: string) => `Unexpected exception while ${what}`
  /** A command without an answer, resolved once it was sent (the reference's calls are async). */
  const command = (what: string, name: string, parameters?: () => Record<string, unknown> | undefined) =>
    Promise.resolve(attempt(unexpected(what), () => void invoke(name, parameters?.()), undefined))

  const noData = () => {
    throw new Error('invoke result data not exists')
  }
  const variationMessage = (key: unknown, defaultVariation: string) =>
    `Unexpected exception while deciding variation for experiment[${String(key)}]. Returning default variation[${defaultVariation}] `
  const flagMessage = (key: unknown) => `Unexpected exception while deciding feature flag[${String(key)}]. Returning default value[false] `

  function variationDetail(experimentKey: number, user?: User | string, defaultVariation = 'A'): Decision {
    const decision = attempt(
      variationMessage(experimentKey, defaultVariation),
      () => {
        const result = invoke('variationDetail', { experimentKey, defaultVariation, user: appUser(user) }) as {
          variation: string
          reason: string
          config: { parameters?: Record<string, string | number | boolean> }
        } | null
        if (result === null) noData()
        return new Decision(result!.variation, result!.reason, parameterConfig(result!))
      },
      new Decision(defaultVariation, 'EXCEPTION'),
    )
    decided({ kind: 'ab-test', key: experimentKey, variation: decision.variation, reason: decision.reason, user: undefined })
    return decision
  }

  function featureFlagDetail(featureKey: number, user?: User | string): FeatureFlagDecision {
    const decision = attempt(
      flagMessage(featureKey),
      () => {
        const result = invoke('featureFlagDetail', { featureKey, user: appUser(user) }) as {
          isOn: boolean
          reason: string
          config: { parameters?: Record<string, string | number | boolean> }
        } | null
        if (result === null) noData()
        return new FeatureFlagDecision(result!.isOn, result!.reason, parameterConfig(result!))
      },
      new FeatureFlagDecision(false, 'EXCEPTION'),
    )
    decided({ kind: 'feature-flag', key: featureKey, isOn: decision.isOn, reason: decision.reason, user: undefined })
    return decision
  }

  function remoteConfig(user?: User | string) {
    const forUser = appUser(user)
    function getDetail<T>(key: string, defaultValue: T): { value: T; reason: string } {
      const valueType = typeof defaultValue
      const detail = attempt(
        `Unexpected exception while deciding remote config parameter[${key}]. Returning default value. `,
        () => {
          const result = invoke('remoteConfig', { defaultValue, key, valueType, user: forUser })
          if (!result) noData()
          const value = valueType === 'number' ? Number(result) : valueType === 'boolean' ? Boolean(result) : result
          return { value: value as T, reason: APP_DECIDED }
        },
        { value: defaultValue, reason: 'EXCEPTION' },
      )
      decided({ kind: 'remote-config', key, value: detail.value, reason: detail.reason, user: undefined })
      return detail
    }
    return { get: <T>(key: string, defaultValue: T): T => getDetail(key, defaultValue).value, getDetail }
  }

  const setUserId = (userId: unknown) => {
    // null goes to the app as null (JSON has no undefined): the app removes its user id
    const next = userId === null || userId === undefined ? null : sanitizeIdentifierValue(userId)
    if (next === undefined) return Promise.resolve(logger.warn(`Invalid userId. [userId=${String(userId)}]`))
    return command('set userId', 'setUserId', () => ({ userId: next }))
  }

  const updateUserProperties = (operations: Operations) =>
    command('update userProperties', 'updateUserProperties', () => ({ operations: operationsRecord(operations) }))

  return {
    /** The app's session id (the device id when it has none). */
    getSessionId: (): string =>
      attempt(unexpected('get sessionId'), () => (invoke('getSessionId') as string | null) ?? hackleDeviceId, hackleDeviceId),
    /** The app's current user (the device id alone when it answers none). */
    getUser: (): User =>
      attempt(unexpected('get user'), () => sanitizeUser(invoke('getUser')) ?? { deviceId: hackleDeviceId }, { deviceId: hackleDeviceId }),
    /** Sends the user to the app (an invalid one is warned about and not sent). */
    setUser(user: unknown) {
      const sanitized = attempt(unexpected('set user'), () => sanitizeUser(user), undefined)
      if (!sanitized) return Promise.resolve(logger.warn('invalid user'))
      return command('set user', 'setUser', () => ({ user: sanitized }))
    },
    /** Sends the user id to the app; null or undefined removes it; an invalid one is warned about. */
    setUserId,
    /** Sends the device id to the app (an invalid one is warned about and not sent). */
    setDeviceId(deviceId: unknown) {
      const sanitized = sanitizeIdentifierValue(deviceId)
      if (!sanitized) return Promise.resolve(logger.warn(`Invalid deviceId. [deviceId=${String(deviceId)}]`))
      return command('set deviceId', 'setDeviceId', () => ({ deviceId: sanitized }))
    },
    /** Sets one user property in the app. */
    setUserProperty: (key: unknown, value: unknown) => command('set userProperty', 'setUserProperty', () => ({ key, value })),
    /** Sets several user properties in the app (one `$set` operation). */
    setUserProperties(properties: unknown) {
      return attempt(
        unexpected('set userProperties'),
        () => {
          const builder = new PropertyOperationsBuilder()
          for (const [key, value] of Object.entries(sanitizeProperties(properties as object))) builder.set(key, value)
          return updateUserProperties(builder.build())
        },
        Promise.resolve(),
      )
    },
    /** Sends property operations to the app (a builder's, or a plain record). */
    updateUserProperties,
    /** Sends push subscription changes to the app. */
    updatePushSubscriptions: (operations: Operations) =>
      command('update push subscriptions', 'updatePushSubscriptions', () => ({ operations: operationsRecord(operations) })),
    /** Sends SMS subscription changes to the app. */
    updateSmsSubscriptions: (operations: Operations) =>
      command('update sms subscriptions', 'updateSmsSubscriptions', () => ({ operations: operationsRecord(operations) })),
    /** Sends KakaoTalk subscription changes to the app. */
    updateKakaoSubscriptions: (operations: Operations) =>
      command('update Kakao subscriptions', 'updateKakaoSubscriptions', () => ({ operations: operationsRecord(operations) })),
    /** Asks the app to reset its user. */
    resetUser: () => command('reset user', 'resetUser'),
    /** Sends the phone number to the app (a non-string is logged and not sent). */
    setPhoneNumber(phoneNumber: unknown) {
      if (typeof phoneNumber !== 'string') return Promise.resolve(logger.error(`Invalid type ${String(phoneNumber)}: phoneNumber value must be string.`))
      return Promise.resolve(
        attempt('Unexpected exception occurred while setting phone number', () => void invoke('setPhoneNumber', { phoneNumber }), undefined),
      )
    },
    /** Asks the app to remove the phone number. */
    unsetPhoneNumber: () =>
      Promise.resolve(attempt('Unexpected exception occurred while unsetting phone number', () => void invoke('unsetPhoneNumber'), undefined)),
    /** The app's variation for the experiment (`defaultVariation`, default `A`, on any failure). */
    variation: (experimentKey: number, user?: User | string, defaultVariation = 'A'): string => {
      // `variation` is its own command: a falsy answer is the default
      const variation = attempt(
        variationMessage(experimentKey, defaultVariation),
        () => (invoke('variation', { experimentKey, defaultVariation, user: appUser(user) }) as string) || noData(),
        defaultVariation,
      ) as string
      decided({ kind: 'ab-test', key: experimentKey, variation, reason: APP_DECIDED, user: undefined })
      return variation
    },
    /** The app's decision for the experiment (reason `EXCEPTION` with the default on any failure). */
    variationDetail,
    /** Whether the app says the flag is on (false on any failure). */
    isFeatureOn: (featureKey: number, user?: User | string): boolean => {
      const isOn = attempt(
        flagMessage(featureKey),
        () => {
          const result = invoke('isFeatureOn', { featureKey, user: appUser(user) })
          return result === null ? noData() : Boolean(result)
        },
        false,
      )
      decided({ kind: 'feature-flag', key: featureKey, isOn, reason: APP_DECIDED, user: undefined })
      return isOn
    },
    /** The app's decision for the flag (off, reason `EXCEPTION`, on any failure). */
    featureFlagDetail,
    /** Remote config answered by the app (reason `APP_DECIDED`; the default on any failure). */
    remoteConfig,
    /** Sends the event to the app, which tracks it. */
    track: (event: HackleEvent | string, user?: User | string): void =>
      attempt(
        unexpected('tracking event'),
        () => void invoke('track', { event: typeof event === 'string' ? { key: event } : event, user: appUser(user) }),
        undefined,
      ),
    /** Asks the app to show its user explorer. */
    showUserExplorer: () => attempt(unexpected('show userExplorer'), () => void invoke('showUserExplorer'), undefined),
    /** Asks the app to hide its user explorer. */
    hideUserExplorer: () => attempt(unexpected('hide userExplorer'), () => void invoke('hideUserExplorer'), undefined),
    /** Whether the app has tracking opted out (false on any failure). */
    isOptOutTracking: (): boolean =>
      attempt(unexpected('get optOutTracking'), () => (invoke('isOptOutTracking') as boolean | null) ?? false, false),
    /** Asks the app to opt tracking out or in. */
    setOptOutTracking: (optOut: unknown) => attempt(unexpected('set optOutTracking'), () => void invoke('setOptOutTracking', { optOut }), undefined),
    /** The view of the in-app message the app shows now, or null; its `close()` asks the app to close it. */
    getDisplayedInAppMessageView() {
      return attempt(
        unexpected('get displayed in-app message view'),
        () => {
          const view = invoke('getCurrentInAppMessageView') as { id: string; inAppMessage: { key: number } } | null
          if (!view) return null
          return {
            id: view.id,
            inAppMessage: view.inAppMessage,
            close: () => attempt(unexpected('close in-app message view'), () => void invoke('closeInAppMessageView', { viewId: view.id }), undefined),
          }
        },
        null,
      )
    },
  }
}

/** The client of native mode: the reference's client calls, each answered by the app. */
export type AppClient = ReturnType<typeof createAppClient>
