import type { User } from './types'
import { isObject } from './util/object'

export const DEFAULT_URLS = {
  sdkUrl: 'https://sdk-api.hackle.io',
  eventUrl: 'https://event-api.hackle.io',
  monitoringUrl: 'https://monitoring.hackle.io',
  cdnUrl: 'https://static.hackle.io',
} as const

/** Options of `createInstance(sdkKey, config)` (browser-behaviour §1.1) plus hackle-kit's own. */
export interface HackleConfig {
  user?: User
  debug?: boolean
  log_disabled?: boolean
  /** A workspace config the page already has (server-rendered): decisions work synchronously, no config request. */
  workspaceConfig?: unknown
  sdkUrl?: string
  eventUrl?: string
  monitoringUrl?: string
  cdnUrl?: string
  sameSiteCookie?: string
  secureCookie?: boolean
  /** Plugin options live here too: the kernel keeps unknown keys for them. */
  [option: string]: unknown
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
  /** Every option as given, for plugins that read their own. */
  readonly raw: Readonly<Record<string, unknown>>
}

/** Resolves options over the defaults; invalid values fall back, nothing throws. */
export function resolveConfig(input: unknown): ResolvedConfig {
  const raw = isObject(input) ? input : {}
  // Base URLs without trailing slashes; anything but a non-empty string means the default.
  const urls = {} as Record<keyof typeof DEFAULT_URLS, string>
  for (const key in DEFAULT_URLS) {
    const value = raw[key]
    urls[key as keyof typeof DEFAULT_URLS] =
      typeof value === 'string' && value !== '' ? value.replace(/\/+$/, '') : DEFAULT_URLS[key as keyof typeof DEFAULT_URLS]
  }
  return {
    user: isObject(raw.user) ? (raw.user as User) : undefined,
    debug: raw.debug === true,
    logDisabled: raw.log_disabled === true,
    workspaceConfig: raw.workspaceConfig ?? undefined,
    ...urls,
    sameSiteCookie: typeof raw.sameSiteCookie === 'string' ? raw.sameSiteCookie : 'Lax',
    secureCookie: raw.secureCookie === true,
    raw,
  }
}
