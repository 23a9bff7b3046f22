// The in-app VIEW side in real Chromium, under `script-src 'self' 'nonce-…'; style-src 'self'`: a test bundle
// (fixtures/in-app-view-entry.ts, built like the script-tag build) presents hand-made messages through createDisplay;
// the view code and the renderer (a stand-in speaking the hosted renderer's protocol) are loaded by the SDK as
// scripts beside its own. Events are read at the local
// server's batch endpoint.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, watchPage } from './harness'

const NONCE = 'e2e-nonce-7f3a'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const PAGES = resolve(REPO, 'test/browser/pages')
const TIMEOUT_LOG = 'Failed to open inAppMessageView: Error: Timeout expired.'

const HTML_MESSAGE = [
  '<!doctype html><html><head><script src="/guard.js"></script><script src="/iam-html-message.js"></script></head><body>',
  '<h1>HTML message</h1><button id="track">Track</button><button id="evil">Evil</button><button id="hide">Hide for a day</button>',
  '</body></html>',
].join('')

describeChromium('in-app message view (real Chromium, strict CSP with nonce)', () => {
  let dir: string
  let bundle: string
  let viewScript: string
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'iam-view-e2e-'))
    // Built as the script-tag build is: the SDK with the test's probe, and the view code as its own script beside it.
    bundle = join(dir, 'iam-view-test.js')
    viewScript = join(dir, 'hackle-kit-iam-view.global.js')
    const scriptTag = (entry: string, outfile: string) =>
      build({
        entryPoints: [resolve(REPO, entry)],
        bundle: true,
        format: 'iife',
        target: 'es2018',
        platform: 'browser',
        define: { __HACKLE_SCRIPT_TAG__: 'true' },
        outfile,
        logLevel: 'silent',
      })
    await scriptTag('test/browser/fixtures/in-app-view-entry.ts', bundle)
    await scriptTag('src/plugins/in-app-messages/view/script-tag.ts', viewScript)
    const js = (file: string) => ({ file })
    server = await startServer({
      workspace: EXAMPLE_WORKSPACE,
      pages: {
        '/iam-view.html': { file: resolve(PAGES, 'iam-view.html'), headers: { 'Content-Security-Policy': CSP } },
        '/iam-view-test.js': js(bundle),
        '/hackle-kit-iam-view.global.js': js(viewScript),
        '/iam-view.js': js(resolve(PAGES, 'iam-view.js')),
        '/guard.js': js(resolve(PAGES, 'guard.js')),
        // The SDK's sibling renderer script (beside /iam-view-test.js).
        '/hackle-kit-iam-renderer.global.js': js(resolve(PAGES, 'iam-stand-in-renderer.js')),
        '/iam-html-message.js': js(resolve(PAGES, 'iam-html-message.js')),
        // The hosted renderer's path under cdnUrl (the page's origin).
        '/sdk/iam-renderer/0.0.12/iam-renderer.js': js(resolve(PAGES, 'iam-stand-in-renderer.js')),
      },
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    server.requests.length = 0
    context = await newContext(browser)
    page = await context.newPage()
  })
  afterEach(async () => {
    await context?.close()
  })

  async function openPage(query = '') {
    const diag = watchPage(page)
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const response = await page.goto(`${server.url}/iam-view.html${query}`)
    expect(response?.headers()['content-security-policy']).toBe(CSP)
    await page.waitForFunction(() => (window as any).__ready, null, { timeout: 10_000 })
    return { ...diag, dialogs }
  }

  /** Track events with this key that reached the batch endpoint. */
  const arrived = (key: string) => server.events().flatMap((batch: any) => batch.trackEvents ?? []).filter((event: any) => event.eventTypeKey === key)
  const waitForEvent = (key: string, count = 1) =>
    server.waitFor(() => arrived(key).length >= count, 15_000)

  async function noViolations() {
    const records = await page.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
    expect(records.violations).toEqual([])
    expect(records.errors).toEqual([])
  }

  it('the script-tag SDK carries no view code (no renderer protocol, no HTML bridge); the view script does', () => {
    for (const marker of ['hackle-iam-lifecycle-start', 'hackleBridgeReady', 'WebIframeInAppMessageBridge']) {
      expect(readFileSync(bundle, 'utf8')).not.toContain(marker)
      expect(readFileSync(viewScript, 'utf8')).toContain(marker)
    }
  })

  it('opens a MODAL through the sibling renderer script (with the nonce): one impression, a handled button click, close', async () => {
    const diag = await openPage()
    await page.evaluate(() => (window as any).__iam.present())
    await page.getByRole('dialog').getByText('Spring sale').waitFor({ timeout: 10_000 })

    // Both scripts the first message needs come from beside the SDK's script, with its nonce.
    const added = await page.evaluate(() =>
      ['/hackle-kit-iam-view.global.js', '/hackle-kit-iam-renderer.global.js'].map((file) => {
        const script = document.querySelector(`script[src$="${file}"]`) as HTMLScriptElement | null
        return script && { nonce: script.nonce, async: script.async }
      }),
    )
    expect(added).toEqual([{ nonce: NONCE, async: true }, { nonce: NONCE, async: true }])
    await page.waitForFunction(() => (window as any).__listener.includes('afterOpen 71'))
    const render = await page.evaluate(() => (window as any).__renderer.renders[0])
    expect(render).toMatchObject({ messageId: 701, renderType: 'pc', containerClass: 'hackle-iam hackle-iam--loading' })
    expect(render.message.closeButton).toEqual({ action: { behavior: 'CLICK', type: 'CLOSE', value: null }, style: { color: '#111111' } })
    expect(await page.evaluate(() => (window as any).__iam.displayedKey())).toBe(71)

    // The page's listener handles shop links: the event is tracked, nothing opens.
    await page.getByRole('button', { name: 'Shop now' }).click()
    await page.getByRole('button', { name: 'Close' }).click()
    await page.waitForFunction(() => (window as any).__listener.includes('afterClose 71'))
    expect(await page.locator('.hackle-iam').count()).toBe(0)
    expect(context.pages()).toHaveLength(1)

    await waitForEvent('$in_app_close')
    await waitForEvent('$in_app_action')
    expect(arrived('$in_app_impression')).toHaveLength(1)
    expect(arrived('$in_app_action')).toHaveLength(1)
    expect(arrived('$in_app_close')).toHaveLength(1)
    const [impression] = arrived('$in_app_impression')
    expect(impression.properties).toEqual({
      $trigger_event_insert_id: 'e2e-insert-id', in_app_message_id: 701, in_app_message_key: 71, in_app_message_display_type: 'MODAL',
      decision_reason: 'IN_APP_MESSAGE_TARGET', title_text: 'Spring sale', body_text: '20% off today', button_text: ['Shop now', 'Evil link'], image_url: [],
    })
    expect(impression.identifiers).toMatchObject({ $id: 'user_1', $deviceId: 'user_1', $sessionId: expect.any(String) })
    expect(arrived('$in_app_action')[0].properties).toMatchObject({
      action_type: 'LINK_NEW_TAB', action_area: 'BUTTON', action_value: 'https://shop.example.com/sale', button_text: 'Shop now',
    })
    expect(await page.evaluate(() => (window as any).__listener)).toEqual(['beforeOpen 71', 'afterOpen 71', 'click 71 LINK', 'beforeClose 71', 'afterClose 71'])
    await noViolations()
    expect(diag.pageErrors).toEqual([])
    expect(diag.consoleErrors).toEqual([])
  })

  it("renderer: 'hosted' loads {cdnUrl}/sdk/iam-renderer/0.0.12/iam-renderer.js (with the nonce) and opens through it", async () => {
    const diag = await openPage('?renderer=hosted')
    await page.evaluate(() => (window as any).__iam.present())
    await page.waitForFunction(() => (window as any).__listener.includes('afterOpen 71'))
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script[src]')].map((script) => ({ src: new URL((script as HTMLScriptElement).src).pathname, nonce: (script as HTMLScriptElement).nonce })),
    )
    expect(scripts).toContainEqual({ src: '/sdk/iam-renderer/0.0.12/iam-renderer.js', nonce: NONCE })
    expect(scripts.map((script) => script.src)).not.toContain('/hackle-kit-iam-renderer.global.js')
    await waitForEvent('$in_app_impression')
    expect(arrived('$in_app_impression')).toHaveLength(1)
    await noViolations()
    expect(diag.consoleErrors).toEqual([])
  })

  it('a javascript: button link is refused and logged, nothing runs, and the message closes (LINK_AND_CLOSE)', async () => {
    const diag = await openPage()
    await page.evaluate(() => (window as any).__iam.present())
    await page.waitForFunction(() => (window as any).__listener.includes('afterOpen 71'))
    await page.getByRole('button', { name: 'Evil link' }).click()
    await page.waitForFunction(() => (window as any).__listener.includes('afterClose 71'))
    expect(diag.consoleErrors.filter((line) => line.includes('Invalid url: javascript:alert(1)'))).toHaveLength(1)
    expect(diag.dialogs).toEqual([])
    expect(page.url()).toContain('/iam-view.html')
    await waitForEvent('$in_app_close')
    expect(arrived('$in_app_action')[0].properties).toMatchObject({ action_type: 'LINK_AND_CLOSE', action_value: 'javascript:alert(1)' })
    await noViolations()
  })

  it('a renderer that never answers: after the 5000 ms limit the failure is logged and nothing is left in the DOM', async () => {
    const diag = await openPage('?silent=1')
    const logged = page.waitForEvent('console', { predicate: (message) => message.text().includes(TIMEOUT_LOG), timeout: 30_000 })
    await page.evaluate(() => (window as any).__iam.present())
    await page.locator('.hackle-iam').waitFor({ state: 'attached', timeout: 10_000 })
    await logged
    expect(await page.locator('.hackle-iam').count()).toBe(0)
    expect(await page.evaluate(() => (window as any).__renderer.destroyed)).toBe(1)
    expect(await page.evaluate(() => (window as any).__iam.displayedKey())).toBeNull()
    expect(await page.evaluate(() => (window as any).__listener)).toEqual(['beforeOpen 71'])
    expect(diag.consoleErrors).toEqual([`[ERROR] Hackle: ${TIMEOUT_LOG}`])
    // No impression: flush what is queued by tracking a marker event and wait for it.
    await page.evaluate(() => (window as any).__iam.client.track('marker'))
    await waitForEvent('marker')
    expect(arrived('$in_app_impression')).toEqual([])
    await noViolations()
  }, 60_000)

  it('an HTML message: its iframe calls Hackle.bridge.trackClick, a refused javascript: URL, and closeInAppMessage(true)', async () => {
    const diag = await openPage()
    await page.evaluate((html) => (window as any).__iam.present({ resourceType: 'TEXT', text: html, path: null }), HTML_MESSAGE)
    await page.waitForFunction(() => (window as any).__listener.includes('afterOpen 71'))
    const frame = page.frameLocator('iframe.hackle-iam-html__iframe')
    await frame.locator('body[data-bridge="ready"]').waitFor({ timeout: 10_000 })

    // The message's own page runs under the inherited policy too, with no violation.
    const inner = page.frames().find((f) => f !== page.mainFrame())!
    expect(await inner.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))).toEqual({ violations: [], errors: [] })

    await frame.getByRole('button', { name: 'Track' }).click()
    await waitForEvent('$in_app_action')
    expect(arrived('$in_app_action')[0].properties).toEqual({
      $trigger_event_insert_id: 'e2e-insert-id', in_app_message_id: 701, in_app_message_key: 71, in_app_message_display_type: 'HTML',
      decision_reason: 'IN_APP_MESSAGE_TARGET', action_type: 'WEB_LINK', element_id: 'track-button',
    })

    await frame.getByRole('button', { name: 'Hide for a day' }).click()
    await page.waitForFunction(() => (window as any).__listener.includes('afterClose 71'))
    expect(await page.locator('.hackle-iam-html__wrapper').count()).toBe(0)
    const hideUntil = await page.evaluate(() => Number(localStorage.getItem('hackle-iam-hide_e2e-sdk-_71')))
    expect(hideUntil - Date.now()).toBeGreaterThan(86_400_000 - 60_000)
    expect(hideUntil - Date.now()).toBeLessThanOrEqual(86_400_000)
    await waitForEvent('$in_app_close')
    await waitForEvent('$in_app_action', 2)
    expect(arrived('$in_app_action')[1].properties).toMatchObject({ action_type: 'HIDDEN', action_value: '86400000' })
    expect(arrived('$in_app_impression')).toHaveLength(1)
    expect(arrived('$in_app_close')).toHaveLength(1)
    expect(diag.consoleErrors).toEqual([])
    await noViolations()
  })

  it('an HTML message asking the bridge to open a javascript: URL: refused and logged, nothing runs, the message closes', async () => {
    const diag = await openPage()
    await page.evaluate((html) => (window as any).__iam.present({ resourceType: 'TEXT', text: html, path: null }), HTML_MESSAGE)
    const frame = page.frameLocator('iframe.hackle-iam-html__iframe')
    await frame.locator('body[data-bridge="ready"]').waitFor({ timeout: 10_000 })
    const innerFrame = page.frames().find((f) => f !== page.mainFrame())!
    await frame.getByRole('button', { name: 'Evil' }).click()
    await page.waitForFunction(() => (window as any).__listener.includes('afterClose 71'))
    expect(diag.consoleErrors).toEqual(['[ERROR] Hackle: Invalid url: javascript:alert(1)'])
    expect(diag.dialogs).toEqual([])
    await waitForEvent('$in_app_action')
    expect(arrived('$in_app_action')[0].properties).toMatchObject({ action_type: 'LINK_AND_CLOSE', action_value: 'javascript:alert(1)', element_id: 'evil-link' })
    expect(innerFrame.isDetached()).toBe(true)
    await noViolations()
  })
})
