import { type Kernel, type SdkEvent, type Storage } from '../../kernel'
import { createLocalStore, transportOf } from '../../internal'
import { createFence } from './fence'
import { BATCH_SIZE, FORM_FIELDS, body, bodySize, chunk, formSize, fromEvent, parseStored, type Item } from './wire'

// Delivery: queue → records → requests, with nothing lost and nothing sent twice. See DELIVERY.md for the design.

const FLUSH_DELAY = 500
/**
 * Body bytes per keepalive request, and in flight at once. Browsers allow 64 kB of keepalive and beacon bodies in
 * flight per page; this leaves a quarter of it to the beacons of a page that goes away while the largest request is
 * out. Each request has a fixed main-thread cost of about a millisecond in Chromium, whatever its size, so fewer and
 * larger is cheaper: a batch of 100 realistic events (about 120 kB) takes three.
 */
const KEEPALIVE_BYTES = 48_000
/** What the browser lets a page have in flight (keepalive bodies and beacons); a beacon form takes what is left. */
const BROWSER_QUOTA = 64_000
/**
 * A beacon gives no answer: its bytes are counted in flight this long, so a page shown again at once does not send a
 * keepalive request the browser would refuse while the beacon still holds the quota.
 */
const BEACON_HOLD = 2_000
const RETRY_STORE_SIZE = 100
const BACKOFF_MIN = 1_000
const BACKOFF_MAX = 300_000
/** The lock is held this long at most; a writer waits SETTLE ms before checking it won (other tabs see writes within that). */
const LOCK_TTL = 5_000
const LOCK_SETTLE = 50
/** Without IndexedDB (no fence), a claimer keeps the lock this long after its claim: a later send, not a double one. */
const LOCK_HOLD = 1_000
/** A page refreshes its alive key this often from its first record on; records of a page silent for ALIVE_TTL are orphans. */
const HEARTBEAT = 20_000
const ALIVE_TTL = 180_000

const PENDING = 0
const SENDING = 1
const FAILED = 2
/** Left to other pages at pagehide or close; taken back if still there when the page is shown again. */
const RELEASED = 3

/** A batch of at most 100 events and one request body, with a durable copy in localStorage under `key`. */
interface Rec {
  readonly key: string
  items: Item[]
  body: string
  bytes: number
  state: number
  /** Came from the retry store or another page (changes the log text). */
  retry: boolean
  /** Sent with `keepalive`: the browser finishes the request even if the page goes away. */
  keepalive?: boolean
  /** The page was hidden while it was in flight: the durable copy was dropped, the browser finishes it. */
  handedOff?: boolean
}

/**
 * Whether fetch keeps requests alive past the page (Firefox before 133 ignores the flag: its requests are then
 * treated like any other, kept until answered).
 */
const canKeepalive = () => typeof fetch === 'function' && typeof Request === 'function' && 'keepalive' in Request.prototype

const isDone = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500)

/** Keys of the localStorage area that start with `prefix` (none when it is unavailable). */
function storedKeys(local: Storage['local'], prefix: string): string[] {
  const keys: string[] = []
  try {
    const area = local?.() ?? window.localStorage
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
  } catch {
    // no localStorage: this page's records live in memory only
  }
  return keys
}

