import { type HackleUser, type KeyValueStore, type Logger, type User } from '../../kernel'
import { describeError, isSameUser, uuid } from '../../internal'
import type { SessionPolicy } from './policy'

/** What `getSessionId()` answers when there is no session. */
export const EMPTY_SESSION_ID = '0.ffffffff'

/** Session cookies use the SDK key from index 8 on (`abcdefgh12345678XYZ` → `12345678XYZ`). */
export const sessionIdCookie = (sdkKey: string) => `_hackle_session_id_${sdkKey.slice(8)}`
/** The cookie that keeps the last event's time of the session (same SDK-key cut as `sessionIdCookie`). */
export const lastEventTimeCookie = (sdkKey: string) => `_hackle_last_event_ts_${sdkKey.slice(8)}`

/** `<epoch ms>.<8 random hex digits>`: the first 8 characters of a UUID v4 (all random), as in the reference. */
export const createSessionId = (timestamp: number): string => `${timestamp}.${uuid().slice(0, 8)}`

export interface SessionListener {
  ended(sessionId: string, user: User, lastEventTime: number): void
  started(sessionId: string, user: HackleUser, timestamp: number): void
}

/** The last event time cookie is written at most this often (plus a trailing write and one at page hide). */
export const LAST_EVENT_WRITE_INTERVAL = 1000

export interface SessionManagerOptions {
  sdkKey: string
  cookies: KeyValueStore
  policy: SessionPolicy
  logger: Logger
  listener: SessionListener
}

/**
 * The reference's session state machine: the current id and the last event time, both
 * loaded from cookies at start and written back.
 *
 * The reference writes the last event time cookie on every event; a cookie write costs more than the rest of a
 * `track()` call. Here a new session writes its id at once, and the time, like an extended session, at most once a
 * second (a trailing write catches up), and at once on `persist()` (page hide, close). Only another tab starting
 * within that second can read a time up to a second old, against a 30-minute timeout; a session that starts after
 * an idle second (a timeout always does) writes its time at once.
 */
export function createSessionManager({ sdkKey, cookies, policy, logger, listener }: SessionManagerOptions) {
  const idKey = sessionIdCookie(sdkKey)
  const timeKey = lastEventTimeCookie(sdkKey)

  let sessionId: string | null = cookies.get(idKey)
  let lastEventTime: number | null = null
  const storedTime = cookies.get(timeKey)
  if (storedTime !== null) {
    // parseFloat like the reference: "123abc" → 123; only a positive number counts.
    const parsed = Number.parseFloat(storedTime)
    if (parsed > 0) lastEventTime = parsed
  }

  let written = -Infinity
  let trailing: ReturnType<typeof setTimeout> | undefined
  const persist = () => {
    clearTimeout(trailing)
    trailing = undefined
    written = Date.now()
    if (lastEventTime !== null) cookies.set(timeKey, `${lastEventTime}`)
  }
  const updateLastEventTime = (timestamp: number, now = false) => {
    lastEventTime = timestamp
    const wait = written + LAST_EVENT_WRITE_INTERVAL - Date.now()
    if (now || wait <= 0) persist()
    else trailing ??= setTimeout(persist, wait)
  }

  const shouldStartNewSession = (oldUser: User, newUser: HackleUser, timestamp: number): boolean => {
    if (sessionId === null) return true
    if (!isSameUser(oldUser, newUser)) {
      try {
        if (!policy.persistCondition(oldUser, newUser)) return true
      } catch (error) {
        logger.warn(`persistCondition threw an error, starting new session: ${describeError(error)}`)
        return true
      }
    }
    return lastEventTime === null || timestamp - lastEventTime >= policy.timeoutMillis
  }

  /** Ends the current session for `oldUser` (if it has one and a last event time), then starts a new one. */
  const startNewSession = (oldUser: User | null | undefined, newUser: HackleUser, timestamp: number): string => {
    if (oldUser && sessionId !== null && lastEventTime !== null) listener.ended(sessionId, oldUser, lastEventTime)
    const id = createSessionId(timestamp)
    sessionId = id
    cookies.set(idKey, id)
    updateLastEventTime(timestamp)
    listener.started(id, newUser, timestamp)
    return id
  }

  return {
    /** The current session id, or null when there is none. */
    current: (): string | null => sessionId,
    lastEventTime: (): number | null => lastEventTime,
    startNewSession,
    /** Starts a new session when needed; otherwise extends the current one to `timestamp`. Returns the id. */
    startNewSessionIfNeeded(oldUser: User, newUser: HackleUser, timestamp: number): string {
      if (shouldStartNewSession(oldUser, newUser, timestamp)) return startNewSession(oldUser, newUser, timestamp)
      updateLastEventTime(timestamp)
      return sessionId ?? EMPTY_SESSION_ID
    },
    /** Records the last event time; the cookie follows within a second (see above), or at once with `now`. */
    updateLastEventTime,
    /** Writes the last event time cookie now (page hide, close) and cancels the trailing write. */
    persist,
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
