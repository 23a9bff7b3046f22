// hackle-kit inside a Hackle app's web view, in real Chromium: a page script plays the host app through
// `window.prompt`; decisions, tracks and user calls round-trip through it (native mode), or the browser client runs
// and the app is kept in step with its user (wrapper mode). The script-tag build (dist) runs side by side with the
// reference's script tag on the same pages and the same fake app.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import type { LocalServer } from '../../demo/server-core.mjs'
import { startServer } from '../../demo/server-core.mjs'
import { BUNDLE, REPO, assertBundle, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, STRICT_CSP, guardRecords, watchPage } from './harness'

const PAGES = resolve(REPO, 'test/browser/pages')
const KEY = 'e2e-web-view-app-key-01'
const REFERENCE_BUNDLE = resolve(REPO, 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')

interface AppRequest {
  command: string
  parameters?: Record<string, any>
  browserProperties: Record<string, string>
}

describeChromium('web-view bridge in Chromium', () => {
  let scratch: string
  let server: LocalServer
  let browser: Browser

  beforeAll(async () => {
    // The page's bundle: the kernel, the preset and the web-view bridge, as one script-tag build of the sources.
    scratch = mkdtempSync(join(tmpdir(), 'hackle-kit-bridge-'))
    const bundle = join(scratch, 'bridge-kit.js')
    await build({
      stdin: {
        contents: [
          `export { createKernel } from ${JSON.stringify(resolve(REPO, 'src/kernel/index.ts'))}`,
          `export { createInstance } from ${JSON.stringify(resolve(REPO, 'src/index.ts'))}`,
          `export { webViewBridge, setAppWebViewInAppMessageBridge } from ${JSON.stringify(resolve(REPO, 'src/plugins/web-view-bridge/index.ts'))}`,
        ].join('\n'),
        resolveDir: REPO,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'HackleBridgeKit',
      platform: 'browser',
      target: 'es2019',
      outfile: bundle,
      logLevel: 'silent',
    })
    const csp = { 'Content-Security-Policy': STRICT_CSP }
    server = await startServer({
      workspace: EXAMPLE_WORKSPACE,
      pages: {
        '/web-view.html': { file: join(PAGES, 'web-view.html'), headers: csp },
        '/guard.js': { file: join(PAGES, 'guard.js') },
        '/host-app.js': { file: join(PAGES, 'host-app.js') },
        '/web-view-page.js': { file: join(PAGES, 'web-view-page.js') },
        '/bridge-kit.js': { file: bundle },
        '/app-message.html': { file: join(PAGES, 'app-message.html'), headers: csp },
        '/app-message.js': { file: join(PAGES, 'app-message.js') },
        '/web-view-site.js': { file: join(PAGES, 'web-view-site.js') },
        // the same pages with hackle-kit's script-tag build and with the reference's
        ...Object.fromEntries(
          (
            [
              ['kit', BUNDLE],
              ['reference', REFERENCE_BUNDLE],
            ] as const
          ).flatMap(([kit, sdk]) => [
            [`/${kit}/site.html`, { file: join(PAGES, 'web-view-site.html'), headers: csp }],
            [`/${kit}/message.html`, { file: join(PAGES, 'web-view-message.html'), headers: csp }],
            [`/${kit}/sdk.js`, { file: sdk }],
          ]),
        ),
      },
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  /** Requests to the Hackle API (config, cohorts, events, beacons), by path. */
  const apiRequests = () => server.requests.map((r) => r.path).filter((path) => path.startsWith('/api'))

  /** Hides the page (the SDK flushes, by beacon) and waits until a later marker request reached the server. */
  async function hideAndSettle(page: import('playwright-core').Page) {
    await page.evaluate(() => {
      window.dispatchEvent(new Event('pagehide'))
      void fetch('/marker-after-hide')
    })
    await server.waitFor((r: { path: string }) => r.path === '/marker-after-hide', 10_000)
  }

  async function open(query: string) {
    server.requests.length = 0
    const context = await newContext(browser)
    const page = await context.newPage()
    const diag = watchPage(page)
    await page.goto(`${server.url}/web-view.html?key=${KEY}&${query}`)
    await page.waitForFunction(() => ['done', 'error'].includes((window as any).__result?.stage), null, { timeout: 15_000 })
    const result = await page.evaluate(() => (window as any).__result)
    const requests: AppRequest[] = await page.evaluate(() => (window as any).__appRequests)
    const guard = await guardRecords(page)
    return { context, page, diag, result, requests, guard }
  }

  it('native mode: decisions, remote config, tracks, pages and user calls round-trip through window.prompt; no request leaves the page', async () => {
    const { context, diag, result, requests, guard } = await open('mode=native&screen=1')
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({
      stage: 'done',
      init: { success: true },
      variation: 'B',
      detail: { variation: 'C', reason: 'TRAFFIC_ALLOCATED', buttonColor: 'green' },
      isOn: true,
      remote: 42,
      // the app's answer was not JSON: the fallback
      optOut: false,
      user: { userId: 'app-member', deviceId: 'app-device' },
    })
    expect(requests.map((r) => r.command)).toEqual([
      'variation',
      'variationDetail',
      'isFeatureOn',
      'remoteConfig',
      'track',
      'track',
      'setUserId',
      'isOptOutTracking',
      'getUser',
    ])
    expect(requests[0]!.parameters).toEqual({ experimentKey: 1, defaultVariation: 'A' })
    expect(requests[3]!.parameters).toEqual({ defaultValue: 1, key: 'limit', valueType: 'number' })
    expect(requests[4]!.parameters).toEqual({ event: { key: 'purchase', value: 12, properties: { sku: 'sku-1' } } })
    expect(requests[5]!.parameters).toEqual({ event: { key: '$page_view', properties: { step: 2, $page_name: 'Checkout' } } })
    expect(requests[6]!.parameters).toEqual({ userId: 'member-7' })
    expect(requests[0]!.browserProperties).toMatchObject({
      browserName: 'Chrome',
      browserMajorVersion: '124',
      pagePath: '/web-view.html',
      pageTitle: 'web view page',
      protocol: 'http',
    })
    expect(requests[5]!.browserProperties.pageTitle).toBe('Checkout')
    // only the page's own files were requested: no config, no events
    expect(apiRequests()).toEqual([])
    expect(diag.pageErrors).toEqual([])
    expect(guard.violations).toEqual([])
    await context.close()
  })

  it('native mode with the whole preset: every call goes to the app, and the page never calls the Hackle API', async () => {
    const { context, page, diag, result, requests } = await open('mode=native&preset=1')
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ stage: 'done', init: { success: true }, variation: 'B', isOn: true, remote: 42 })
    expect(requests.map((r) => r.command)).toEqual([
      'variation',
      'variationDetail',
      'isFeatureOn',
      'remoteConfig',
      'track',
      'setUserId',
      'isOptOutTracking',
      'getUser',
    ])
    await hideAndSettle(page)
    expect(apiRequests()).toEqual([])
    // the storage seam: no cookie, no storage key (no cached config, no queued events, no claim fence), no database
    const stored = await page.evaluate(async () => ({
      cookie: document.cookie,
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      databases: ((await indexedDB.databases?.()) ?? []).map((db) => db.name),
    }))
    expect(stored).toEqual({ cookie: '', local: [], session: [], databases: [] })
    expect(diag.pageErrors).toEqual([])
    await context.close()
  })

  it('wrapper mode: the browser client decides from the workspace and sends events; the app gets the user after each user call', async () => {
    const { context, page, diag, result, requests } = await open('mode=web_view_wrapper&preset=1')
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ stage: 'done', init: { success: true }, variation: 'B', detail: { variation: 'B', reason: 'TRAFFIC_ALLOCATED', buttonColor: 'red' } })
    expect(requests.map((r) => r.command)).toEqual(['setUser', 'setUser'])
    expect(requests[0]!.parameters!.user).toMatchObject({ id: 'user_1', deviceId: 'user_1' })
    expect(requests[1]!.parameters!.user).toMatchObject({ id: 'user_1', deviceId: 'user_1', userId: 'member-7' })
    // the browser client's events go to the event server as usual
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    await server.waitFor((r: { path: string }) => /\/events$/.test(r.path) || /\/api\/v2\/w\//.test(r.path), 10_000)
    expect(diag.pageErrors).toEqual([])
    await context.close()
  })

  it('an HTML in-app message the app draws: the bridge is installed, and its clicks round-trip to the app', async () => {
    server.requests.length = 0
    const context = await newContext(browser)
    const page = await context.newPage()
    const diag = watchPage(page)
    await page.goto(`${server.url}/app-message.html?key=${KEY}&view=view-77`)
    await page.waitForFunction(() => (window as any).__message?.ready === true, null, { timeout: 15_000 })
    await page.click('#buy')
    await page.click('#later')
    const message = await page.evaluate(() => (window as any).__message)
    const requests: AppRequest[] = await page.evaluate(() => (window as any).__appRequests)
    expect(message).toMatchObject({ trigger: { key: 'cart_viewed', properties: { items: 3 } }, variation: 'B' })
    expect(requests.map((r) => [r.command, r.parameters])).toEqual([
      ['variation', { experimentKey: 1, defaultVariation: 'A' }],
      [
        'handleInAppMessageView',
        {
          viewId: 'view-77',
          handleTypes: ['TRACK', 'ACTION'],
          event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://shop.example/checkout' }, element: { elementId: 'buy' } },
        },
      ],
      [
        'handleInAppMessageView',
        { viewId: 'view-77', handleTypes: ['TRACK', 'ACTION'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'HIDDEN', value: '86400000' }, element: {} } },
      ],
    ])
    expect(apiRequests()).toEqual([])
    expect(diag.pageErrors).toEqual([])
    await context.close()
  })

  /**
   * One visit of the app's web views with a script-tag build: the site page (decisions, tracks, user calls, the
   * displayed in-app message closed), then the HTML in-app message the app draws (its bridge's clicks). Returns what
   * the pages got, what the app was asked, and what is left in the site page's storage.
   */
  async function visit(kit: 'kit' | 'reference') {
    server.requests.length = 0
    const context = await newContext(browser)
    const page = await context.newPage()
    const diag = watchPage(page)
    await page.goto(`${server.url}/${kit}/site.html?key=${KEY}&mode=native`)
    await page.waitForFunction(() => ['done', 'error'].includes((window as any).__result?.stage), null, { timeout: 15_000 })
    const result = await page.evaluate(() => (window as any).__result)
    const siteRequests: AppRequest[] = await page.evaluate(() => (window as any).__appRequests)
    // the page goes away and comes back (lifecycle writes: session ends, flushes, the legacy id cookie)
    await page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    })
    const storage = await page.evaluate(() => ({
      cookie: document.cookie,
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }))
    const databases = await page.evaluate(async () => ((await indexedDB.databases?.()) ?? []).map((db) => db.name))
    const siteGuard = await guardRecords(page)

    await page.goto(`${server.url}/${kit}/message.html?key=${KEY}&view=view-31`)
    await page.waitForFunction(() => (window as any).__message?.ready === true, null, { timeout: 15_000 })
    for (const button of ['#buy', '#later', '#close']) await page.click(button)
    const message = await page.evaluate(() => (window as any).__message)
    const messageRequests: AppRequest[] = await page.evaluate(() => (window as any).__appRequests)
    const messageGuard = await guardRecords(page)
    const api = apiRequests()
    await context.close()
    return { result, siteRequests, storage, databases, message, messageRequests, api, guards: [siteGuard, messageGuard], pageErrors: diag.pageErrors }
  }

  it('the script-tag build in native mode: the app answers decisions, gets tracks and an HTML in-app message\'s actions as the reference sends them; nothing is stored', async () => {
    assertBundle()
    const kit = await visit('kit')
    const reference = await visit('reference')

    expect(kit.result.error).toBeUndefined()
    expect(kit.result).toMatchObject({
      stage: 'done',
      // decided by the app, synchronously, before start-up settled (the workspace would say A)
      first: 'B',
      init: { success: true },
      detail: { variation: 'C', reason: 'TRAFFIC_ALLOCATED', buttonColor: 'green' },
      isOn: true,
      remote: 42,
      user: { userId: 'app-member', deviceId: 'app-device' },
      view: { id: 'view-31', key: 31 },
    })
    expect(kit.result).toEqual(reference.result)

    // every request of the site page, in order, as the reference sends it (command, parameters, browser properties)
    expect(kit.siteRequests.map((r) => r.command)).toEqual([
      'variation',
      'variationDetail',
      'isFeatureOn',
      'remoteConfig',
      'track',
      'track',
      'setUserId',
      'updateUserProperties',
      'getUser',
      'getSessionId',
      'getCurrentInAppMessageView',
      'closeInAppMessageView',
    ])
    expect(kit.siteRequests[4]).toMatchObject({
      command: 'track',
      parameters: { event: { key: 'purchase', value: 12, properties: { sku: 'sku-1', tags: ['new', 'sale'] } } },
      browserProperties: { browserName: 'Chrome', pagePath: '/kit/site.html', pageTitle: 'shop in the app' },
    })
    const samePage = (requests: AppRequest[]) => JSON.parse(JSON.stringify(requests).split('/reference/').join('/kit/'))
    expect(kit.siteRequests).toEqual(samePage(reference.siteRequests))

    // the HTML in-app message: the bridge's decision and its three actions reach the app as the reference's do
    expect(kit.message).toMatchObject({ ready: true, trigger: { key: 'cart_viewed', properties: { items: 3 } }, variation: 'B' })
    expect(kit.message).toEqual(reference.message)
    expect(kit.messageRequests.map((r) => r.command)).toEqual(['variation', 'handleInAppMessageView', 'handleInAppMessageView', 'closeInAppMessageView'])
    expect(kit.messageRequests[1]!.parameters).toEqual({
      viewId: 'view-31',
      handleTypes: ['TRACK', 'ACTION'],
      event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://shop.example/checkout' }, element: { elementId: 'buy' } },
    })
    expect(kit.messageRequests[3]!.parameters).toEqual({ viewId: 'view-31' })
    expect(kit.messageRequests).toEqual(samePage(reference.messageRequests))

    // native mode with the whole preset stores nothing in the page: no cookie, no storage key, no database
    expect(kit.storage).toEqual({ cookie: '', local: [], session: [] })
    expect(kit.databases).toEqual([])
    expect(reference.storage).toEqual(kit.storage)
    // and the page never called the Hackle API
    expect(kit.api).toEqual([])
    expect(kit.pageErrors).toEqual([])
    for (const guard of kit.guards) expect(guard).toEqual({ violations: [], errors: [] })
  })
})
