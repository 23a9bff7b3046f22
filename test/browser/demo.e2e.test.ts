// The demo shop (demo/: React on hackle-kit/react, bundled by the demo server) works under its strict CSP: routes
// with page views, in-app messages, the DevTool panel, a user change re-rendering the hooks, and the events on the
// server.
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startDemo } from '../../demo/server.mjs'
import type { LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, REPO, assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { watchPage } from './harness'

const WAIT = { timeout: 20_000 }
/** Markers of a React build in a file: React's element symbol and react-dom's internals. */
const REACT_CODE = /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|__SECRET_INTERNALS_DO_NOT_USE/

describeChromium('demo shop', () => {
  let browser: Browser
  let server: LocalServer

  beforeAll(async () => {
    if (!hasBundle()) return
    // its own build folder, so a running `npm run demo` keeps its files
    server = await startDemo({ port: 0, bundlePath: BUNDLE, appDir: resolve(REPO, '.cache/demo-shop-e2e') })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** A page that records CSP violations. */
  async function open(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
    const violations: string[] = []
    await context.exposeBinding('__reportViolation', (_source, v: string) => violations.push(v))
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__reportViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
    })
    return { page: await context.newPage(), violations }
  }

  const trackEvents = () => server.events().flatMap((b) => b.trackEvents ?? [])
  const tracked = (key: string, test: (e: any) => boolean = () => true) => () => trackEvents().some((e) => e.eventTypeKey === key && test(e))

  it('routes, messages, the DevTool, a user change, and the events on the server; no CSP violation', { timeout: 120_000 }, async () => {
    assertBundle()
    const context = await newContext(browser, { viewport: { width: 1280, height: 800 } })
    const { page, violations } = await open(context)
    const diag = watchPage(page)
    // Every script the page fetched, and whether it holds a copy of React.
    const scripts = new Map<string, Promise<boolean>>()
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.set(new URL(response.url()).pathname, response.text().then((text) => REACT_CODE.test(text), () => false))
    })
    const feed = () => page.textContent('[data-testid="server-events"]')
    /** Waits for the in-app message with this button, clicks it, and waits until the message is gone. */
    const dismiss = async (button: string) => {
      await page.getByRole('button', { name: button, exact: true }).click(WAIT)
      await page.waitForSelector('.hackle-iam', { state: 'detached', ...WAIT })
    }

    await page.goto(`${server.url}/`)
    await page.waitForSelector('body[data-ready="true"]', WAIT)
    expect(await page.textContent('[data-testid="status"]')).toBe('workspace loaded')
    const hid = (await context.cookies(server.url)).find((c) => c.name === '_hackle_hid')?.value
    expect(await page.textContent('[data-testid="device-id"]')).toBe(hid)
    expect(await page.locator('[data-testid="products"] li').count()).toBe(4)
    expect(await page.textContent('[data-testid="banner-text"]')).toContain('Hello')
    expect(await page.textContent('[data-flag="5"]')).toContain('OFF')

    // Sign-in and a property: the hooks re-render with the new user's answers.
    await page.click('button[data-action="signin-staff"]')
    await expect.poll(() => page.textContent('[data-experiment="3"]'), WAIT).toContain('OVERRIDDEN')
    await expect.poll(() => page.locator('[data-testid="beta"]').count(), WAIT).toBe(1)
    expect(await page.textContent('[data-testid="user-id"]')).toBe('emp-1')
    await page.click('button[data-action="toggle-gold"]')
    await expect.poll(() => page.textContent('[data-testid="banner-text"]'), WAIT).toContain('Hello, gold member')
    await page.click('button[data-action="signout"]')
    await expect.poll(() => page.textContent('[data-experiment="3"]'), WAIT).not.toContain('OVERRIDDEN')
    expect(await page.locator('[data-testid="beta"]').count()).toBe(0)

    // The offer modal on show_offer, hidden for a day by its button.
    await page.click('button[data-action="show-offer"]')
    await dismiss('Hide for a day')

    // Add to cart: the banner, closed by its close button.
    await page.click('button[data-action="add-to-cart"][data-sku="sku-2"]') // the notebook, 7.50
    await dismiss('Close')
    expect(await page.textContent('[data-testid="cart-count"]')).toBe('1')

    // The cart route (pushState): its page view, and the welcome message 2 s later.
    await page.click('a[href="/cart"]')
    await page.waitForURL(`${server.url}/cart`, WAIT)
    await page.waitForSelector('main[data-path="/cart"]', WAIT)
    await expect.poll(feed, WAIT).toContain('$page_view · /cart')
    await dismiss('Got it')
    expect(await page.textContent('[data-testid="checkout"]')).toContain('One-page checkout') // flag #5, grade gold

    // The purchase: the bottom sheet.
    await page.click('button[data-action="purchase"]')
    await dismiss('See my order')
    expect(await page.textContent('[data-testid="cart-count"]')).toBe('0')

    // Back: the shop again, with its page view.
    await page.goBack()
    await page.waitForSelector('main[data-path="/"]', WAIT)

    // The DevTool button opens hackle-kit's panel (closed again by its button).
    await page.click('button[data-action="devtool"]')
    await page.getByRole('button', { name: 'Close the DevTool' }).click(WAIT)
    await page.getByRole('button', { name: 'Close the DevTool' }).waitFor({ state: 'detached', ...WAIT })

    // In-app messages and the panel drew with the shop's own React: one script of all it fetched holds React.
    const withReact = (await Promise.all([...scripts].map(async ([file, holds]) => ((await holds) ? file : undefined)))).filter(Boolean)
    expect(withReact, [...scripts.keys()].join(' ')).toHaveLength(1)

    // The error button: an uncaught error, sent as $trace.
    await page.click('button[data-action="throw"]')
    await expect.poll(feed, WAIT).toContain('$trace · Demo error button')

    // The server received all of it, and the live list shows the in-app events.
    await expect.poll(tracked('$page_view', (e) => e.hackleProperties?.pagePath === '/cart'), WAIT).toBe(true)
    await expect.poll(() => trackEvents().filter((e) => e.eventTypeKey === '$page_view' && e.hackleProperties?.pagePath === '/').length, WAIT).toBeGreaterThanOrEqual(2)
    for (const key of ['show_offer', 'add_to_cart', 'purchase', '$in_app_impression', '$in_app_action', '$in_app_close']) {
      await expect.poll(tracked(key), { ...WAIT, message: key }).toBe(true)
    }
    const exposures = server.events().flatMap((b) => b.exposureEvents ?? [])
    for (const key of [1, 2, 3, 5, 6, 7]) expect(exposures.some((e) => e.experimentKey === key), `exposure ${key}`).toBe(true)
    expect(server.events().some((b) => b.remoteConfigEvents?.some((e: any) => e.parameterKey === 'banner_text'))).toBe(true)
    expect(trackEvents().find((e) => e.eventTypeKey === 'purchase')?.value).toBe(7.5)
    await expect.poll(feed, WAIT).toContain('$in_app_impression')

    await page.waitForTimeout(100)
    expect(violations).toEqual([])
    expect(diag.pageErrors).toHaveLength(1)
    expect(diag.pageErrors[0]).toContain('Demo error button')
    expect(diag.consoleErrors).toEqual([])
    await context.close()
  })

  it('split-URL test #4: a visitor in B goes to /offer-b once, with the campaign parameters; A stays', { timeout: 60_000 }, async () => {
    assertBundle()
    for (const [hid, variation] of [['demo-visitor-1', 'B'], ['demo-visitor-0', 'A']]) {
      const context = await newContext(browser)
      await context.addCookies([{ name: '_hackle_hid', value: hid, url: server.url }])
      const { page, violations } = await open(context)
      await page.goto(`${server.url}/offer?utm_source=e2e&utm_campaign=c1`)
      await page.waitForSelector('body[data-ready="true"]', WAIT)
      const expected = variation === 'B' ? '/offer-b?utm_campaign=c1&utm_source=e2e' : '/offer?utm_source=e2e&utm_campaign=c1'
      expect(new URL(page.url()).pathname + new URL(page.url()).search, hid).toBe(expected)
      expect(await page.getAttribute('[data-testid="offer"]', 'data-variation'), hid).toBe(variation)
      await server.waitFor((r) => !!r.json?.exposureEvents?.some((e: any) => e.experimentKey === 4 && e.variationKey === variation), 20_000)
      expect(violations).toEqual([])
      await context.close()
    }
  })
})
