import { createKernel, type FullHackleClient, type HackleConfig, type Plugin } from './kernel'
import { preset } from './preset'
import { COOKIE_DEVICE_ID, COOKIE_LEGACY_ID, createCookieStore } from './kernel/storage'
import { uuid } from './kernel/util/uuid'

export * from './kernel'
export { preset } from './preset'
export { HackleSessionPersistConditions } from './plugins/sessions'
export {
  PropertyOperationsBuilder,
  PropertyOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionOperations,
  HackleSubscriptionStatus,
} from './plugins/identity'

export interface InstanceConfig extends HackleConfig {
  /** Extra plugins after the preset, or a function that edits the preset's list. */
  plugins?: Plugin[] | ((defaults: Plugin[]) => Plugin[])
}

const instances = new Map<string, FullHackleClient>()

/**
 * The full SDK: the kernel with every built-in plugin. Like the reference, a page gets one client per SDK key:
 * calling again with the same key returns the running client (until it is closed).
 */
export function createInstance(sdkKey: string, config: InstanceConfig = {}): FullHackleClient {
  const key = typeof sdkKey === 'string' ? sdkKey : ''
  const running = instances.get(key)
  if (running) return running
  const given = config?.plugins
  const defaults = preset()
  const plugins = typeof given === 'function' ? given(defaults) : [...defaults, ...(Array.isArray(given) ? given : [])]
  // The preset always includes every plugin, so every plugin method is present.
  const client = createKernel(key, { ...config, plugins }) as FullHackleClient
  const close = client.close
  const registered: FullHackleClient = {
    ...client,
    close() {
      instances.delete(key)
      close()
    },
  }
  instances.set(key, registered)
  return registered
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

export function removeUserId(): void {
  legacyCookies().remove(COOKIE_LEGACY_ID)
}
