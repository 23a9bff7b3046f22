import { createKernel, type ClientOf, type HackleConfig, type Plugin, type PluginList } from './kernel'
import { preset, type PresetOptions, type PresetPlugins } from './preset'
import { COOKIE_DEVICE_ID, COOKIE_LEGACY_ID, createCookieStore, createLogger, uuid } from './internal'
import { textOf } from './compat/text'
import { missingMethodFallbacks } from './compat/fallbacks'
import { Logger, resetSharedLogLevel } from './compat/logger'
import type { PendingClientMethods } from './compat/types'

export * from './kernel'
export { preset, type PresetOptions, type PresetPlugins } from './preset'
export { HackleSessionPersistConditions, type HackleSessionPolicy } from './plugins/sessions'
export {
  PropertyOperationsBuilder,
  PropertyOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionOperations,
  HackleSubscriptionStatus,
} from './plugins/identity'
export type {
  InAppMessageListener,
  InAppMessageView,
  InAppMessageInfo,
  InAppMessageActionInfo,
  InAppMessagesOptions,
} from './plugins/in-app-messages'
export type { HacklePage } from './plugins/pages'
export { Logger } from './compat/logger'
export {
  EmptyParameterConfig,
  EmptyHackleRemoteConfig,
  RemoteConfigDecision,
  IdentifierType,
  IdentifiersBuilder,
  resolveIdentifiers,
  sanitizeUser,
} from './compat/models'
export { default as DefaultBrowserPropertyProvider, type BrowserPropertyPage } from './compat/browser-properties'
export { setAppWebViewInAppMessageBridge } from './plugins/web-view-bridge'
export type * from './compat/types'

/**
 * `createInstance`'s options: the kernel's, the reference's names for the preset's plugin options, and the
 * reference's options of capabilities hackle-kit does not have yet (accepted and without effect; see the README).
 */
export interface InstanceConfig extends HackleConfig, PresetOptions {
  /** SDK metrics: only with the `monitoring` plugin (`false` turns it off there). */
  enableMonitoring?: boolean
}

/** The reference's name for `createInstance`'s options. */
export type Config = InstanceConfig

/** A client with the reference's methods that no plugin provides yet (they warn once and return its default). */
export type WithPendingMethods<C> = C & Omit<PendingClientMethods, keyof C>

/** The client of the full preset (`createInstance`): the reference SDK's names, arguments and return shapes. */
export type FullHackleClient = WithPendingMethods<ClientOf<PresetPlugins>>

const instances = new Map<string, unknown>()

/**
 * The full SDK: the kernel with every built-in plugin. Like the reference, a page gets one client per SDK key:
 * calling again with the same key returns the running client (until it is closed). `plugins` adds plugins after
 * the preset's, or is a function that edits the preset's list; the client's type has the methods of the plugins it
 * ends up with.
 */
export function createInstance<const E extends PluginList>(
  sdkKey: string,
  config?: InstanceConfig & { plugins?: E },
): PluginList extends E ? FullHackleClient : WithPendingMethods<ClientOf<[...PresetPlugins, ...E]>>
export function createInstance<const P extends PluginList>(
  sdkKey: string,
  config: InstanceConfig & { plugins: (defaults: PresetPlugins) => P },
): WithPendingMethods<ClientOf<P>>
export function createInstance(sdkKey: string, config: InstanceConfig & { plugins?: unknown } = {}): unknown {
  const key = typeof sdkKey === 'string' ? sdkKey : ''
  const running = instances.get(key)
  if (running) return running
  let client: unknown
  try {
    // an array is no options object (its entries would only be copied): the defaults, as the reference reads none
    client = start(key, config !== null && typeof config === 'object' && !Array.isArray(config) ? config : {})
  } catch (error) {
    // options the page's own code cannot read (a throwing getter, a Proxy): the client starts with the defaults
    createLogger().error(`Invalid config ignored: ${textOf(error)}`)
    client = start(key, {})
  }
  instances.set(key, client)
  return client
}

function start(key: string, options: InstanceConfig & { plugins?: unknown }): unknown {
  // As in the reference, a new client's `debug` / `log_disabled` replace a level set with `Logger.setLogLevel`.
  resetSharedLogLevel()
  const given = options.plugins
  const defaults = preset(options)
  const chosen = typeof given === 'function' ? (given as (defaults: PresetPlugins) => PluginList)(defaults) : [...defaults, ...(Array.isArray(given) ? given : [])]
  // Forgets the client when it closes, so the key can be used again.
  const registry: Plugin = { name: 'instance-registry', apply: () => () => void instances.delete(key) }
  // The fallbacks go last: they only fill the reference's methods that no plugin added.
  const plugins = [...(Array.isArray(chosen) ? chosen : defaults), registry, missingMethodFallbacks()]
  return createKernel(key, { ...options, plugins })
}

const legacyCookies = () => createCookieStore({ days: 3650 }, () => undefined)

/** The page's hackle device id (module-level helper of the reference): `_hackle_id`, else `_hackle_hid`. */
export function getUserId(): string {
  const cookies = legacyCookies()
  const legacy = cookies.get(COOKIE_LEGACY_ID)
  if (legacy) return legacy
  let deviceId = cookies.get(COOKIE_DEVICE_ID)
  if (!deviceId) cookies.set(COOKIE_DEVICE_ID, (deviceId = uuid()))
  return deviceId
}

/** Sets the legacy `_hackle_id` cookie, which takes precedence over the device id on the next page. */
export function setUserId(id: string): void {
  if (typeof id === 'string' && id) legacyCookies().set(COOKIE_LEGACY_ID, id)
}

/** Deletes the legacy `_hackle_id` cookie (module-level helper of the reference). */
export function removeUserId(): void {
  legacyCookies().remove(COOKIE_LEGACY_ID)
}

/** The reference's default export: its module-level functions and `Logger`. */
export default {
  /** See `createInstance`. */
  createInstance,
  /** See `getUserId`. */
  getUserId,
  /** See `setUserId`. */
  setUserId,
  /** See `removeUserId`. */
  removeUserId,
  /** See `Logger`. */
  Logger,
}
