// The demo page (demo/) works with the bundle under its strict CSP, and its buttons re-render decisions.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startDemo } from '../../demo/server.mjs'
import type { LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { guardRecords, watchPage } from './harness'

/**
 * The demo's in-app messages cover the page as they would for a visitor: wait for the one a step triggered (it may be
 * delayed), check what it says, and close it with its close button.
 */
async function dismissMessage(page: Page, text: string | null) {
  const surface = page.locator('.hackle-iam').locator('[role="dialog"], [role="region"]')
  await surface.waitFor({ state: 'visible', timeout: 10_000 })
  if (text !== null) expect(await surface.textContent()).toContain(text)
  await page.locator('.hackle-iam').locator('button.close').click()
  await page.locator('.hackle-iam').waitFor({ state: 'detached', timeout: 10_000 })
}

describeChromium('demo page', () => {
  let browser: Browser
  let server: LocalServer

  beforeAll(async () => {
    if (!hasBundle()) return
    server = await startDemo({ port: 0, bundlePath: BUNDLE })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('renders decisions, reacts to sign-in / grade changes, and has no CSP violation', async () => {
    assertBundle()
    const context = await newContext(browser)
    const page = await context.newPage()
    const diag = watchPage(page)
    const violations: string[] = []
    await context.exposeBinding('__reportViolation', (_source, v: string) => violations.push(v))
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as any).__reportViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`))
    })

    await page.goto(`${server.url}/`)
    await page.waitForSelector('body[data-ready="true"]')
    expect(await page.textContent('#status')).toBe('workspace loaded')
    const deviceId = await page.textContent('[data-testid="device-id"]')
    const hid = (await context.cookies(server.url)).find((c) => c.name === '_hackle_hid')?.value
    expect(deviceId).toBe(hid)
    expect(await page.locator('#experiments tr').count()).toBe(3)
    expect(await page.textContent('[data-flag="5"]')).toContain('OFF')
    expect(await page.textContent('[data-param="banner_text"]')).toContain('"Hello"')

    await page.click('button[data-action="toggle-gold"]')
    await expect.poll(() => page.textContent('[data-flag="5"]')).toContain('TARGET_RULE_MATCH')
    expect(await page.textContent('[data-param="banner_text"]')).toContain('Hello, gold member')
    expect(await page.textContent('[data-param="max_cart_items"]')).toContain('50')

    await page.click('button[data-action="signin-staff"]')
    await expect.poll(() => page.textContent('[data-experiment="3"]')).toContain('OVERRIDDEN')
    expect(await page.textContent('[data-experiment="3"]')).toContain('C')
    expect(await page.textContent('[data-flag="7"]')).toContain('ON')
    expect(await page.textContent('[data-param="show_promo_popup"]')).toContain('true')

    await page.click('button[data-action="track-purchase"]')
    await server.waitFor((r) => !!r.json?.trackEvents?.some((e: any) => e.eventTypeKey === 'purchase'))
    // The purchase shows the demo's bottom sheet (images only).
    await dismissMessage(page, null)
    await expect.poll(() => page.textContent('#server-events'), { timeout: 8000 }).toContain('purchase')

    await page.click('button[data-action="reset"]')
    await expect.poll(() => page.textContent('[data-experiment="3"]')).not.toContain('OVERRIDDEN')

    // SPA navigation: a page view for the pushed route reaches the server and the live list, and back again.
    await page.click('button[data-action="route-second"]')
    expect(await page.textContent('#route')).toBe('/second')
    await expect.poll(() => page.textContent('#server-events'), { timeout: 8000 }).toContain('$page_view · /second')
    // The second page's welcome comes 2 s after its page view.
    await dismissMessage(page, 'Welcome to the second page')
    await page.click('button[data-action="route-back"]')
    await expect.poll(() => page.textContent('#route')).toBe('/')

    // The error button: an uncaught error, sent as $trace and listed.
    await page.click('button[data-action="throw"]')
    await expect.poll(() => page.textContent('#server-events'), { timeout: 8000 }).toContain('$trace · Demo error button')

    await page.waitForTimeout(100)
    expect(violations).toEqual([])
    expect(diag.pageErrors).toHaveLength(1)
    expect(diag.pageErrors[0]).toContain('Demo error button')
    expect(diag.consoleErrors).toEqual([])
    await context.close()
  })

  it('split-URL test #4: a visitor in B goes to /offer-b once, with the campaign parameters; A stays', async () => {
    assertBundle()
    for (const [hid, variation] of [['demo-visitor-1', 'B'], ['demo-visitor-0', 'A']]) {
      const context = await newContext(browser)
      await context.addCookies([{ name: '_hackle_hid', value: hid, url: server.url }])
      const page = await context.newPage()
      await page.goto(`${server.url}/offer?utm_source=e2e&utm_campaign=c1`)
      await page.waitForSelector('body[data-ready="true"]')
      const expected = variation === 'B' ? '/offer-b?utm_campaign=c1&utm_source=e2e  (split-URL variation B)' : '/offer?utm_source=e2e&utm_campaign=c1'
      expect(await page.textContent('#route'), hid).toBe(expected)
      await server.waitFor((r) => !!r.json?.exposureEvents?.some((e: any) => e.experimentKey === 4 && e.variationKey === variation))
      await context.close()
    }
  })
})
