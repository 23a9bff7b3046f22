// The claim fence: a tab claims what the site's tabs share in localStorage only once its copy of localStorage shows
// everything the previous claimer wrote. localStorage reaches other tabs late (Chromium: each renderer process keeps
// a copy, updated by messages in the order the writes were made); IndexedDB is coherent. The last claimer's number
// lives in both: the claimer writes localStorage first, then IndexedDB, under the cross-tab lock. See DELIVERY.md.

import type { Storage } from '../../kernel'

const DB = 'hackle-kit'
const STORE = 'fence'
/** How often a tab looks at localStorage while it waits, and for how long at most before it claims later instead. */
const POLL = 10
const WAIT = 5_000

/** One request in its own transaction: its result once the transaction committed; rejects if it failed. */
function run<T>(db: IDBDatabase, mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode)
    const request = op(tx.objectStore(STORE))
    tx.oncomplete = () => resolve(request.result)
    tx.onerror = tx.onabort = () => reject(tx.error)
  })
}

export function createFence(sdkKey: string, storage: Pick<Storage, 'local' | 'indexedDB'>) {
  const KEY = `hackle-kit-fence_${sdkKey}`
  let db: Promise<IDBDatabase | undefined> | undefined
  /** The fence this tab sees; undefined when localStorage cannot be read (then nothing is shared: no fence). */
  const read = () => {
    try {
      return (storage.local?.() ?? localStorage).getItem(KEY)
    } catch {
      return undefined
    }
  }
  const write = (seq: number) => {
    try {
      (storage.local?.() ?? localStorage).setItem(KEY, String(seq))
      return true
    } catch {
      return false
    }
  }
  /** The connection, opened once per page; undefined where IndexedDB is missing or refuses (some private modes). */
  const open = () =>
    (db ??= new Promise<IDBDatabase | undefined>((resolve) => {
      // no factory (a stand-in storage may have none): the call throws, the promise rejects, and there is no fence
      const request = (storage.indexedDB ? storage.indexedDB()! : indexedDB).open(DB, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(STORE)
      request.onsuccess = () => {
        const connection = request.result
        // Another version or a site-data wipe asks to close: let it, open again at the next claim.
        connection.onversionchange = () => {
          connection.close()
          db = undefined
        }
        resolve(connection)
      }
      request.onerror = () => resolve(undefined)
    }).catch(() => undefined))

  return {
    /**
     * Call holding the lock. Resolves with the fence number once this tab's localStorage shows what every earlier
     * claimer wrote; `null` without IndexedDB (the view may be stale: nothing tells); `undefined` when the view did not
     * catch up within WAIT or IndexedDB failed: claim later, not now.
     */
    async enter(): Promise<number | null | undefined> {
      const connection = await open()
      if (!connection || read() === undefined) return null
      let seq: number
      try {
        seq = (await run<number | undefined>(connection, 'readonly', (s) => s.get(sdkKey))) ?? 0
      } catch {
        db = undefined
        return undefined
      }
      for (const end = Date.now() + WAIT; ; ) {
        const seen = read() ?? null
        if (Number(seen) >= seq) return seq
        if (Date.now() > end) {
          // Not a late copy but a missing one (localStorage cleared): put the fence back; the next claim goes on.
          if (seen === null || isNaN(+seen)) write(seq)
          return undefined
        }
        await new Promise((resolve) => setTimeout(resolve, POLL))
      }
    },
    /**
     * Call holding the lock, after the claim's last localStorage write: raises the fence in localStorage, then in
     * IndexedDB, and resolves when that committed (release the lock only then). Never lowers it.
     */
    async pass(seq: number): Promise<void> {
      const connection = await open()
      const next = Math.max(seq, Number(read()) || 0) + 1
      if (connection && write(next)) await run(connection, 'readwrite', (s) => s.put(next, sdkKey)).catch(() => (db = undefined))
    },
    /** The page leaves (an open connection could keep it out of the back-forward cache); reopened when needed. */
    close(): void {
      void db?.then((connection) => connection?.close())
      db = undefined
    },
  }
}
