import type { Workspace } from './evaluation'
import { trackEvent } from './events/factory'
import { MAX_SYSTEM_TEXT } from './events/sanitize'
import { describeError, type Logger } from './logger'
import { isObject } from './util/object'
import type { Decisions, EventSink } from './decisions'
import type { Decision, FeatureFlagDecision } from './decision'
import type { KernelUsers } from './plugin'
import type { HackleClient, HackleEvent, HackleRemoteConfig } from './client-types'
import type { EvaluationUser, Properties, User } from './types'

interface ClientParts {
  logger: Logger
  /** The kernel's users: the user argument updates the current user, `resolve` makes the evaluation user. */
  users: Pick<KernelUsers, 'current' | 'update' | 'resolve'>
  decisions: Decisions
  workspace: () => Workspace | undefined
  emitTrack: ReturnType<typeof createTracker>
  /** Settles with whether a workspace is available once the initial load is over. */
  initialization: Promise<boolean>
  subscribe(listener: () => void): () => void
  version(): number
  close(): void
}

const DEFAULT_TIMEOUT = 3000

/**
 * Validates a track event (with the reference's warnings: a falsy event, a non-object, a key that is missing or not
 * a string are dropped) and hands it to the event stream for the given user and time.
 */
export function createTracker(sink: EventSink, logger: Logger, workspace: () => Workspace | undefined) {
  return (input: unknown, user: EvaluationUser, timestamp: number): void => {
    if (!input) return logger.warn('event must not be null.')
    if (typeof input !== 'object') return logger.warn('Event must be event type.')
    const { key, value, properties } = input as HackleEvent
    if (!key || typeof key !== 'string') return logger.warn('Event key must be not null. or event key must be string type.')
    if (key.length > MAX_SYSTEM_TEXT) return logger.warn('Event key too long: event not sent')
    if (!sink.listening()) return
    const eventTypeId = workspace()?.eventTypes.get(key)?.id ?? 0
    sink.emit(trackEvent(key, eventTypeId, (value || 0) as number, (properties ?? {}) as Properties, user, timestamp))
  }
}

/** The public client: the reference's API, every method bound and guarded so nothing reaches the page. */
export function createClient(parts: ClientParts): HackleClient {
  const { logger, users, decisions, workspace, emitTrack } = parts

  /**
   * A user argument updates the current user first, exactly as in the reference. A value
   * that is neither a string nor a user object is ignored with a warning (a deliberate difference: the reference
   * resets the current user to the anonymous one for a number, and throws for `null`).
   */
  function resolveUser(user: User | string | undefined): EvaluationUser {
    let updated: User | undefined
    const given = typeof user === 'string' ? { id: user } : user
    if (isObject(given)) updated = users.update(given).current
    else if (given !== undefined && given !== null) logger.warn(`Invalid user argument ignored: ${String(given)}`)
    // The user as the update left it: properties that listeners of the change set afterwards (a new session's
    // campaign) reach later calls, not this one (as in the reference).
    return users.resolve(updated)
  }

  function remoteConfig(user?: User | string): HackleRemoteConfig {
    const getDetail = <T>(key: string, defaultValue: T) => decisions.remoteConfig(key, () => resolveUser(user), defaultValue)
    return { getDetail, get: (key, defaultValue) => getDetail(key, defaultValue).value } as HackleRemoteConfig
  }

  const variationDetail = (key: number, user?: User | string, defaultVariation?: string) =>
    decisions.experiment(key, () => resolveUser(user), defaultVariation || 'A', false) as Decision
  const featureFlagDetail = (key: number, user?: User | string) =>
    decisions.experiment(key, () => resolveUser(user), 'A', true) as FeatureFlagDecision

  async function onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }> {
    // an unreadable `timeout` (a throwing getter, a Proxy) is warned about and the default is used
    let timeout = DEFAULT_TIMEOUT
    try {
      if (typeof options?.timeout === 'number') timeout = options.timeout
    } catch (error) {
      logger.warn(`Failed to onInitialized: ${describeError(error)}`)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    // the initialization settles with a boolean, the timer with undefined
    const expired = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeout)))
    const success = await Promise.race([parts.initialization, expired])
    clearTimeout(timer)
    if (success === undefined) logger.error(`Failed to onInitialized: Error: timeout (${timeout}ms)`)
    return { success: !!success }
  }

  return {
    variation: (experimentKey, user, defaultVariation) => variationDetail(experimentKey, user, defaultVariation).variation,
    variationDetail,
    isFeatureOn: (featureKey, user) => featureFlagDetail(featureKey, user).isOn,
    featureFlagDetail,
    remoteConfig,
    getExperiment(experimentKey) {
      if (!experimentKey) return void logger.error('experimentKey must not be empty')
      return workspace()?.experiments.get(experimentKey)
    },
    track(event, user) {
      try {
        emitTrack(typeof event === 'string' ? { key: event } : event, resolveUser(user), Date.now())
      } catch (error) {
        logger.error(`Unexpected exception while tracking event: ${describeError(error)}`)
      }
    },
    getUser: () => ({ ...users.current() }),
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
    subscribe: parts.subscribe,
    version: parts.version,
    close: parts.close,
  }
}
