import type { Storage } from '../../kernel'
import { readPageCookie } from '../../internal'

/** A `localStorage` stand-in in memory, empty at start, gone with the page; it lists no keys (it has no `length`). */
function memoryArea(): globalThis.Storage {
  const entries = new Map<string, string>()
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, String(value)),
    removeItem: (key: string) => void entries.delete(key),
  } as Partial<globalThis.Storage> as globalThis.Storage
}

/**
 * The storage of native mode, where the app keeps the state: nothing is written to the page's storage. Cookies are
 * read from the page (so the device id is the one the browser has, as the reference reads it) and written to memory
 * only, where a removal hides the page's value; `localStorage` is an empty area in memory (so nothing other pages of
 * the site left is taken over); there is no IndexedDB.
 */
export function appStorage(): Storage {
  const written = new Map<string, string | null>()
  const area = memoryArea()
  return {
    cookies: {
      get: (key) => (written.has(key) ? written.get(key)! : readPageCookie(key)),
      set: (key, value) => void written.set(key, value),
      remove: (key) => void written.set(key, null),
    },
    local: () => area,
    indexedDB: () => undefined,
  }
}
