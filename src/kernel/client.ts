import { DecisionReason, type Workspace } from './evaluation'
import { Decision, FeatureFlagDecision, experimentView } from './decision'
import { trackEvent } from './events/factory'
import { sanitizeIdentifierValue, sanitizeUser } from './identity/user'
import { describeError, type Logger } from './logger'
import { isObject } from './util/object'
import type { Decider } from './decider'
import type { KernelHooks } from './hooks'
import type { UserChange, UserManager } from './identity/user-manager'
import type { HackleClient, HackleEvent, HackleRemoteConfig } from './client-types'
import type { EvaluationUser, Properties, User } from './types'

interface ClientParts {
  hooks: KernelHooks
  logger: Logger
  users: UserManager
  decider: Decider
  workspace: () => Workspace | undefined
  /** Settles with whether a workspace is available once the initial load is over. */
  initialization: Promise<boolean>
  close(): void
}

const DEFAULT_TIMEOUT = 3000

/** The public client: the reference's API, every method bound and guarded so nothing reaches the page. */
export function createClient(parts: ClientParts): HackleClient {
  const { hooks, logger, users, decider, workspace } = parts
  let initialized = false
  void parts.initialization.then(() => (initialized = true))

  /** A user argument updates the current user first, exactly as in the reference (browser-behaviour §2.3). */
  function resolveUser(user: User | string | undefined): EvaluationUser {
    if (typeof user === 'string') users.update({ id: user })
    else if (isObject(user)) users.update(user)
    else if (user !== undefined && user !== null) logger.warn(`Invalid user argument ignored: ${String(user)}`)
    return hooks.resolveUser.call(users.evaluationUser())
  }

  /** Notifies `userUpdated` and settles once the follow-up work the taps registered is over. */
  const afterUpdate = ({ previous, current }: UserChange): Promise<void> => {
    const work: Promise<unknown>[] = []
    hooks.userUpdated.call({ previous, current, waitFor: (promise) => void work.push(promise.catch(() => undefined)) })
    return Promise.all(work).then(() => undefined)
  }

  const guarded = <A extends unknown[]>(what: string, body: (...args: A) => Promise<void> | void) =>
    (...args: A): Promise<void> => {
      try {
        return Promise.resolve(body(...args)).catch((error) => logger.error(`Unexpected exception while ${what}: ${describeError(error)}`))
      } catch (error) {
        logger.error(`Unexpected exception while ${what}: ${describeError(error)}`)
        return Promise.resolve()
      }
    }

  function track(event: HackleEvent | string, user?: User | string, timestamp = Date.now()): void {
    try {
      const input: unknown = typeof event === 'string' ? { key: event } : event
      const evaluationUser = resolveUser(user)
      if (!input) return logger.warn('event must not be null.')
      if (typeof input !== 'object') return logger.warn('Event must be event type.')
      const { key, value, properties } = input as HackleEvent
      if (!key || typeof key !== 'string') return logger.warn('Event key must be not null. or event key must be string type.')
      if (hooks.eventCreated.taps.length === 0) return
      const eventTypeId = workspace()?.eventTypes.get(key)?.id ?? 0
      hooks.eventCreated.call(
        trackEvent(key, eventTypeId, (value || 0) as number, (properties ?? {}) as Properties, evaluationUser, timestamp),
      )
    } catch (error) {
      logger.error(`Unexpected exception while tracking event: ${describeError(error)}`)
    }
  }

  const setId = (field: 'userId' | 'deviceId', value: unknown) => {
    const sanitized = sanitizeIdentifierValue(value)
    if (!sanitized) return logger.warn(`Invalid ${field}. [${field}=${String(value)}]`)
    return afterUpdate(users.update({ ...users.current(), [field]: sanitized }))
  }

  /** A method whose implementation comes from a plugin that this client was built without. */
  const missing = (method: string, plugin: string) => (): Promise<void> => {
    logger.warn(`${method} needs the ${plugin} plugin.`)
    return Promise.resolve()
  }

  function remoteConfig(user?: User | string): HackleRemoteConfig {
    const getDetail = <T>(key: string, defaultValue: T) => {
      try {
        return decider.remoteConfig(key, resolveUser(user), defaultValue)
      } catch (error) {
        logger.error(
          `Unexpected exception while deciding remote config parameter[${key}]. Returning default value. : ${describeError(error)}`,
        )
        return { value: defaultValue, reason: DecisionReason.EXCEPTION }
      }
    }
    return { getDetail, get: (key, defaultValue) => getDetail(key, defaultValue).value } as HackleRemoteConfig
  }

  function variationDetail(experimentKey: number, user?: User | string, defaultVariation?: string): Decision {
    const fallback = defaultVariation || 'A'
    try {
      return decider.experiment(experimentKey, resolveUser(user), fallback)
    } catch (error) {
      logger.error(
        `Unexpected exception while deciding variation for experiment[${experimentKey}]. Returning default variation[${fallback}] : ${describeError(error)}`,
      )
      return new Decision(fallback, DecisionReason.EXCEPTION)
    }
  }

  function featureFlagDetail(featureKey: number, user?: User | string): FeatureFlagDecision {
    try {
      return decider.featureFlag(featureKey, resolveUser(user))
    } catch (error) {
      logger.error(
        `Unexpected exception while deciding feature flag[${featureKey}]. Returning default value[false] : ${describeError(error)}`,
      )
      return new FeatureFlagDecision(false, DecisionReason.EXCEPTION)
    }
  }

  async function onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }> {
    if (initialized) return { success: workspace() !== undefined }
    const timeout = typeof options?.timeout === 'number' ? options.timeout : DEFAULT_TIMEOUT
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeout)))
    const outcome = await Promise.race([parts.initialization, expired])
    clearTimeout(timer)
    if (outcome === 'timeout') {
      logger.error(`Failed to onInitialized: Error: timeout (${timeout}ms)`)
      return { success: false }
    }
    return { success: outcome }
  }

  return {
    variation: (experimentKey, user, defaultVariation) => variationDetail(experimentKey, user, defaultVariation).variation,
    variationDetail,
    isFeatureOn: (featureKey, user) => featureFlagDetail(featureKey, user).isOn,
    featureFlagDetail,
    remoteConfig,
    getExperiment(experimentKey) {
      try {
        if (!experimentKey) return void logger.error('experimentKey must not be empty')
        const ws = workspace()
        const experiment = ws?.experiments.get(experimentKey)
        return ws && experiment ? experimentView(experiment) : undefined
      } catch (error) {
        logger.error(`Unexpected exception while get experiment[${experimentKey}]: ${describeError(error)}`)
        return undefined
      }
    },
    track: (event, user) => track(event, user),
    getUser: () => ({ ...users.current() }),
    setUser: guarded('set user', (user: User) => {
      const sanitized = sanitizeUser(user)
      if (!sanitized) return logger.warn('invalid user')
      return afterUpdate(users.update(sanitized))
    }),
    setUserId: guarded('set userId', (userId: unknown) =>
      userId === null || userId === undefined ? afterUpdate(users.update({ ...users.current(), userId: undefined })) : setId('userId', userId),
    ),
    setDeviceId: guarded('set deviceId', (deviceId: unknown) => setId('deviceId', deviceId)),
    setUserProperty: missing('setUserProperty', 'user-properties'),
    setUserProperties: missing('setUserProperties', 'user-properties'),
    updateUserProperties: missing('updateUserProperties', 'user-properties'),
    resetUser: guarded('reset user', () => {
      const change = users.reset()
      track({ key: '$properties', properties: { $clearAll: { clearAll: '-' } } })
      return afterUpdate(change)
    }),
    onInitialized,
    onReady(block, timeout) {
      void onInitialized({ timeout }).then(() => {
        try {
          block()
        } catch (error) {
          logger.error(`Unexpected exception in onReady callback: ${describeError(error)}`)
        }
      })
    },
    close: parts.close,
  }
}
