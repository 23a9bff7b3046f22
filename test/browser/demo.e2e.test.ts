// The demo page (demo/) works with the bundle under its strict CSP, and its buttons re-render decisions.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startDemo } from '../../demo/server.mjs'
import type { LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { guardRecords, watchPage } from './harness'

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
    await expect.poll(() => page.textContent('#server-events'), { timeout: 8000 }).toContain('purchase')

    await page.click('button[data-action="reset"]')
    await expect.poll(() => page.textContent('[data-experiment="3"]')).not.toContain('OVERRIDDEN')

    await page.waitForTimeout(100)
    expect(violations).toEqual([])
    expect(diag.pageErrors).toEqual([])
    expect(diag.consoleErrors).toEqual([])
    await context.close()
  })
})
