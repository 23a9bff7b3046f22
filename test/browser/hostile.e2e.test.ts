// Pages whose globals other scripts changed: the SDK must still load and decide.
import { expect, it } from 'vitest'
import { describeChromium } from './chromium'
import { SDK_KEY, appResult, expectUser1Decided, useBrowserPages, watchPage } from './harness'

/**
 * What Prototype.js 1.6 (still on many old sites) does to arrays, for addInitScript: `toJSON` that returns the JSON
 * text (so `JSON.stringify` double-encodes every array), its own `reduce` (the array itself, or its only element),
 * `entries` as a copy of the values, Enumerable's `map` / `filter` / `some` / `every` without the array argument,
 * all of them enumerable, and `Array.from` as `$A` (which only copies what has a length: no iterators, no Sets).
 */
function installPrototypeJsArrays(): void {
  const proto = Array.prototype as unknown as Record<string, unknown>
  const methods: Record<string, unknown> = {
    toJSON(this: unknown[]) {
      const parts: string[] = []
      for (let i = 0; i < this.length; i++) {
        const value = JSON.stringify(this[i])
        if (value !== undefined) parts.push(value)
      }
      return '[' + parts.join(', ') + ']'
    },
    reduce(this: unknown[]) {
      return this.length > 1 ? this : this[0]
    },
    entries(this: unknown[]) {
      return this.slice()
    },
    map(this: unknown[], iterator: (v: unknown, i: number) => unknown, context?: unknown) {
      const results: unknown[] = []
      for (let i = 0; i < this.length; i++) results.push(iterator.call(context, this[i], i))
      return results
    },
    filter(this: unknown[], iterator: (v: unknown, i: number) => unknown, context?: unknown) {
      const results: unknown[] = []
      for (let i = 0; i < this.length; i++) if (iterator.call(context, this[i], i)) results.push(this[i])
      return results
    },
    some(this: unknown[], iterator: (v: unknown, i: number) => unknown, context?: unknown) {
      for (let i = 0; i < this.length; i++) if (iterator.call(context, this[i], i)) return true
      return false
    },
    every(this: unknown[], iterator: (v: unknown, i: number) => unknown, context?: unknown) {
      for (let i = 0; i < this.length; i++) if (!iterator.call(context, this[i], i)) return false
      return true
    },
  }
  // plain assignment, as Object.extend does: the methods become enumerable
  for (const name of Object.keys(methods)) proto[name] = methods[name]
  ;(Array as unknown as Record<string, unknown>).from = function $A(iterable: { length?: number; toArray?: () => unknown[] } | null) {
    if (!iterable) return []
    if (iterable.toArray) return iterable.toArray()
    let length = iterable.length || 0
    const results = new Array(length)
    while (length--) results[length] = (iterable as Record<number, unknown>)[length]
    return results
  }
}

describeChromium('hostile pages', () => {
  const session = useBrowserPages({ csp: null })

  it('loads and decides when Object.prototype has an enumerable member (an old library or a careless polyfill)', async () => {
    await session.context.addInitScript(() => {
      ;(Object.prototype as Record<string, unknown>).polluted = 'from an old library'
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    const result = await appResult(session.page)
    expectUser1Decided(result, diag.pageErrors)
  })

  it('without crypto.randomUUID (older browsers, some embedded views) it still makes v4 device ids and decides', async () => {
    await session.context.addInitScript(() => {
      delete (Crypto.prototype as unknown as Record<string, unknown>).randomUUID
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}`)
    expect(await session.page.evaluate(() => typeof (crypto as unknown as Record<string, unknown>).randomUUID)).toBe('undefined')
    const result = await appResult(session.page)
    expect(result.error).toBeUndefined()
    expect(result.stage).toBe('done')
    expect(result.user?.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(diag.pageErrors).toEqual([])
  })

  it('with Prototype.js-style arrays (toJSON, reduce, entries, Enumerable methods, Array.from) it loads, decides and sends well-formed events', async () => {
    await session.context.addInitScript(installPrototypeJsArrays)
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect(await session.page.evaluate(() => JSON.stringify([1]))).toBe('"[1]"')
    const result = await appResult(session.page)
    expectUser1Decided(result, diag.pageErrors)
    // the page's track (`items: ['a', 'b']`) arrives as an array in a batch whose lists are arrays (a fetch's JSON body
    // or a beacon's form `data`, as the server parsed it)
    const purchaseOf = () =>
      session.server
        .events()
        .flatMap((batch) => batch.trackEvents ?? [])
        .find((event: { eventTypeKey: string }) => event.eventTypeKey === 'purchase')
    await expect.poll(purchaseOf, { timeout: 10_000 }).toBeDefined()
    for (const batch of session.server.events()) {
      expect(Array.isArray(batch.exposureEvents) && Array.isArray(batch.trackEvents) && Array.isArray(batch.remoteConfigEvents)).toBe(true)
    }
    const purchase = purchaseOf()
    expect(purchase.properties).toEqual({ currency: 'KRW', items: ['a', 'b'] })
  })

  it('with a wrapped fetch that never settles for the config (an APM agent, an auth interceptor) it decides via XMLHttpRequest', async () => {
    await session.context.addInitScript(() => {
      const original = window.fetch
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        return String(input).includes('/config') ? new Promise<Response>(() => {}) : original.call(this, input, init)
      }
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    const result = await appResult(session.page)
    expectUser1Decided(result, diag.pageErrors)
  })

  it('with a wrapped fetch that throws it decides and sends its events via XMLHttpRequest', async () => {
    await session.context.addInitScript(() => {
      window.fetch = () => {
        throw new TypeError('interceptor failed')
      }
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    const result = await appResult(session.page)
    expectUser1Decided(result, diag.pageErrors)
    const tracked = () =>
      session.server.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/events'))
        .flatMap((r) => JSON.parse(r.body).trackEvents as Array<{ eventTypeKey: string }>)
        .filter((event) => event.eventTypeKey === 'purchase').length
    await expect.poll(tracked, { timeout: 10_000 }).toBe(1)
  })
})
