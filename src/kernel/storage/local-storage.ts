import { createMemoryStore, type KeyValueStore } from './key-value'

/**
 * localStorage that degrades instead of failing: when storage is disabled, full or throws, the value is kept
 * in memory for the rest of the page's life (and the failure is reported once), so reads stay consistent.
 */
export function createLocalStore(onFailure: (message: string) => void, area?: () => globalThis.Storage): KeyValueStore {
  const memory = createMemoryStore()
  const shadowed = new Set<string>()
  let reported = false
  const storage = area ?? (() => window.localStorage)
  const fail = (operation: string, error: unknown) => {
    if (reported) return
    reported = true
    onFailure(`localStorage ${operation} failed, keeping data in memory: ${String(error)}`)
  }
  return {
    get(key) {
      if (shadowed.has(key)) return memory.get(key)
      try {
        return storage().getItem(key)
      } catch (error) {
        fail('read', error)
        return memory.get(key)
      }
    },
    set(key, value) {
      try {
        storage().setItem(key, value)
        shadowed.delete(key)
        memory.remove(key)
      } catch (error) {
        fail('write', error)
        shadowed.add(key)
        memory.set(key, value)
      }
    },
    remove(key) {
      shadowed.delete(key)
      memory.remove(key)
      try {
        storage().removeItem(key)
      } catch (error) {
        fail('remove', error)
      }
    },
  }
}
