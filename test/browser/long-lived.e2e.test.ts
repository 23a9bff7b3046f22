// A long-lived page in real Chromium: many decisions, tracks and route changes keep the heap flat and deliver every
// event; a page that names a different user on every call stays bounded and its queue drains; after close() no
// listener on window/document and no timer of the SDK is left.
// CI runs a share of the full load; the full one (1,000,000 decisions, 100,000 tracks, 1,000 route changes):
//   LONG_LIVED_FULL=1 npx vitest run --project e2e test/browser/long-lived.e2e.test.ts
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import type { LocalServer } from '../../demo/server-core.mjs'
import { CHROMIUM, CHROMIUM_ARGS, assertBundle, describeChromium, hasBundle, newContext } from './chromium'
import { SDK_KEY } from './harness'
import { startAppServer } from './hostile-server'

const FULL = process.env.LONG_LIVED_FULL === '1'
const DECISIONS = FULL ? 1_000_000 : 200_000
const TRACKS = FULL ? 100_000 : 20_000
const ROUTES = 1_000
const USERS = FULL ? 20_000 : 5_000
const MB = 1 << 20

/**
 * Init script: counts the listeners the SDK's script adds to window and document and the timers it sets, from
 * `__instrument.start()` on, that are still live (a listener not removed, an interval not cleared, a timeout neither fired nor cleared).
 */
function instrument(): void {
  const listeners: Array<{ target: EventTarget; type: string; listener: unknown; capture: boolean }> = []
  const timers = new Map<unknown, string>()
  let on = false
  let registeredCount = 0
  let timersSet = 0
  // only what the SDK's own script registers (the test driver registers listeners of its own)
  const fromSdk = () => /hackle-kit\.js/.test(new Error().stack ?? '')
  const captureOf = (options: unknown) => (typeof options === 'boolean' ? options : !!(options as { capture?: boolean } | undefined)?.capture)
  const proto = EventTarget.prototype
  const add = proto.addEventListener
  const remove = proto.removeEventListener
  proto.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    if (on && listener && (this === window || this === document) && fromSdk()) {
      const capture = captureOf(options)
      if (!listeners.some((l) => l.target === this && l.type === type && l.listener === listener && l.capture === capture)) {
        listeners.push({ target: this, type, listener, capture })
        registeredCount++
      }
    }
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions)
  } as typeof proto.addEventListener
  proto.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    const capture = captureOf(options)
    const i = listeners.findIndex((l) => l.target === this && l.type === type && l.listener === listener && l.capture === capture)
    if (i >= 0) listeners.splice(i, 1)
    return remove.call(this, type, listener as EventListener, options as EventListenerOptions)
  } as typeof proto.removeEventListener
  const w = window as any
  const { setTimeout: st, setInterval: si, clearTimeout: ct, clearInterval: ci } = w
  w.setTimeout = function (fn: unknown, ms?: number, ...rest: unknown[]) {
    if (!on || typeof fn !== 'function' || !fromSdk()) return st(fn, ms, ...rest)
    const id = st(function (this: unknown, ...a: unknown[]) {
      timers.delete(id)
      return (fn as (...x: unknown[]) => unknown).apply(this, a)
    }, ms, ...rest)
    timers.set(id, `timeout ${ms}`)
    timersSet++
    return id
  }
  w.setInterval = function (fn: unknown, ms?: number, ...rest: unknown[]) {
    const id = si(fn, ms, ...rest)
    if (on && fromSdk()) timers.set(id, `interval ${ms}`), timersSet++
    return id
  }
  w.clearTimeout = (id: unknown) => (timers.delete(id), ct(id))
  w.clearInterval = (id: unknown) => (timers.delete(id), ci(id))
  w.__instrument = {
    start: () => void (on = true),
    registered: () => ({ listeners: registeredCount, timers: timersSet }),
    live: () => ({
      listeners: listeners.map((l) => `${l.target === window ? 'window' : 'document'}:${l.type}`),
      timers: [...timers.values()],
    }),
  }
}

type Workload = 'warm' | 'decide' | 'track' | 'route' | 'perUser'

/** What the page does per step, by name (an init script: installed before the page's scripts). */
function installWorkloads(): void {
  ;(window as any).__workloads = {
    warm: (i: number, client: any) => {
      client.variation(1)
      client.track({ key: 'warm', value: i })
      client.variation(1, { id: 'warm-u' + (i % 50) })
    },
    decide: (_i: number, client: any) => {
      client.variation(1)
      client.isFeatureOn(5)
      client.remoteConfig().get('banner_text', 'd')
    },
    track: (i: number, client: any) => client.track({ key: 'lived', value: i, properties: { n: i } }),
    route: (i: number) => history.pushState({ i }, '', '/route/' + i),
    // a page naming a different user on every call: a decision and a track for each
    perUser: (i: number, client: any) => {
      client.variation(1, { id: 'lived-u' + i })
      client.track({ key: 'per-user', value: i }, { id: 'lived-u' + i })
    },
  }
}

