import type { User } from './types'
import { isObject } from './util/object'

/** The base URLs' defaults: the Hackle service host of each API (`sdk-api` → its https origin). */
const DEFAULT_HOSTS = { sdkUrl: 'sdk-api', eventUrl: 'event-api', monitoringUrl: 'monitoring', cdnUrl: 'static' }

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
  /**
   * The SDK name the client gives the Hackle servers: the `X-HACKLE-SDK-NAME` header of every request (config,
   * cohorts, user targets, events, metrics) and the `sdkName` field of every beacon. Default `javascript-sdk_browser`,
   * the reference browser SDK's; anything but a non-empty string means the default. `hackle-kit/react`'s
   * `createInstance` sets `react-sdk`, the reference React SDK's. (The version sent is always `11.56.1`, the
   * reference release hackle-kit speaks as; the reference React SDK of that release sends the same.)
   */
  sdkName?: string
}

/** The kernel's options as plugins read them (`kernel.config`): every value validated, defaults filled in. */
export interface ResolvedConfig {
  /** The initial user, when an object was given. */
  readonly user?: User
  /** `debug === true`. */
  readonly debug: boolean
  /** `log_disabled === true`. */
  readonly logDisabled: boolean
  /** The server-rendered workspace config, as given. */
  readonly workspaceConfig?: unknown
  /** The config, cohort and user-target API's base URL without trailing slashes (default: Hackle's). */
  readonly sdkUrl: string
  /** The event API's base URL (default: Hackle's). */
  readonly eventUrl: string
  /** The metrics API's base URL (default: Hackle's). */
  readonly monitoringUrl: string
  /** The hosted assets' base URL (default: Hackle's). */
  readonly cdnUrl: string
  /** `SameSite` of the SDK's cookies (default `Lax`). */
  readonly sameSiteCookie: string
  /** Whether the SDK's cookies are `Secure`. */
  readonly secureCookie: boolean
  /** The dedup interval as given (the kernel validates it when the event stream starts). */
  readonly exposureEventDedupIntervalMillis: unknown
  /** The `sdkName` option when it is a string; the transport sends its default for none or `''`. */
  readonly sdkName?: string
}

/** Resolves options over the defaults; invalid values fall back, nothing throws. */
export function resolveConfig(input: unknown): ResolvedConfig {
  const raw = isObject(input) ? input : {}
  const urls: Record<string, string> = {}
  // a base URL without trailing slashes; anything but a non-empty string means the default
  for (const [key, host] of Object.entries(DEFAULT_HOSTS)) {
    const value = raw[key]
    urls[key] = typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : `https://${host}.hackle.io`
  }
  return {
    user: isObject(raw.user) ? (raw.user as User) : undefined,
    debug: raw.debug === true,
    logDisabled: raw.log_disabled === true,
    workspaceConfig: raw.workspaceConfig ?? undefined,
    ...(urls as Pick<ResolvedConfig, keyof typeof DEFAULT_HOSTS>),
    sameSiteCookie: typeof raw.sameSiteCookie === 'string' ? raw.sameSiteCookie : 'Lax',
    secureCookie: raw.secureCookie === true,
    exposureEventDedupIntervalMillis: raw.exposureEventDedupIntervalMillis,
    sdkName: typeof raw.sdkName === 'string' ? raw.sdkName : undefined,
  }
}
