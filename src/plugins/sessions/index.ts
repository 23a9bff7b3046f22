import { definePlugin, Stage, type Identifiers, type PluginDefinition, type SdkEvent, type User } from '../../kernel'
import { describeError, watchPageLifecycle, sanitizeIdentifierValue } from '../../internal'
import { getSessionHooks } from './hooks'
import { createSessionManager, EMPTY_SESSION_ID } from './manager'
import { resolveSessionPolicy, type HackleSessionPolicy } from './policy'

export { getSessionHooks, type SessionHooks } from './hooks'
export { HackleSessionPersistConditions, type HackleSessionPolicy, type SessionPersistCondition, type SessionPolicy } from './policy'
export { EMPTY_SESSION_ID, sessionIdCookie, lastEventTimeCookie } from './manager'

const NAME = 'sessions'

/** `sessions(options)`: the reference's session options. */
export interface SessionsOptions {
  /** `{ timeoutMillis, persistCondition }` (see `HackleSessionPersistConditions`); default 30 min, always new. */
  sessionPolicy?: HackleSessionPolicy
  /** @deprecated use `sessionPolicy.timeoutMillis` (used only without `sessionPolicy`). */
  sessionTimeoutMillis?: number
}

/** The client method of the sessions plugin. */
export interface SessionMethods {
  /** The current session id, `0.ffffffff` when there is none. */
  getSessionId(): string
}
const SESSION_START = '$session_start'
const SESSION_END = '$session_end'
const SESSION_ID = '$sessionId'

/** `$session_start` / `$session_end` track events (whoever tracked them) do not extend or start sessions. */
const isSessionEvent = (event: SdkEvent): boolean =>
  event.type === 'track' && (event.key === SESSION_START || event.key === SESSION_END)

/**
 * A copy of the event whose user has these identifiers; the event's own user and identifiers stay untouched.
 * (Object.assign: several times faster than object spread on this path, and events have no own `__proto__` key.)
 */
const withIdentifiers = (event: SdkEvent, identifiers: Identifiers): SdkEvent =>
  Object.assign({}, event, { user: Object.assign({}, event.user, { identifiers }) })

/**
 * Sessions: the session id `<epoch ms>.<8 hex>` and the last event time in the reference's
 * cookies (`_hackle_session_id_{key[8:]}`, `_hackle_last_event_ts_{key[8:]}`), `$session_start` / `$session_end`
 * events, and `$sessionId` on every event.
 *
 * - Every event other than a session event extends the session or, after `timeoutMillis` idle, ends it and starts a
 *   new one before the event (`hooks.eventCreated`, so before duplicate suppression); `hooks.enrichEvent` adds
 *   `$sessionId` to each event's identifiers.
 * - A user change (`hooks.userChanged`) starts a new session unless it is the same user (userId and deviceId) or
 *   `sessionPolicy.persistCondition(old, new)` returns true.
 * - At start-up a page with a stored user keeps its session when still fresh, a page
 *   without one always starts a new session (no `$session_end`); a kept session is announced on
 *   `getSessionHooks(kernel).resumed` (campaign attribution re-checks there).
 * - Page hide (`pagehide`, `visibilitychange` to hidden, `beforeunload` in Safari) records the last event time.
 *
 * Options: `sessionPolicy` or the deprecated `sessionTimeoutMillis` (`createInstance` takes them at the top level).
 * Works without the events plugin too (then only user changes and page loads move sessions, and nothing is sent).
 */
export const sessions = definePlugin(
  (options: SessionsOptions = {}): PluginDefinition<SessionMethods> => ({
  name: NAME,
  apply(kernel) {
    const { hooks, logger } = kernel
    const sessionHooks = getSessionHooks(kernel)
    const manager = createSessionManager({
      sdkKey: kernel.sdkKey,
      cookies: kernel.storage.cookies,
      policy: resolveSessionPolicy(options, logger),
      logger,
      listener: {
        ended: (sessionId, user, lastEventTime) => sessionHooks.ended.call(sessionId, user, lastEventTime),
        started: (sessionId, user, timestamp) => sessionHooks.started.call(sessionId, user, timestamp),
      },
    })

    // The session event being tracked right now: its `$sessionId` goes first.
    let tracking: { key: string; sessionId: string } | undefined
    const trackSessionEvent = (key: string, sessionId: string, user: User, timestamp: number) => {
      tracking = { key, sessionId }
      try {
        kernel.track({ key, properties: {} }, { user, timestamp })
      } finally {
        tracking = undefined
      }
    }
    const tap = { name: NAME, stage: Stage.LATE }
    sessionHooks.ended.tap(tap, (sessionId, user, lastEventTime) => trackSessionEvent(SESSION_END, sessionId, user, lastEventTime))
    sessionHooks.started.tap(tap, (sessionId, user, timestamp) => trackSessionEvent(SESSION_START, sessionId, user, timestamp))

    // Start-up refresh. The reference runs it at the end of createInstance; here it
    // runs once every plugin has applied (campaign taps, the events plugin), or earlier when something needs the
    // session during start-up (an event tracked by a plugin). It uses the user and time of start-up either way.
    const startUser = kernel.users.current()
    const startTime = Date.now()
    let refreshed = false
    let closed = false
    const refresh = () => {
      if (refreshed || closed) return
      refreshed = true
      const before = manager.current()
      const stored = kernel.users.stored
      const sessionId = stored
        ? manager.startNewSessionIfNeeded(stored, startUser, startTime)
        : manager.startNewSession(null, startUser, startTime)
      if (sessionId === before) sessionHooks.resumed.call(sessionId, startUser, startTime)
    }
    hooks.applied.tap(NAME, refresh)

    hooks.eventCreated.tap(NAME, (event) => {
      refresh()
      if (isSessionEvent(event)) return
      const user = kernel.users.current()
      manager.startNewSessionIfNeeded(user, user, event.timestamp)
    })

    hooks.enrichEvent.tap(NAME, (event) => {
      const identifiers = event.user.identifiers
      if (tracking && event.type === 'track' && event.key === tracking.key) {
        const { sessionId } = tracking
        tracking = undefined
        if (sanitizeIdentifierValue(sessionId) === undefined) return
        // `$sessionId` first, then the user's identifiers (a custom `$sessionId` identifier keeps the first slot).
        return withIdentifiers(event, Object.assign({ [SESSION_ID]: sessionId }, identifiers))
      }
      if (identifiers[SESSION_ID]) return
      const sessionId = manager.current()
      // (null is no identifier value either)
      if (sanitizeIdentifierValue(sessionId) === undefined) return
      return withIdentifiers(event, Object.assign({}, identifiers, { [SESSION_ID]: sessionId }))
    })

    hooks.userChanged.tap(NAME, (previous, current, timestamp) => {
      refresh()
      manager.startNewSessionIfNeeded(previous, current, timestamp)
    })

    kernel.extend({
      getSessionId() {
        try {
          refresh()
        } catch (error) {
          logger.error(`Unexpected exception while get sessionId: ${describeError(error)}`)
        }
        return manager.current() ?? EMPTY_SESSION_ID
      },
    })

    const onHide = () => {
      if (closed) return
      refresh()
      manager.updateLastEventTime(Date.now(), true)
    }
    const unwatch = watchPageLifecycle(kernel, { hidden: onHide })
    return () => {
      if (refreshed) manager.persist()
      closed = true
      unwatch()
      for (const hook of Object.values(sessionHooks)) hook.taps.length = 0
    }
  },
  }),
)
