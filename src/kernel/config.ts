import type { User } from './types'
import { isObject } from './util/object'

export const DEFAULT_URLS = {
  sdkUrl: 'https://sdk-api.hackle.io',
  eventUrl: 'https://event-api.hackle.io',
  monitoringUrl: 'https://monitoring.hackle.io',
  cdnUrl: 'https://static.hackle.io',
} as const

/**
 * The kernel's options (`createKernel(sdkKey, config)`). Plugins take their own options in their factories
 * (`sync({ pollingIntervalMillis })`); `createInstance` accepts the reference's flat names for those too.
 */
export interface HackleConfig {
  /** The initial user; takes precedence over the user stored in cookies. */
  user?: User
  /** Debug logs. */
  debug?: boolean
  /** No logs at all (wins over `debug`). */
  log_disabled?: boolean
  /** A workspace config the page already has (server-rendered): decisions work synchronously, no config request. */
  workspaceConfig?: unknown
  /** Base URL of the config, cohort and user-target API. */
  sdkUrl?: string
  /** Base URL of the event API. */
  eventUrl?: string
  /** Base URL of the SDK metrics API (monitoring plugin). */
  monitoringUrl?: string
  /** Base URL of hosted assets (the in-app message renderer). */
  cdnUrl?: string
  /** `SameSite` of the SDK's cookies: `Lax` (default), `Strict` or `None`. */
  sameSiteCookie?: string
  /** Mark the SDK's cookies `Secure`. */
  secureCookie?: boolean
  /**
   * How long an identical exposure or remote-config event is suppressed, 1000..3600000 ms (default 60000); `-1`
   * turns suppression off.
   */
  exposureEventDedupIntervalMillis?: number
}

export interface ResolvedConfig {
  readonly user?: User
  readonly debug: boolean
  readonly logDisabled: boolean
  readonly workspaceConfig?: unknown
  readonly sdkUrl: string
  readonly eventUrl: string
  readonly monitoringUrl: string
  readonly cdnUrl: string
  readonly sameSiteCookie: string
  readonly secureCookie: boolean
  /** The dedup interval as given (the kernel validates it when the event stream starts). */
  readonly exposureEventDedupIntervalMillis: unknown
}

/** A base URL without trailing slashes; anything but a non-empty string means the default. */
function url(raw: Record<string, unknown>, key: keyof typeof DEFAULT_URLS): string {
  const value = raw[key]
  return typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : DEFAULT_URLS[key]
}

/** Resolves options over the defaults; invalid values fall back, nothing throws. */
export function resolveConfig(input: unknown): ResolvedConfig {
  const raw = isObject(input) ? input : {}
  return {
    user: isObject(raw.user) ? (raw.user as User) : undefined,
    debug: raw.debug === true,
    logDisabled: raw.log_disabled === true,
    workspaceConfig: raw.workspaceConfig ?? undefined,
    sdkUrl: url(raw, 'sdkUrl'),
    eventUrl: url(raw, 'eventUrl'),
    monitoringUrl: url(raw, 'monitoringUrl'),
    cdnUrl: url(raw, 'cdnUrl'),
    sameSiteCookie: typeof raw.sameSiteCookie === 'string' ? raw.sameSiteCookie : 'Lax',
    secureCookie: raw.secureCookie === true,
    exposureEventDedupIntervalMillis: raw.exposureEventDedupIntervalMillis,
  }
}
