/** A string key-value store that never throws. */
export interface KeyValueStore {
  /** The value stored under `key`, null when there is none (or the store cannot be read). */
  get(key: string): string | null
  /** Stores `value` under `key` (a failure to write is swallowed). */
  set(key: string, value: string): void
  /** Removes `key`. */
  remove(key: string): void
}

export function createMemoryStore(entries = new Map<string, string>()): KeyValueStore {
  return {
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
  }
}