describeChromium('a long-lived page', () => {
  let browser: Browser
  let app: LocalServer

  beforeAll(async () => {
    if (!hasBundle()) return
    app = await startAppServer()
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'], headless: true })
  })
  afterAll(async () => {
    await browser?.close()
    await app?.close()
  })

  /** The JS heap in use after a full garbage collection. */
  async function heapAfterGc(cdp: CDPSession): Promise<number> {
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
    return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize
  }

  /** Track events the server received with `key`, counted by insertId (a repeat would be a duplicate delivery). */
  function received(key: string): { total: number; distinct: number } {
    const ids = app.events().flatMap((batch: any) => [...(batch.trackEvents ?? []), ...(batch.exposureEvents ?? [])])
      .filter((e: any) => e.eventTypeKey === key || (key === '$exposure' && e.experimentKey === 1 && /^lived-u/.test(e.userId ?? '')))
      .map((e: any) => e.insertId)
    return { total: ids.length, distinct: new Set(ids).size }
  }

  /** Runs the page's workload `name` for i in [0, n) in chunks, yielding a task between chunks (the SDK's timers run). */
  async function inChunks(page: Page, n: number, chunk: number, name: Workload): Promise<void> {
    for (let from = 0; from < n; from += chunk) {
      await page.evaluate(
        ([from, to, name]) =>
          new Promise<void>((resolve) => {
            const run = (window as any).__workloads[name] as (i: number, client: unknown) => void
            const client = (window as any).__client
            for (let i = from; i < to; i++) run(i, client)
            setTimeout(resolve, 0)
          }),
        [from, Math.min(n, from + chunk), name] as const,
      )
    }
  }

  it(`${DECISIONS} decisions, ${TRACKS} tracks, ${ROUTES} route changes and ${USERS} different users keep the heap flat, deliver every event, and close() leaves nothing`, async () => {
    assertBundle()
    const started = Date.now()
    const ctx = await newContext(browser)
    const page = await ctx.newPage()
    const cdp = await ctx.newCDPSession(page)
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    await page.addInitScript(instrument)
    await page.addInitScript(installWorkloads)
    await page.goto(`${app.url}/blank.html`)
    await page.evaluate(() => (window as any).__instrument.start())
    await page.addScriptTag({ url: '/hackle-kit.js' })
    const init = await page.evaluate(async () => {
      const origin = location.origin
      const client = (window as any).Hackle.createInstance('e2e-sdk-key-0123456789', {
        sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin, user: { id: 'lived', deviceId: 'lived' },
      })
      ;(window as any).__client = client
      return client.onInitialized({ timeout: 10_000 })
    })
    expect(init).toEqual({ success: true })

    // warm-up: every path once, so that what the code itself keeps is in the baseline
    await inChunks(page, 2000, 1000, 'warm')
    await page.evaluate(() => history.pushState({}, '', '/warm'))
    await expect.poll(() => received('warm').distinct, { timeout: 30_000 }).toBe(2000)
    const baseline = await heapAfterGc(cdp)

    await inChunks(page, DECISIONS, 50_000, 'decide')
    await inChunks(page, TRACKS, 1000, 'track')
    await inChunks(page, ROUTES, 100, 'route')
    await inChunks(page, USERS, 1000, 'perUser')

    await expect.poll(() => received('lived').distinct, { timeout: 120_000, interval: 500 }).toBe(TRACKS)
    await expect.poll(() => received('per-user').distinct, { timeout: 60_000, interval: 500 }).toBe(USERS)
    await expect.poll(() => received('$exposure').distinct, { timeout: 60_000, interval: 500 }).toBe(USERS)
    const pageViews = () => app.events().flatMap((b: any) => b.trackEvents ?? []).filter((e: any) => e.eventTypeKey === '$page_view' && /\/route\//.test(JSON.stringify(e.hackleProperties ?? {}))).length
    await expect.poll(pageViews, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(ROUTES)
    const after = await heapAfterGc(cdp)
    const growth = after - baseline

    await page.evaluate(() => (window as any).__client.close())
    const live = await page.evaluate(() => (window as any).__instrument.live())
    // the instrument saw the SDK's listeners (a count of zero would only mean it saw nothing)
    const registered = await page.evaluate(() => (window as any).__instrument.registered())
    expect(registered.listeners).toBeGreaterThan(0)
    expect(registered.timers).toBeGreaterThan(0)
    const tracked = received('lived')
    console.log(
      `long-lived page: ${DECISIONS} decisions, ${TRACKS} tracks, ${ROUTES} routes, ${USERS} users in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `heap ${(baseline / MB).toFixed(2)} MB → ${(after / MB).toFixed(2)} MB (growth ${(growth / MB).toFixed(2)} MB); ` +
        `tracks received ${tracked.total} (${tracked.distinct} distinct), page views ${pageViews()}; after close: ` +
        `${registered.listeners} listeners and ${registered.timers} timers registered; left: ${live.listeners.length} listeners [${live.listeners.join(', ')}], ${live.timers.length} timers [${live.timers.join(', ')}]`,
    )
    expect(growth).toBeLessThan(5 * MB)
    expect(tracked).toEqual({ total: TRACKS, distinct: TRACKS })
    expect(received('per-user')).toEqual({ total: USERS, distinct: USERS })
    expect(live).toEqual({ listeners: [], timers: [] })
    expect(pageErrors).toEqual([])
    await ctx.close()
  }, FULL ? 900_000 : 300_000)
})
