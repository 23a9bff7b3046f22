import type { createCookieStore } from './cookies'

/**
 * The kernel's cookie store (device id, user ids), shared with plugins. Plugins that keep data in localStorage
 * create their own store with `createLocalStore`; both fall back to memory when the browser refuses.
 */
export interface Storage {
  cookies: ReturnType<typeof createCookieStore>
}

export { createCookieStore } from './cookies'
export { createLocalStore } from './local-storage'
export { createMemoryStore, type KeyValueStore } from './key-value'
export { registrableDomain } from './domain'
export * from './keys'
