import type { KeyValueStore } from '../../kernel'
import { parseCommonUserAgent } from './common-user-agents'
import type { UserAgentInfo } from './user-agent'

/**
 * Where the UA-derived hackle properties come from without making every page load the full rule tables: a common
 * user agent is read at once (`common-user-agents.ts`); any other is parsed by the full parser, loaded apart (a
 * lazy chunk) once per page, and its answer is kept in localStorage under `USER_AGENT_KEY`, so that only a
 * visitor's first page with a given browser waits for it.
 */

/** True in the script-tag build (a build-time constant); undefined in the npm build and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/**
 * The full parser's module, loaded apart. The script-tag build bundles the parser (`bundleUserAgentParser`) and has
 * no `import()`: its module wrapper would walk exports with `for…in`, which an enumerable member on `Object.prototype`
 * breaks.
 */
export const loadParser = (): Promise<typeof import('./user-agent')> =>
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? Promise.reject(new Error('bundled')) : import('./user-agent')

/** The full parser when the build bundles it (`bundleUserAgentParser`): every user agent is then read at once. */
let bundled: ((ua: string) => UserAgentInfo) | undefined

/**
 * Reads every user agent at once with `parse`, a full parser the build bundles (the script-tag build: one file to
 * host, nothing loaded apart). Call before creating a client.
 */
export function bundleUserAgentParser(parse: (ua: string) => UserAgentInfo): void {
  bundled = parse
}

/** The localStorage key of the last full parse: JSON `[userAgent, ...the values of FIELDS]`. */
export const USER_AGENT_KEY = 'hackle-kit-user-agent'

const FIELDS = [
  'browserName',
  'browserVersion',
  'browserMajorVersion',
  'osName',
  'osVersion',
  'deviceType',
  'deviceModel',
  'deviceVendor',
] as const

/** What the properties say while the user agent is not read yet: what the reference says for an unknown one. */
export const UNKNOWN_USER_AGENT: UserAgentInfo = Object.freeze({
  browserName: '',
  browserVersion: '',
  browserMajorVersion: '',
  osName: '',
  osVersion: '',
  deviceType: 'pc',
  deviceModel: '',
  deviceVendor: '',
})

/** This page's answer for one user agent (it does not change during a page's life). */
let known: [ua: string, info: UserAgentInfo] | undefined
let loading: [ua: string, info: Promise<UserAgentInfo>] | undefined

const remember = (ua: string, info: UserAgentInfo) => ((known = [ua, info]), info)

/** The stored answer for `ua`, if the store holds one for exactly this user agent (anything else is ignored). */
function stored(ua: string, store: KeyValueStore | undefined): UserAgentInfo | undefined {
  try {
    const value: unknown = JSON.parse(store?.get(USER_AGENT_KEY) ?? 'null')
    if (!Array.isArray(value) || value.length !== FIELDS.length + 1 || value[0] !== ua) return undefined
    if (!value.every((item) => typeof item === 'string')) return undefined
    return Object.fromEntries(FIELDS.map((field, i) => [field, value[i + 1]])) as unknown as UserAgentInfo
  } catch {
    return undefined
  }
}

/**
 * `ua`'s info if it is known without loading anything: a common user agent, this page's earlier parse, or the answer
 * `store` keeps for it. Never throws.
 */
export function knownUserAgentInfo(ua: string, store?: KeyValueStore): UserAgentInfo | undefined {
  if (known?.[0] === ua) return known[1]
  const info = parseCommonUserAgent(ua) ?? bundled?.(ua) ?? stored(ua, store)
  return info && remember(ua, info)
}

/**
 * `ua`'s info, loading the full parser when it is not known (once per page and user agent) and keeping the answer in
 * `store`. Never rejects: when the parser cannot be loaded (offline, a blocked script) it warns and answers
 * `UNKNOWN_USER_AGENT`, and a later call tries again.
 */
export function loadUserAgentInfo(ua: string, store: KeyValueStore | undefined, warn: (message: string) => void): Promise<UserAgentInfo> {
  const info = knownUserAgentInfo(ua, store)
  if (info) return Promise.resolve(info)
  if (loading?.[0] !== ua) {
    const load = loadParser().then(
      ({ parseUserAgent }) => {
        const parsed = remember(ua, parseUserAgent(ua))
        try {
          store?.set(USER_AGENT_KEY, JSON.stringify([ua, ...FIELDS.map((field) => parsed[field])]))
        } catch {
          // not kept: the next page loads the parser again
        }
        return parsed
      },
      (error: unknown) => {
        loading = undefined
        warn(`Could not load the user-agent parser, browser and device properties stay empty: ${String(error)}`)
        return UNKNOWN_USER_AGENT
      },
    )
    loading = [ua, load]
  }
  return loading![1]
}

/**
 * `ua`'s info if it is known (see `knownUserAgentInfo`, without a store), else `UNKNOWN_USER_AGENT` while the full
 * parser loads (this call starts it): for code that must answer at once, such as a web-view bridge command.
 */
export function currentUserAgentInfo(ua: string): UserAgentInfo {
  const info = knownUserAgentInfo(ua)
  if (!info) void loadUserAgentInfo(ua, undefined, () => undefined)
  return info ?? UNKNOWN_USER_AGENT
}
