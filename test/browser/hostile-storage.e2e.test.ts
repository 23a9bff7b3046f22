// Storage that throws, storage that is full, and storage holding garbage under the SDK's keys, in real Chromium.
// For each: nothing reaches the page (no page error, no unhandled rejection), the decisions are right, and the
// event each visit tracked arrives exactly once after the visitor comes back with working storage.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { LocalServer } from '../../demo/server-core.mjs'
import { assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { SDK_KEY, USER_1_EXPECTED } from './harness'
import { startAppServer, trackedIds } from './hostile-server'

/** What breaks the storage of a page, run before any of its scripts (an init script: it may not close over). */
const BROKEN: Record<string, () => void> = {
  'the localStorage getter throws': () => {
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => { throw new DOMException('The operation is insecure.', 'SecurityError') } })
  },
  'the sessionStorage getter throws': () => {
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: () => { throw new DOMException('The operation is insecure.', 'SecurityError') } })
  },
  'both storage getters and document.cookie throw': () => {
    const insecure = () => { throw new DOMException('The operation is insecure.', 'SecurityError') }
    Object.defineProperty(window, 'localStorage', { configurable: true, get: insecure })
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: insecure })
    Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: insecure, set: insecure })
  },
  'setItem throws QuotaExceededError': () => {
    Object.defineProperty(Storage.prototype, 'setItem', {
      configurable: true,
      value: () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError') },
    })
  },
  'every Storage method throws': () => {
    const fail = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError') }
    for (const m of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) Object.defineProperty(Storage.prototype, m, { configurable: true, value: fail })
    Object.defineProperty(Storage.prototype, 'length', { configurable: true, get: fail })
  },
  'localStorage is really full (filled to its quota by the page)': () => {
    // 512 K characters per item until the browser refuses, then smaller ones: nothing more fits
    for (let size = 1 << 19, i = 0; size >= 16; size >>= 1) {
      const filler = 'f'.repeat(size)
      try {
        for (;;) localStorage.setItem(`junk-${i++}`, filler)
      } catch {
        // this size no longer fits: try a smaller one
      }
    }
  },
}

/** Garbage under the SDK's keys: wrong JSON and wrong types in its localStorage entries and cookies. */
function plantGarbage(sdkKey: string): void {
  const short = sdkKey.slice(0, 8)
  const values = ['{', 'null', '[1,2', '"text"', '42', '{"config":"x","version":5}', '{"trackEvents":"x","exposureEvents":[null,1]}', '[{"eventTypeId":"?"},null,7]']
  const keys = [
    `hackle-workspace-config_${short}`,
    `hackle-kit-outbox_${sdkKey}_garbage_0`,
    `hackle-kit-outbox_${sdkKey}_garbage_1`,
    `hackle-manual-override_ab_${short}`,
    `hackle-manual-override_ff_${short}`,
    `hackle-campaign-delay_${short}_iam-delay`,
    `hackle-iam-impression_${short}_701`,
    `hackle-iam-hide_${short}_1`,
  ]
  keys.forEach((key, i) => localStorage.setItem(key, values[i % values.length]!))
  const cookies: Record<string, string> = {
    _hackle_hid: '%E0%A4%A',
    _hackle_id: '',
    [`_hackle_did_${sdkKey}`]: '{"not":"an id"}',
    [`_hackle_uid_${sdkKey}`]: 'x'.repeat(3000),
    [`_hackle_session_id_${sdkKey.slice(8)}`]: 'not-a-session',
    [`_hackle_last_event_ts_${sdkKey.slice(8)}`]: 'NaN',
    [`_hackle_mkt_${short}`]: '{"utm_source":',
  }
  for (const [name, value] of Object.entries(cookies)) document.cookie = `${name}=${value}; path=/`
}

interface HostileResult {
  stage: string
  error?: string
  errors: string[]
  [key: string]: unknown
}

