import type { KeyValueStore } from './key-value'

/**
 * Where a client keeps data (`kernel.storage`): the kernel's cookie store (device id, user ids), shared with plugins,
 * and the areas plugins keep their own data in. By default the page's cookies, `localStorage` and IndexedDB; a plugin's
 * `storage()` may give others before anything is read or stored (see `PluginDefinition.storage`).
 */
export interface Storage {
  /** Cookies; `set` takes an optional lifetime in days (default: the store's). */
  cookies: KeyValueStore & {
    /** Sets a cookie for `days` days (default: the store's lifetime). */
    set(key: string, value: string, days?: number): void
  }
  /**
   * The `localStorage` area; absent: the page's (`window.localStorage`). Plugins reach it only through this:
   * `createLocalStore(onFailure, kernel.storage.local)`, or `localArea(kernel.storage)` to list keys. May throw where
   * the page refuses storage (the stores fall back to memory).
   */
  local?: () => globalThis.Storage
  /** The IndexedDB factory; absent: the page's (`indexedDB`). Answers undefined (or throws) where there is none. */
  indexedDB?: () => IDBFactory | undefined
}

export { createCookieStore } from './cookies'
export { createLocalStore } from './local-storage'
export { createMemoryStore, type KeyValueStore } from './key-value'
export { registrableDomain } from './domain'
export * from './keys'
