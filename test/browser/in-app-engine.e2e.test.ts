// The in-app decision engine of the script-tag build in real Chromium, under `script-src 'self' 'nonce-…'`: the SDK
// file carries no engine; once the workspace has in-app messages it loads its in-app script (engine and view) from
// beside its own script, with its nonce, and replays what the page did meanwhile. Built files (dist/browser), so run
// `npm run build` first. The renderer is a stand-in speaking the hosted renderer's protocol.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { inAppWorkspace, messageDto } from '../fixtures/in-app-workspace'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { watchPage } from './harness'

const NONCE = 'e2e-nonce-7f3a'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const PAGES = resolve(REPO, 'test/browser/pages')
const SDK = resolve(REPO, 'dist/browser/hackle-kit.global.js')
const IN_APP_SCRIPT = resolve(REPO, 'dist/browser/hackle-kit-iam-view.global.js')

describeChromium('in-app decision engine of the script-tag build (real Chromium, strict CSP with nonce)', () => {
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    if (!existsSync(SDK) || !existsSync(IN_APP_SCRIPT)) throw new Error('build first: npm run build')
    const js = (file: string) => ({ file })
    server = await startServer({
      workspace: inAppWorkspace([messageDto()]),
      pages: {
        '/iam-engine.html': { file: resolve(PAGES, 'iam-engine.html'), headers: { 'Content-Security-Policy': CSP } },
        '/guard.js': js(resolve(PAGES, 'guard.js')),
        '/hackle-kit.global.js': js(SDK),
        '/hackle-kit-iam-view.global.js': js(IN_APP_SCRIPT),
        '/hackle-kit-iam-renderer.global.js': js(resolve(PAGES, 'iam-stand-in-renderer.js')),
        '/iam-engine.js': js(resolve(PAGES, 'iam-engine.js')),
      },
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    server.requests.length = 0
    context = await newContext(browser)
    page = await context.newPage()
  })
  afterEach(async () => {
    await context?.close()
  })

  const arrived = (key: string) => server.events().flatMap((batch: any) => batch.trackEvents ?? []).filter((event: any) => event.eventTypeKey === key)

  it('the SDK file has no engine; the in-app script has it', () => {
    for (const marker of ['InAppMessage Schedule Response', 'Unsupported delay type']) {
      expect(readFileSync(SDK, 'utf8')).not.toContain(marker)
      expect(readFileSync(IN_APP_SCRIPT, 'utf8')).toContain(marker)
    }
  })

  // The page tracks the trigger as soon as the client is ready, which is (nearly always) before the in-app script has
  // arrived: queued, then replayed. Not asserted, since the network decides; the unit and conformance tests pin it.
  it('a trigger tracked right after start-up opens the message: the in-app script is loaded once, with the nonce', async () => {
    const diag = watchPage(page)
    const response = await page.goto(`${server.url}/iam-engine.html`)
    expect(response?.headers()['content-security-policy']).toBe(CSP)
    await page.waitForFunction(() => (window as any).__listener.includes('afterOpen 71'), null, { timeout: 15_000 })
    // The in-app script was added once, beside the SDK's script, with its nonce.
    const added = await page.evaluate(() =>
      [...document.querySelectorAll('script[src$="/hackle-kit-iam-view.global.js"]')].map((script) => ({ nonce: (script as HTMLScriptElement).nonce, async: (script as HTMLScriptElement).async })),
    )
    expect(added).toEqual([{ nonce: NONCE, async: true }])
    await server.waitFor(() => arrived('$in_app_impression').length >= 1, 15_000)
    const [impression] = arrived('$in_app_impression')
    const [trigger] = arrived('show_iam')
    expect(trigger.properties).toMatchObject({ from: 'page start' })
    expect(impression.properties).toMatchObject({ $trigger_event_insert_id: trigger.insertId, in_app_message_key: 71, decision_reason: 'IN_APP_MESSAGE_TARGET' })
    // The impression history records the trigger's time (the replay ran later).
    const history = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('hackle-iam-impression_'))
      return key ? JSON.parse(localStorage.getItem(key)!) : null
    })
    expect(history.map((entry: { timestamp: number }) => entry.timestamp)).toEqual([trigger.timestamp])
    const records = await page.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
    expect(records).toEqual({ violations: [], errors: [] })
    expect(diag.pageErrors).toEqual([])
    expect(diag.consoleErrors).toEqual([])
  })
})