describeChromium('hostile storage', () => {
  let browser: Browser
  let app: LocalServer
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    if (!hasBundle()) return
    app = await startAppServer()
    browser = await launch()
  })
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})))
    await browser?.close()
    await app?.close()
  })
  beforeEach(() => assertBundle())

  async function visit(page: Page, track?: string): Promise<{ result: HostileResult; pageErrors: string[] }> {
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    const search = new URLSearchParams({ key: SDK_KEY, user: 'user_1', timeout: '5000', ...(track ? { track } : {}) })
    await page.goto(`${app.url}/hostile.html?${search}`)
    await page.waitForFunction(() => ['done', 'error'].includes((window as any).__result?.stage), null, { timeout: 30_000 })
    return { result: await page.evaluate(() => (window as any).__result), pageErrors }
  }

  const expectClean = ({ result, pageErrors }: { result: HostileResult; pageErrors: string[] }) => {
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ stage: 'done', init: { success: true }, errors: [], ...USER_1_EXPECTED })
    expect(pageErrors).toEqual([])
  }

  /**
   * A visit on a page broken by `breakPage`, then the visitor comes back (a new page of the same profile, working
   * storage; `repair` first undoes what the broken page left, such as the filler of a full storage), then once more:
   * each visit decides right, and each tracked event arrives exactly once.
   */
  async function brokenThenBack(
    label: string,
    breakPage: (() => void) | null,
    { localStorageBroken = true, repair, before }: { localStorageBroken?: boolean; repair?: () => void; before?: (page: Page) => Promise<void> } = {},
  ) {
    const ctx = await newContext(browser)
    contexts.push(ctx)
    const broken = await ctx.newPage()
    if (before) await before(broken)
    if (breakPage) await broken.addInitScript(breakPage)
    expectClean(await visit(broken, `${label}-first`))
    // the page really is broken: a small write to localStorage fails (unless only sessionStorage is broken)
    if (breakPage && localStorageBroken) {
      const refused = await broken.evaluate(() => {
        try {
          localStorage.setItem('probe', 'p'.repeat(64))
          return document.cookie === undefined
        } catch {
          return true
        }
      })
      expect(refused).toBe(true)
    }
    // what ran after the result was published (the lazy in-app engine restoring stored delays) threw nothing either
    await broken.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
    expect(await broken.evaluate(() => (window as any).__result.errors)).toEqual([])
    await broken.goto(`${app.url}/blank.html`)
    await broken.close()

    const back = await ctx.newPage()
    if (repair) await back.addInitScript(repair)
    expectClean(await visit(back, `${label}-back`))
    await back.goto(`${app.url}/blank.html`)
    await expect.poll(() => trackedIds(app, `${label}-first`).length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => trackedIds(app, `${label}-back`).length, { timeout: 15_000 }).toBe(1)
    // one more visit replays anything still stored: nothing may arrive twice
    expectClean(await visit(back))
    await back.goto(`${app.url}/blank.html`)
    expect(trackedIds(app, `${label}-first`)).toHaveLength(1)
    expect(trackedIds(app, `${label}-back`)).toHaveLength(1)
    await back.close()
  }

  Object.entries(BROKEN).forEach(([name, breakPage], i) => {
    it(`storage: ${name}`, async () => {
      const repair = name.includes('full')
        ? () => {
            for (const key of Object.keys(localStorage)) if (key.startsWith('junk-')) localStorage.removeItem(key)
          }
        : undefined
      await brokenThenBack(`storage-${i}`, breakPage, { repair, localStorageBroken: !name.includes('sessionStorage getter') })
    }, 60_000)
  })

  it('storage holding garbage under the SDK keys (wrong JSON, wrong types, broken cookies)', async () => {
    await brokenThenBack('garbage', null, {
      before: async (page) => {
        await page.goto(`${app.url}/blank.html`)
        await page.evaluate(plantGarbage, SDK_KEY)
      },
    })
  }, 60_000)
})
