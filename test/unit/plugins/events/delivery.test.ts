import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  OUTBOX_PREFIX,
  RETRY_KEY,
  SDK_KEY,
  USER,
  client,
  countById,
  deferred,
  dtos,
  setVisibility,
  settle,
  storedKeys,
  useNetwork,
  type WireDto,
} from './helpers'

const retryStore = (): WireDto[] | null => JSON.parse(localStorage.getItem(RETRY_KEY) ?? 'null')
const trackMany = (c: ReturnType<typeof client>, n: number, from = 0) => {
  for (let i = from; i < from + n; i++) c.track({ key: 'purchase', value: i }, USER)
}
/** insertIds sent more than once, and how many distinct ones arrived. */
function tally(ids: string[]) {
  const counts = countById(ids)
  return { distinct: counts.size, repeated: [...counts].filter(([, n]) => n > 1) }
}

describe('events plugin: retry store and backoff (browser-behaviour §6.4)', () => {
  const net = useNetwork()

  it('keeps the DTOs of a failed batch in hackle-repository-storage_{sdkKey}, then resends them with their insertId and timestamp', async () => {
    net.answer = () => 503
    const c = client()
    await settle(100)
    trackMany(c, 3)
    c.variation(1, USER)
    await settle(500)
    expect(net.posts).toHaveLength(1)
    await settle(100)
    const byId = (list: WireDto[]) => [...list].sort((a, b) => a.insertId.localeCompare(b.insertId))
    const stored = retryStore()!
    const first = dtos(net.posts[0]!.body)
    expect(byId(stored)).toEqual(byId(first))
    expect(stored.map((e) => e.insertId)).toHaveLength(4)
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])

    net.answer = () => 200
    await settle(1000)
    expect(net.posts).toHaveLength(2)
    expect(dtos(net.posts[1]!.body)).toEqual(first)
    expect(net.posts[1]!.body).toEqual(net.posts[0]!.body)
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    await settle(60_000)
    expect(net.posts).toHaveLength(2)
  })

  it('backs off exponentially from 1 s to 5 min while the server fails, and resets after a success', async () => {
    net.answer = () => 503
    const c = client()
    await settle(100)
    c.track('purchase')
    await settle(20 * 60_000)
    const times = net.posts.map((p) => p.time)
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    // Each retry waits for the lock (50 ms) after its backoff.
    expect(gaps.slice(0, 6)).toEqual([1050, 2050, 4050, 8050, 16050, 32050])
    expect(Math.max(...gaps)).toBe(300_050)
    expect(net.posts.length).toBeLessThan(16)

    net.answer = () => 200
    await settle(300_100)
    const sent = net.posts.length
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    // A new failure starts again at 1 s.
    net.answer = () => 503
    c.track('again')
    await settle(500)
    expect(net.posts.length).toBe(sent + 1)
    await settle(1100)
    expect(net.posts.length).toBe(sent + 2)
  })

  it('keeps events after a network failure too (the reference loses them), logging the spec texts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    net.answer = () => 'error'
    const c = client({ log_disabled: false })
    await settle(100)
    c.track('purchase')
    await settle(600)
    expect(retryStore()!.map((e) => e.eventTypeKey)).toEqual(['purchase'])
    await settle(1100)
    const messages = warn.mock.calls.map(([m]) => String(m))
    expect(messages).toContain('[WARN] Hackle: Failed to dispatch events: Error: Request Error: TypeError: Failed to fetch')
    expect(messages).toContain('[WARN] Hackle: Failed to flush retry events: Error: Request Error: TypeError: Failed to fetch')
    net.answer = () => 503
    await settle(2100)
    expect(warn.mock.calls.map(([m]) => String(m))).toContain('[WARN] Hackle: Failed to flush retry events: Error: Http status code: 503')
    warn.mockRestore()
  })

  it('drops a batch the server rejects with a client error (4xx), like the reference', async () => {
    net.answer = () => 400
    const c = client()
    await settle(100)
    c.track('purchase')
    await settle(5000)
    expect(net.posts).toHaveLength(1)
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
  })

  it('holds the newest 100 in the retry store and the rest in its own records; all arrive once when the server is back', async () => {
    const left = Array.from({ length: 95 }, (_, i) => ({ insertId: `old-${i}`, timestamp: i, identifiers: {}, eventTypeId: 0, eventTypeKey: 'old', value: i }))
    localStorage.setItem(RETRY_KEY, JSON.stringify(left))
    net.answer = () => 503
    const c = client()
    trackMany(c, 20)
    c.kernel.hooks.flush.call('manual') // fails before the start-up retry flush claims the store
    await settle(100)
    const stored = retryStore()!
    expect(stored).toHaveLength(100)
    // Newest last: the 15 oldest moved to this page's own records, nothing dropped.
    expect(stored.slice(0, 80).map((e) => e.insertId)).toEqual(left.slice(15).map((e) => e.insertId))
    expect(stored.slice(80).map((e) => e.eventTypeKey)).toEqual(Array(20).fill('purchase'))
    const own = storedKeys(OUTBOX_PREFIX).flatMap((k) => dtos(JSON.parse(localStorage.getItem(k)!)))
    expect(own.map((e) => e.insertId)).toEqual(left.slice(0, 15).map((e) => e.insertId))

    net.answer = () => 200
    trackMany(c, 200, 20)
    await settle(5000)
    expect(tally(net.delivered)).toEqual({ distinct: 315, repeated: [] })
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
  })

  it('250 events through a failing server: every one arrives once when it is back', async () => {
    net.answer = () => 503
    const c = client()
    await settle(100)
    trackMany(c, 250)
    await settle(700)
    const stored = retryStore()!
    expect(stored.length).toBeGreaterThan(0)
    expect(stored.length).toBeLessThanOrEqual(100)
    const own = storedKeys(OUTBOX_PREFIX).flatMap((k) => dtos(JSON.parse(localStorage.getItem(k)!)))
    expect(tally([...stored, ...own].map((e) => e.insertId))).toEqual({ distinct: 250, repeated: [] })

    net.answer = () => 200
    await settle(5000)
    expect(tally(net.delivered)).toEqual({ distinct: 250, repeated: [] })
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
  })

  it('sends what the reference (or an earlier page) left in the retry store at start, and removes the key', async () => {
    const left = [
      { insertId: 'r-1', timestamp: 1, userId: 'u', identifiers: { $id: 'u' }, userProperties: {}, hackleProperties: {}, eventTypeId: 0, eventTypeKey: 'a', value: 0, properties: {} },
      { insertId: 'r-2', timestamp: 2, userId: 'u', identifiers: { $id: 'u' }, userProperties: {}, hackleProperties: {}, experimentId: 11, experimentKey: 1, experimentType: 'AB_TEST', experimentVersion: 1, variationId: 102, variationKey: 'B', decisionReason: 'TRAFFIC_ALLOCATED', properties: {} },
      { insertId: 'r-3', timestamp: 3, userId: 'u', identifiers: { $id: 'u' }, userProperties: {}, hackleProperties: {}, parameterId: 71, parameterKey: 'k', parameterType: 'STRING', valueId: 1, decisionReason: 'DEFAULT_RULE', properties: {} },
    ]
    localStorage.setItem(RETRY_KEY, JSON.stringify(left))
    client()
    await settle(100)
    expect(net.posts).toHaveLength(1)
    expect(net.posts[0]!.body).toEqual({ exposureEvents: [left[1]], trackEvents: [left[0]], remoteConfigEvents: [left[2]] })
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
  })

  it('flushes the retry store when the page becomes visible again', async () => {
    client()
    await settle(100)
    const dto = { insertId: 'v-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }
    localStorage.setItem(RETRY_KEY, JSON.stringify([dto]))
    setVisibility('hidden')
    setVisibility('visible')
    await settle(100)
    expect(net.posts.map((p) => p.body.trackEvents)).toEqual([[dto]])
  })

  it('two tabs starting together over the same retry store send it once', async () => {
    localStorage.setItem(RETRY_KEY, JSON.stringify([{ insertId: 't-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }]))
    client()
    client()
    client()
    await settle(2000)
    expect(net.posts.flatMap((p) => dtos(p.body)).map((e) => e.insertId)).toEqual(['t-1'])
  })

  it('with Web Locks, three tabs starting together take the retry store once, without the localStorage lock', async () => {
    // A lock manager as browsers have it: one holder per name; ifAvailable answers null while it is held.
    const held = new Set<string>()
    const requests: string[] = []
    const locks = {
      async request(name: string, _options: { ifAvailable: boolean }, callback: (lock: object | null) => unknown) {
        await Promise.resolve()
        const free = !held.has(name)
        requests.push(free ? 'granted' : 'busy')
        if (!free) return callback(null)
        held.add(name)
        try {
          return await callback({ name })
        } finally {
          held.delete(name)
        }
      },
    }
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks })
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    try {
      localStorage.setItem(RETRY_KEY, JSON.stringify([{ insertId: 't-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }]))
      client()
      client()
      client()
      await settle(2000)
      expect(net.posts.flatMap((p) => dtos(p.body)).map((e) => e.insertId)).toEqual(['t-1'])
      expect(requests).toContain('granted')
      expect(setItem.mock.calls.filter(([key]) => String(key).startsWith('hackle-kit-lock_'))).toEqual([])
    } finally {
      setItem.mockRestore()
      delete (navigator as { locks?: unknown }).locks
    }
  })
})

describe('events plugin: the claim fence (several tabs)', () => {
  const net = useNetwork()
  const FENCE_KEY = `hackle-kit-fence_${SDK_KEY}`
  const leftByReference = () =>
    localStorage.setItem(RETRY_KEY, JSON.stringify([{ insertId: 't-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }]))

  it('a tab whose localStorage does not show the last claim yet waits for it, then claims once', async () => {
    // Another tab claimed (fence 7 in IndexedDB); its localStorage writes have not reached this tab yet.
    net.idb!.poke('fence', SDK_KEY, 7)
    localStorage.setItem(FENCE_KEY, '6')
    leftByReference()
    client()
    await settle(1000)
    expect(net.posts).toHaveLength(0)
    expect(retryStore()).toHaveLength(1)
    // The other tab's writes arrive (it had taken the retry store, and raised the fence last).
    localStorage.removeItem(RETRY_KEY)
    localStorage.setItem(FENCE_KEY, '7')
    await settle(100)
    expect(net.posts).toHaveLength(0)
    // The next claim raised the fence in both places.
    expect([localStorage.getItem(FENCE_KEY), net.idb!.peek('fence', SDK_KEY)]).toEqual(['8', 8])
  })

  it('a page with nothing left behind takes no lock and writes no fence at start', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    try {
      client().track('e')
      await settle(1000)
      expect(net.posts).toHaveLength(1)
      expect(setItem.mock.calls.map(([key]) => String(key)).filter((key) => /^hackle-kit-(fence|lock)_/.test(key))).toEqual([])
      expect(net.idb!.peek('fence', SDK_KEY)).toBeUndefined()
    } finally {
      setItem.mockRestore()
    }
  })

  it('claims what a late copy shows at the next sync, once, and passes the fence on', async () => {
    net.idb!.poke('fence', SDK_KEY, 3)
    localStorage.setItem(FENCE_KEY, '2')
    client()
    client()
    await settle(1000)
    // Their view showed nothing to claim: no claim yet (a later send, never a double one).
    leftByReference()
    localStorage.setItem(FENCE_KEY, '3')
    await settle(1000)
    expect(net.posts).toHaveLength(0)
    // The next sync (the page shown again) claims it, in one of the two clients.
    setVisibility('hidden')
    setVisibility('visible')
    await settle(2000)
    expect(net.posts.flatMap((p) => dtos(p.body)).map((e) => e.insertId)).toEqual(['t-1'])
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    expect(Number(localStorage.getItem(FENCE_KEY))).toBeGreaterThan(3)
    expect(net.idb!.peek('fence', SDK_KEY)).toBe(Number(localStorage.getItem(FENCE_KEY)))
  })

  it('a fence missing from localStorage (cleared by the site) is put back: the events go at the next try, late, not lost', async () => {
    net.idb!.poke('fence', SDK_KEY, 5)
    leftByReference()
    client()
    await settle(4000)
    expect(net.posts).toHaveLength(0)
    await settle(4000)
    expect(net.posts.flatMap((p) => dtos(p.body)).map((e) => e.insertId)).toEqual(['t-1'])
    expect(localStorage.getItem(FENCE_KEY)).toBe('6')
  })

  it('never lowers the fence (IndexedDB wiped while localStorage kept its number)', async () => {
    localStorage.setItem(FENCE_KEY, '41')
    leftByReference()
    client()
    await settle(600)
    expect(net.posts).toHaveLength(1)
    expect([localStorage.getItem(FENCE_KEY), net.idb!.peek('fence', SDK_KEY)]).toEqual(['42', 42])
  })

  for (const missing of ['refuses to open', 'is missing'] as const) {
    it(`where IndexedDB ${missing}, three tabs still send the retry store once, the claimer keeping the lock 1 s`, async () => {
      if (missing === 'is missing') vi.stubGlobal('indexedDB', undefined)
      else net.idb!.fail = true
      leftByReference()
      client()
      client()
      client()
      await settle(300)
      // The claimer still holds the localStorage lock (a later claimer reads localStorage later).
      expect(localStorage.getItem(`hackle-kit-lock_${SDK_KEY}`)).not.toBeNull()
      await settle(2000)
      expect(localStorage.getItem(`hackle-kit-lock_${SDK_KEY}`)).toBeNull()
      expect(net.posts.flatMap((p) => dtos(p.body)).map((e) => e.insertId)).toEqual(['t-1'])
      expect(localStorage.getItem(FENCE_KEY)).toBeNull()
    })
  }
})

describe('events plugin: persistence across pages', () => {
  const net = useNetwork()

  it('in Safari, beforeunload sends the queue by beacon (it counts as hidden); elsewhere it does nothing', async () => {
    for (const browserName of ['Mobile Safari', 'Chrome']) {
      net.beacons = []
      const page = client({}, [{ name: 'browser', apply: (k) => k.hooks.resolveUser.tap('browser', (u) => void (u.hackleProperties = { browserName })) }])
      await settle(100)
      trackMany(page, 3)
      window.dispatchEvent(new Event('beforeunload'))
      expect(net.beacons.flatMap((b) => dtos(b.body)), browserName).toHaveLength(browserName === 'Chrome' ? 0 : 3)
      page.close()
    }
  })

  it('a reload loses nothing: what the beacon could not take is sent by the next page, once', async () => {
    net.acceptBeacon = () => false
    const first = client()
    await settle(100)
    trackMany(first, 30)
    window.dispatchEvent(new Event('pagehide'))
    first.close()
    expect(net.posts).toHaveLength(0)
    expect(storedKeys(OUTBOX_PREFIX)).toHaveLength(1)

    client() // the next page
    await settle(100)
    expect(tally(net.delivered)).toEqual({ distinct: 30, repeated: [] })
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
    // Only the live page's alive key is left (and it goes with that page), and the claim fence (one number a site).
    expect(Object.keys(localStorage).filter((k) => k.startsWith('hackle-kit-')).sort()).toEqual([
      expect.stringMatching(/^hackle-kit-alive_/),
      `hackle-kit-fence_${SDK_KEY}`,
    ])
  })

  it('a batch in flight when the page goes away is left to the browser (keepalive), not sent again', async () => {
    const hold = deferred<number>()
    net.answer = () => hold.promise
    const first = client()
    await settle(100)
    trackMany(first, 5)
    await settle(500)
    expect(net.posts).toHaveLength(1)
    window.dispatchEvent(new Event('pagehide'))
    first.close()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])

    net.answer = () => 200
    client()
    await settle(1000)
    hold.resolve(200)
    await settle(10)
    expect(net.posts).toHaveLength(1)
    expect(tally(net.delivered)).toEqual({ distinct: 5, repeated: [] })
  })

  it('without keepalive support (Firefox before 133) a batch in flight at pagehide is kept for the next page', async () => {
    delete (Request.prototype as { keepalive?: unknown }).keepalive
    const hold = deferred<number>()
    net.answer = () => hold.promise
    const first = client()
    await settle(100)
    trackMany(first, 5)
    await settle(500)
    expect(net.posts.map((p) => p.keepalive)).toEqual([false])
    window.dispatchEvent(new Event('pagehide'))
    first.close()
    expect(storedKeys(OUTBOX_PREFIX)).toHaveLength(1) // the browser will abort it: not lost
    net.answer = () => 200
    client()
    await settle(200)
    expect(tally(net.delivered)).toEqual({ distinct: 5, repeated: [] })
  })

  it('a keepalive fetch the browser rejects as the page unloads (Chromium does, then finishes it) is not sent again', async () => {
    const hold = deferred<number | 'error'>()
    net.answer = () => hold.promise
    const first = client()
    await settle(100)
    trackMany(first, 5)
    await settle(500)
    expect(net.posts).toHaveLength(1)
    // The rejection comes first, in the same task as pagehide.
    hold.resolve('error')
    for (let i = 0; i < 20; i++) await Promise.resolve() // microtasks only: no timer runs in between
    window.dispatchEvent(new Event('pagehide'))
    await settle(10)
    first.close()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    client()
    await settle(1000)
    expect(net.posts).toHaveLength(1)
  })

  it('while the server fails, nothing is handed blindly to a beacon: the next page sends it all once', async () => {
    net.answer = () => 503
    const first = client()
    await settle(100)
    trackMany(first, 5)
    await settle(700) // failed, now in the retry store
    trackMany(first, 5, 5) // queued during the backoff
    window.dispatchEvent(new Event('pagehide'))
    first.close()
    expect(net.beacons).toHaveLength(0)

    net.answer = () => 200
    client()
    await settle(200)
    expect(tally(net.delivered)).toEqual({ distinct: 10, repeated: [] })
    expect(localStorage.getItem(RETRY_KEY)).toBeNull()
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([])
  })

  it('a hidden page keeps its records and sends them itself when visible again', async () => {
    net.acceptBeacon = () => false
    const c = client()
    await settle(100)
    trackMany(c, 3)
    setVisibility('hidden')
    expect(storedKeys(OUTBOX_PREFIX)).toHaveLength(1)
    expect(localStorage.getItem(`hackle-kit-alive_${SDK_KEY}_${storedKeys(OUTBOX_PREFIX)[0]!.split('_').at(-2)}`)).not.toBeNull()
    // Another page does not take the records of a live page.
    client()
    await settle(100)
    expect(net.posts).toHaveLength(0)
    setVisibility('visible')
    await settle(100)
    expect(tally(net.delivered)).toEqual({ distinct: 3, repeated: [] })
  })

  it('a tab frozen past its alive key forgets the records another page took meanwhile', async () => {
    net.acceptBeacon = () => false
    const frozen = client()
    await settle(100)
    trackMany(frozen, 3)
    setVisibility('hidden')
    const [key] = storedKeys(OUTBOX_PREFIX)
    const owner = key!.slice(OUTBOX_PREFIX.length).split('_')[0]
    // Frozen: no heartbeat for more than 3 minutes.
    localStorage.setItem(`hackle-kit-alive_${SDK_KEY}_${owner}`, String(Date.now() - 200_000))
    client()
    await settle(100)
    expect(tally(net.delivered)).toEqual({ distinct: 3, repeated: [] })
    setVisibility('visible') // the frozen tab wakes up
    await settle(1000)
    expect(tally(net.delivered)).toEqual({ distinct: 3, repeated: [] })
    expect(net.posts).toHaveLength(1)
  })

  it('takes over the records of a page that died without pagehide once its alive key is 3 minutes old', async () => {
    const body = JSON.stringify({ exposureEvents: [], trackEvents: [{ insertId: 'd-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }], remoteConfigEvents: [] })
    localStorage.setItem(`${OUTBOX_PREFIX}deadpage_0`, body)
    localStorage.setItem(`hackle-kit-alive_${SDK_KEY}_deadpage`, String(Date.now()))
    client()
    await settle(100)
    expect(net.posts).toHaveLength(0)
    await settle(180_000)
    setVisibility('visible')
    await settle(100)
    expect(net.posts.map((p) => p.text)).toEqual([body])
    expect(localStorage.getItem(`${OUTBOX_PREFIX}deadpage_0`)).toBeNull()
  })

  it('skips events it already holds when an old copy is found (no double send by insertId)', async () => {
    const dto = { insertId: 'x-1', timestamp: 1, identifiers: {}, eventTypeId: 0, eventTypeKey: 'a' }
    localStorage.setItem(RETRY_KEY, JSON.stringify([dto, dto]))
    localStorage.setItem(`${OUTBOX_PREFIX}gone_0`, JSON.stringify([dto]))
    client()
    await settle(100)
    expect(net.delivered).toEqual(['x-1'])
  })
})

describe('events plugin: when localStorage throws', () => {
  const net = useNetwork()
  afterEach(() => vi.restoreAllMocks())

  it('decides and delivers from memory, retries included, without throwing', async () => {
    const fail = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    for (const method of ['getItem', 'setItem', 'removeItem', 'key'] as const) vi.spyOn(Storage.prototype, method).mockImplementation(fail)
    vi.spyOn(Storage.prototype, 'length', 'get').mockImplementation(fail)
    net.answer = () => 503
    const c = client()
    await settle(100)
    trackMany(c, 10)
    c.variation(1, USER)
    await settle(700)
    expect(net.posts).toHaveLength(1)
    net.answer = () => 200
    await settle(1200)
    expect(tally(net.delivered)).toEqual({ distinct: 11, repeated: [] })
    // Hidden with the beacon refused, then visible: still from memory.
    net.acceptBeacon = () => false
    trackMany(c, 2, 100)
    setVisibility('hidden')
    setVisibility('visible')
    await settle(200)
    expect(tally(net.delivered)).toEqual({ distinct: 13, repeated: [] })
  })
})
