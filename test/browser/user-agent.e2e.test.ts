// The user-agent parser of the npm build, in real Chromium under a strict CSP (`script-src 'self' 'nonce-…'`, no
// eval): the npm build's ES modules (dist/) imported straight into the page. A Samsung phone's Samsung Internet with
// its model in the user agent is not one of the common shapes, so the first page fetches the parser's chunk once, holds the
// events made before it answers and sends them with its answer; the next page reads the answer from localStorage and
// fetches nothing. A desktop Chrome user agent is read at once: no chunk, no stored answer.
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, npmBuild } from './harness'
import { parseUserAgent } from '../../src/plugins/properties/user-agent'

const NONCE = 'e2e-user-agent-nonce'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const SDK_KEY = 'e2e-user-agent-key-001'
const STORED_KEY = 'hackle-kit-user-agent'
const UNCOMMON = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** An app on the full preset that tracks an event at once, before anything has loaded, and once ready. */
const APP = `
import { createInstance } from '/dist/index.js'
const origin = location.origin
const client = createInstance('${SDK_KEY}', { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, user: { id: 'visitor-1' } })
client.track('at_once')
client.onInitialized().then(() => {
  client.track('when_ready')
  window.__ready = true
})
window.__kitClient = client
`

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/guard.js" nonce="${NONCE}"></script>
<script type="module" src="/app.js" nonce="${NONCE}"></script>
</head><body><main><h1>Shop</h1></main></body></html>`

describeChromium('the user-agent parser of the npm build (real Chromium, strict CSP)', () => {
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext | undefined

  beforeAll(async () => {
    server = await startServer({
      workspace: EXAMPLE_WORKSPACE,
      pages: {
        ...npmBuild(),
        '/guard.js': { file: resolve(REPO, 'test/browser/pages/guard.js') },
        '/app.js': { body: APP, type: 'text/javascript; charset=utf-8' },
        '/shop.html': { body: PAGE, type: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP } },
      },
    })
    browser = await launch()
  })
  afterEach(async () => {
    await context?.close()
    context = undefined
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /**
   * Opens the shop and closes its client (the page leaves), waits until `expectedEvents` of this browser's tracked
   * events arrived in all; returns the parser chunk fetches, those events, the CSP guard's findings and what is stored.
   */
  async function visit(tab: Page, expectedEvents: number) {
    const userAgent: string = await tab.evaluate(() => navigator.userAgent)
    const chunks: string[] = []
    const onRequest = (request: { url(): string }) => {
      if (/\/user-agent-[A-Z0-9]+\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url())
    }
    tab.on('request', onRequest)
    await tab.goto(`${server.url}/shop.html`)
    await tab.waitForFunction(() => (window as any).__ready === true)
    await tab.evaluate(() => (window as any).__kitClient.close())
    const tracked = () =>
      server
        .events()
        .flatMap((batch: any) => batch.trackEvents ?? [])
        .filter((event: any) => ['at_once', 'when_ready'].includes(event.eventTypeKey) && event.hackleProperties?.userAgent === userAgent)
    await expect.poll(() => tracked().length, { timeout: 15_000 }).toBe(expectedEvents)
    tab.off('request', onRequest)
    const guard = await tab.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
    const stored = await tab.evaluate((key) => localStorage.getItem(key), STORED_KEY)
    return { chunks, tracked: tracked(), guard, stored, userAgent }
  }

  it('an uncommon user agent: the chunk once, held events sent with its answer, the next page reads it stored', async () => {
    const expected = parseUserAgent(UNCOMMON)
    expect(expected).toMatchObject({ browserName: 'Samsung Browser', osName: 'Android' })
    context = await newContext(browser, { userAgent: UNCOMMON })
    const tab = await context.newPage()
    tab.setDefaultTimeout(15_000)
    const first = await visit(tab, 2)
    expect(first.userAgent).toBe(UNCOMMON)
    expect(first.chunks).toHaveLength(1)
    expect(first.guard).toEqual({ violations: [], errors: [] })
    // both events, the one made before the parser answered too, name the browser as the parser reads it
    for (const event of first.tracked) {
      expect(event.hackleProperties).toMatchObject({
        browserName: expected.browserName,
        browserVersion: expected.browserVersion,
        osName: expected.osName,
        osVersion: expected.osVersion,
        deviceType: expected.deviceType,
        deviceModel: expected.deviceModel,
        deviceBrand: expected.deviceVendor,
      })
    }
    const stored = JSON.parse(first.stored!)
    expect(stored[0]).toBe(first.userAgent)
    expect(stored[1]).toBe(expected.browserName)

    // the next page of the same browser: no chunk, the same answer
    const next = await visit(tab, 4)
    expect(next.chunks).toEqual([])
    for (const event of next.tracked) expect(event.hackleProperties).toMatchObject({ browserName: expected.browserName, deviceModel: expected.deviceModel })
  })

  it('a common user agent is read at once: no chunk, nothing stored', async () => {
    context = await newContext(browser, { userAgent: CHROME })
    const tab = await context.newPage()
    tab.setDefaultTimeout(15_000)
    const seen = await visit(tab, 2)
    expect(seen.userAgent).toBe(CHROME)
    expect(seen.chunks).toEqual([])
    expect(seen.stored).toBeNull()
    expect(seen.guard).toEqual({ violations: [], errors: [] })
    for (const event of seen.tracked) expect(event.hackleProperties).toMatchObject({ browserName: 'Chrome', browserVersion: '131.0.0.0', osName: 'Windows', osVersion: '10' })
  })
})
