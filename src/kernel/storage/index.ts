import type { KeyValueStore } from './key-value'
import type { createCookieStore } from './cookies'

/** The two stores the reference uses, each falling back to memory when the browser refuses. */
export interface Storage {
  cookies: ReturnType<typeof createCookieStore>
  local: KeyValueStore
}

export { createCookieStore } from './cookies'
export { createLocalStore } from './local-storage'
export { createMemoryStore, type KeyValueStore } from './key-value'
export { registrableDomain } from './domain'
export * from './keys'
