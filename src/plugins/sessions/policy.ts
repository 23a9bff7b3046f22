import type { Logger, User } from '../../kernel'

/** Whether a user change keeps the session (`true`) or starts a new one. */
export type SessionPersistCondition = (oldUser: User, newUser: User) => boolean

/** The `sessionPolicy` option (the reference's `HackleSessionPolicy`). */
export interface HackleSessionPolicy {
  /** A session ends after this long without events (ms, default 30 min; not a positive finite number: the default, warned). */
  timeoutMillis?: number
  /** Whether a user change keeps the session (default `ALWAYS_NEW_SESSION`; not a function: the default, warned). */
  persistCondition?: SessionPersistCondition
}

/** The session policy in force, resolved from the options. */
export interface SessionPolicy {
  /** The idle timeout in ms. */
  readonly timeoutMillis: number
  /** Whether a user change keeps the session. */
  readonly persistCondition: SessionPersistCondition
}

/** The predefined persist conditions, under the reference's export name. */
export const HackleSessionPersistConditions = Object.freeze({
  /** A changed user always starts a new session (the default). */
  ALWAYS_NEW_SESSION: ((_oldUser, _newUser) => false) as SessionPersistCondition,
  /** Logging in keeps the session: the old user had no userId and the new one has one (false for an unreadable user). */
  NULL_TO_USER_ID: ((oldUser, newUser) => {
    try {
      return oldUser?.userId == null && newUser?.userId != null
    } catch {
      return false
    }
  }) as SessionPersistCondition,
})

export const DEFAULT_SESSION_TIMEOUT_MILLIS = 1_800_000

function timeoutMillis(value: unknown, logger: Logger): number {
  const timeout = value ?? DEFAULT_SESSION_TIMEOUT_MILLIS
  if (typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0) return timeout
  logger.warn('Session policy timeoutMillis is invalid. Setting to default value[30m].')
  return DEFAULT_SESSION_TIMEOUT_MILLIS
}

function persistCondition(value: unknown, logger: Logger): SessionPersistCondition {
  if (typeof value === 'function') return value as SessionPersistCondition
  if (value !== null && value !== undefined) {
    logger.warn('Session policy persistCondition is not a function. Using default (ALWAYS_NEW_SESSION).')
  }
  return HackleSessionPersistConditions.ALWAYS_NEW_SESSION
}

/**
 * The session policy from the `createInstance` options, validated like the reference:
 * a truthy `sessionPolicy` wins; otherwise the deprecated `sessionTimeoutMillis` (when not null/undefined) with
 * ALWAYS_NEW_SESSION; otherwise the defaults (30 min, ALWAYS_NEW_SESSION). Invalid values warn and fall back.
 */
export function resolveSessionPolicy(raw: { readonly sessionPolicy?: unknown; readonly sessionTimeoutMillis?: unknown }, logger: Logger): SessionPolicy {
  const policy = raw.sessionPolicy
  if (policy) {
    // Property reads on a truthy primitive (`true`, `"x"`) give undefined, as in the reference.
    const given = Object(policy) as Record<string, unknown>
    return {
      timeoutMillis: timeoutMillis(given.timeoutMillis, logger),
      persistCondition: persistCondition(given.persistCondition, logger),
    }
  }
  if (raw.sessionTimeoutMillis !== null && raw.sessionTimeoutMillis !== undefined) {
    return {
      timeoutMillis: timeoutMillis(raw.sessionTimeoutMillis, logger),
      persistCondition: HackleSessionPersistConditions.ALWAYS_NEW_SESSION,
    }
  }
  return { timeoutMillis: DEFAULT_SESSION_TIMEOUT_MILLIS, persistCondition: HackleSessionPersistConditions.ALWAYS_NEW_SESSION }
}