export function createDelivery(kernel: Pick<Kernel, 'sdkKey' | 'config' | 'logger' | 'hooks' | 'storage'>) {
  const { sdkKey, config, logger, storage } = kernel
  const transport = transportOf(kernel)
  const store = createLocalStore(logger.warn, storage.local)
  const page = Date.now().toString(36) + Math.random().toString(36).slice(2, 8)
  const RETRY_KEY = `hackle-repository-storage_${sdkKey}`
  const PREFIX = `hackle-kit-outbox_${sdkKey}_`
  const LOCK_KEY = `hackle-kit-lock_${sdkKey}`
  const aliveKey = (id: string) => `hackle-kit-alive_${sdkKey}_${id}`
  const fence = createFence(sdkKey, storage)
  const records = new Map<string, Rec>()
  let queue: Item[] = []
  let seq = 0
  let inflight = 0
  let delay = 0
  let retryAt = 0
  let closed = false
  /** Released at pagehide: do nothing more until the page is shown again (back-forward cache). */
  let away = false
  let syncing = false
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let lockTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  /** Whether fetch keeps requests alive: read once (reading window globals is not free), at the first send. */
  let keepaliveOk: boolean | undefined

  const beat = () => store.set(aliveKey(page), String(Date.now()))

  /**
   * Keeps this page's alive key fresh from its first durable record (written before the record) until it leaves; a
   * page that holds nothing any more keeps it too, which costs one small write every 20 s and saves two per batch.
   */
  function owned(): void {
    if (heartbeat || away || closed) return
    for (const r of records.values()) {
      if (r.state === RELEASED || r.handedOff) continue
      beat()
      heartbeat = setInterval(beat, HEARTBEAT)
      return
    }
  }

  function save(r: Rec, items: Item[]): void {
    r.items = items
    r.body = body(items)
    r.bytes = bodySize(items)
    store.set(r.key, r.body)
  }

  function record(items: Item[], state: number, retry: boolean): void {
    const r = { key: PREFIX + page + '_' + seq++, state, retry } as Rec
    records.set(r.key, r)
    owned()
    save(r, items)
  }

  function drop(r: Rec): void {
    records.delete(r.key)
    store.remove(r.key)
  }

  function add(event: SdkEvent): void {
    queue.push(fromEvent(event))
    // Tracked while the page goes away (a later pagehide listener): beacon it or leave it to the next page.
    if (away) leave(true)
    else if (queue.length >= BATCH_SIZE) flush()
    else if (queue.length === 1) timer = setTimeout(flush, FLUSH_DELAY)
  }

  /** Queue → durable records. */
  function persistQueue(): void {
    clearTimeout(timer)
    timer = undefined
    for (const items of chunk(queue, KEEPALIVE_BYTES)) record(items, PENDING, false)
    queue = []
  }

  function flush(): void {
    persistQueue()
    pump()
  }

  /** Sends pending records: keepalive requests within the in-flight budget; nothing while backing off. */
  function pump(): void {
    if (closed || away || Date.now() < retryAt) return
    keepaliveOk ??= canKeepalive()
    for (const r of records.values()) {
      if (r.state !== PENDING) continue
      const keepalive = keepaliveOk && r.bytes <= KEEPALIVE_BYTES
      // Oldest first: the rest waits for an answer to free the in-flight budget.
      if (keepalive && inflight + r.bytes > KEEPALIVE_BYTES) break
      r.state = SENDING
      r.keepalive = keepalive
      if (keepalive) inflight += r.bytes
      transport.request({
        method: 'POST',
        url: `${config.eventUrl}/api/v2/w/events`,
        headers: transport.headers({ 'Content-Type': 'application/json' }),
        body: r.body,
        keepalive,
      }).then(
        (response) => answered(r, isDone(response.status) ? undefined : `Error: Http status code: ${response.status}`),
        // Chromium rejects in-flight fetches just before pagehide, though it finishes keepalive requests: decide
        // after this task's pagehide listeners have run.
        (error) => setTimeout(() => answered(r, String(error))),
      )
    }
  }

  function answered(r: Rec, error: string | undefined): void {
    if (r.keepalive) inflight -= r.bytes
    if (error === undefined) {
      drop(r)
      if (delay) {
        // The server answers again: send what waits in the retry store now.
        delay = retryAt = 0
        clearTimeout(retryTimer)
        void sync()
      }
    } else {
      // Left to the browser as the page went away: the rejection only means this page will not see the answer.
      if (away && r.handedOff) return
      logger.warn(`Failed to ${r.retry ? 'flush retry events' : 'dispatch events'}: ${error}`)
      if (r.handedOff) {
        // The page stayed: keep the events again (for other pages if this client is closed).
        r.handedOff = false
        if (closed || away) r.state = RELEASED
        owned()
        store.set(r.key, r.body)
      }
      if (closed || away || r.state === RELEASED) return
      r.state = FAILED
      if (Date.now() >= retryAt) {
        delay = delay ? Math.min(delay * 2, BACKOFF_MAX) : BACKOFF_MIN
        retryAt = Date.now() + delay
        clearTimeout(retryTimer)
        retryTimer = setTimeout(retry, delay)
      }
      // Failed events rest in the retry store until the backoff is over.
      void sync()
    }
    pump()
  }

  function retry(): void {
    for (const r of records.values()) if (r.state === FAILED) r.state = PENDING
    pump()
    void sync()
  }

  /** Looks again soon (the lock is held elsewhere, or this page's localStorage has not caught up yet). */
  function later(ms: number): void {
    clearTimeout(lockTimer)
    lockTimer = setTimeout(sync, ms)
  }

  /**
   * Runs `work` while no other page of the site runs it: Web Locks where the browser has them, else a localStorage
   * lock (write a claim, wait until other tabs would have seen it, go on only if the claim is still ours; when another
   * page holds it, try again once it has expired: a page that went away while holding it leaves it behind).
   */
  async function locked(work: () => boolean): Promise<void> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    if (locks && typeof locks.request === 'function') {
      try {
        // Without the lock another page is claiming right now: look again soon.
        await locks.request(LOCK_KEY, { ifAvailable: true }, (lock) => (lock ? fenced(work) : later(LOCK_TTL / 5)))
        return
      } catch {
        // A lock manager that refuses (an opaque origin): fall back to localStorage.
      }
    }
    const held = store.get(LOCK_KEY)
    const now = Date.now()
    const until = Number(held?.split(':')[1])
    if (held && !held.startsWith(page + ':') && until > now) return later(until - now + LOCK_SETTLE)
    const mine = `${page}:${now + LOCK_TTL}`
    store.set(LOCK_KEY, mine)
    await new Promise((resolve) => setTimeout(resolve, LOCK_SETTLE))
    if (closed || away || store.get(LOCK_KEY) !== mine) return
    try {
      await fenced(work)
    } finally {
      store.remove(LOCK_KEY)
    }
  }

  /**
   * Holding the lock: runs `work` once this page's localStorage shows every earlier claim (the fence), then passes
   * the fence on. Where the fence cannot tell (no IndexedDB), a page that took something keeps the lock a second
   * longer instead, so the next claimer reads localStorage later.
   */
  async function fenced(work: () => boolean): Promise<void> {
    if (closed || away) return
    const seq = await fence.enter()
    if (closed || away) return
    if (seq === undefined) return later(LOCK_TTL / 5)
    const took = work()
    pump()
    if (seq !== null) await fence.pass(seq)
    else if (took) await new Promise((resolve) => setTimeout(resolve, LOCK_HOLD))
  }

  /**
   * Under the lock, takes over what no live page owns: the retry store and the records of pages that went away.
   * While backing off, failed events (ours and taken) rest in the retry store, newest 100 (by event time), the
   * older ones in our records;
   * otherwise everything taken becomes pending records of this page. New copies are written before old ones are
   * removed, and events already held are skipped by insertId. Returns whether it took anything from other pages.
   */
  function claim(): boolean {
    const now = Date.now()
    // Records released at pagehide are ours again unless another page took them meanwhile (back-forward cache).
    for (const r of records.values()) if (r.state === RELEASED) store.get(r.key) === null ? records.delete(r.key) : (r.state = PENDING)
    owned()
    const held = new Set<string>()
    for (const r of records.values()) for (const i of r.items) held.add(i.id)
    for (const i of queue) held.add(i.id)
    const pool: Item[] = []
    const take = (items: Item[]) => {
      for (const i of items) {
        if (held.has(i.id)) continue
        held.add(i.id)
        pool.push(i)
      }
    }
    const stored = store.get(RETRY_KEY)
    take(parseStored(stored))
    const taken: string[] = []
    for (const key of storedKeys(storage.local, PREFIX)) {
      const owner = key.slice(PREFIX.length).split('_')
      if (owner.length !== 2 || owner[0] === page || now - Number(store.get(aliveKey(owner[0]!))) < ALIVE_TTL) continue
      take(parseStored(store.get(key)))
      taken.push(key)
    }
    if (now < retryAt) {
      const failed = [...records.values()].filter((r) => r.state === FAILED)
      for (const r of failed) pool.push(...r.items)
      pool.sort((a, b) => a.ts - b.ts)
      const rest = pool.length - RETRY_STORE_SIZE
      for (const items of chunk(pool.slice(0, Math.max(rest, 0)), KEEPALIVE_BYTES)) record(items, FAILED, true)
      if (pool.length) store.set(RETRY_KEY, `[${pool.slice(Math.max(rest, 0)).map((i) => i.s).join()}]`)
      else if (stored !== null) store.remove(RETRY_KEY)
      for (const r of failed) drop(r)
    } else {
      for (const items of chunk(pool, KEEPALIVE_BYTES)) record(items, PENDING, true)
      if (stored !== null) store.remove(RETRY_KEY)
    }
    for (const key of taken) store.remove(key)
    return stored !== null || taken.length > 0
  }

  /**
   * Whether a claim may find work: a retry store or another page's record in this page's view of localStorage, or a
   * record of this page's to settle (released, or failed while backing off). Without any, no lock is taken and the
   * fence is neither opened nor raised (a visitor's page with nothing left behind writes nothing at start). The view
   * may be late: what it does not show yet belongs to a live page or is claimed at a later sync (a later send, never a
   * double one).
   */
  function claimable(): boolean {
    // FAILED or RELEASED
    for (const r of records.values()) if (r.state > SENDING) return true
    return store.get(RETRY_KEY) !== null || storedKeys(storage.local, PREFIX).some((key) => !key.startsWith(PREFIX + page + '_'))
  }

  /** Retry flush (start, `visible`, `pageshow`, after failures): claims under the lock, then sends. */
  async function sync(): Promise<void> {
    if (closed || away) return
    if (syncing) return void (again = true)
    syncing = true
    try {
      if (claimable()) await locked(claim)
    } finally {
      syncing = false
    }
    if (again) {
      again = false
      return sync()
    }
    pump()
  }

  function hold(bytes: number): void {
    inflight += bytes
    setTimeout(() => {
      inflight -= bytes
      pump()
    }, BEACON_HOLD)
  }

  /** Room left in the browser's in-flight quota during one `leave` (0: a beacon was refused). */
  let room = 0

  /**
   * Sends events by beacon in forms that fit the room left, as many as the browser accepts; returns how many (in
   * order) it took. Forms are measured before they are built: Chromium encodes a whole form before it refuses it.
   */
  function beacon(items: Item[]): number {
    let sent = 0
    while (sent < items.length) {
      // As many events as fit in the room left, at most 100 (measured one by one, only as far as needed).
      let size = FORM_FIELDS
      let n = 0
      while (sent + n < items.length && n < BATCH_SIZE && size + formSize(items[sent + n]!) + 1 <= room) size += items[sent + n++]!.f! + 1
      if (!n || !transport.beacon(`${config.eventUrl}/api/v2/w/${sdkKey}/events`, body(items.slice(sent, sent + n)))) {
        if (n) logger.warn('Failed to dispatch events: Error: Failed to sendBeacon')
        room = 0
        break
      }
      room -= size
      sent += n
      hold(size)
    }
    return sent
  }

  /**
   * The page is hidden or going away (`release`: pagehide, close): pending records and then the queue go by beacon,
   * in-flight keepalive requests are left to the browser, and what remains is kept in localStorage; on release other
   * pages may take it. While the server is failing nothing is handed to the browser blindly.
   */
  function leave(release: boolean): void {
    clearTimeout(timer)
    const failing = delay > 0
    const beaconOk = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
    // Without `navigator.sendBeacon` what waits goes as keepalive JSON requests (then handed off below), as the
    // reference sends JSON when it has no beacon.
    if (!beaconOk) flush()
    room = !failing && beaconOk ? BROWSER_QUOTA - inflight : 0
    for (const r of [...records.values()]) {
      if (r.state === SENDING && r.keepalive && !failing) {
        if (!r.handedOff) store.remove(r.key)
        r.handedOff = true
      } else if (r.state === PENDING && room) {
        const sent = beacon(r.items)
        if (sent === r.items.length) drop(r)
        else if (sent) save(r, r.items.slice(sent))
      }
    }
    if (room) queue = queue.slice(beacon(queue))
    persistQueue()
    if (!release) return
    for (const r of records.values()) if (!r.handedOff) r.state = RELEASED
    // Released: other pages may take what is left at once.
    clearInterval(heartbeat)
    heartbeat = undefined
    store.remove(aliveKey(page))
    away = true
    // A lock this page is waiting on would block the next page until it expires.
    if (store.get(LOCK_KEY)?.startsWith(page + ':')) store.remove(LOCK_KEY)
    fence.close()
  }

  /**
   * The page is shown, visible or running again (back-forward cache, another tab, a frozen tab resumed). Another page
   * takes the records of a page whose alive key went stale (a tab frozen for minutes): the claim, behind the fence,
   * forgets those; until then none is sent (this page's localStorage may not show the taking yet).
   */
  function resume(): void {
    away = false
    for (const r of records.values()) if (r.state === PENDING || r.state === FAILED) r.state = RELEASED
    void sync()
  }

  return {
    add,
    flush,
    leave,
    sync,
    resume,
    close(): void {
      closed = true
      clearTimeout(timer)
      clearTimeout(retryTimer)
      clearTimeout(lockTimer)
      clearInterval(heartbeat)
      fence.close()
    },
  }
}
