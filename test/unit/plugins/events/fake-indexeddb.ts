// A minimal IndexedDB for the events tests (happy-dom has none): one in-memory database shared by every client of a
// test, as the tabs of one origin share theirs. open (with upgradeneeded), object stores, get / put in transactions
// that complete asynchronously, in order. `fail` makes every later open fail (a private mode that refuses).
export function fakeIndexedDB() {
  const stores = new Map<string, Map<unknown, unknown>>()
  let version = 0
  const later = (fn: () => void) => void Promise.resolve().then(fn)
  const handle = {
    fail: false,
    opened: 0,
    /** The value under `key` in `store` (undefined if none). */
    peek: (store: string, key: unknown) => stores.get(store)?.get(key),
    poke: (store: string, key: unknown, value: unknown) => {
      if (!stores.has(store)) stores.set(store, new Map())
      version ||= 1
      stores.get(store)!.set(key, value)
    },
    api: {
      open(_name: string, wanted = 1) {
        const request: Record<string, any> = {}
        later(() => {
          if (handle.fail) return request.onerror?.()
          handle.opened++
          request.result = {
            createObjectStore: (name: string) => void stores.set(name, new Map()),
            close() {},
            transaction(name: string) {
              const data = stores.get(name)
              if (!data) throw new DOMException('no such store', 'NotFoundError')
              const tx: Record<string, any> = {}
              let pending = 0
              const run = (fn: () => unknown) => {
                const r: Record<string, any> = {}
                pending++
                later(() => {
                  r.result = fn()
                  r.onsuccess?.()
                  if (--pending === 0) later(() => tx.oncomplete?.())
                })
                return r
              }
              tx.objectStore = () => ({
                get: (key: unknown) => run(() => data.get(key)),
                put: (value: unknown, key: unknown) => run(() => void data.set(key, value)),
              })
              return tx
            },
          }
          if (version < wanted) {
            version = wanted
            request.onupgradeneeded?.()
          }
          request.onsuccess?.()
        })
        return request
      },
    },
  }
  return handle
}
