// Shared fixtures for the e2e tests: the local server wired to the test pages, and page diagnostics.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, REPO, assertBundle, hasBundle, launch, newContext } from './chromium'

export const SDK_KEY = 'e2e-sdk-key-0123456789'
/** The complete small example of wire-format.md §3.7. */
export const EXAMPLE_WORKSPACE = JSON.parse(
  readFileSync(resolve(REPO, 'test/browser/fixtures/example-workspace.json'), 'utf8'),
)
export const STRICT_CSP = "script-src 'self'"

const PAGES = resolve(REPO, 'test/browser/pages')

/** Serves the bundle at /hackle-kit.js, the test pages, and the fake API. `csp: null` = no CSP header. */
export function startTestServer({ csp = STRICT_CSP as string | null, workspace = EXAMPLE_WORKSPACE } = {}): Promise<LocalServer> {
  const cspHeaders: Record<string, string> = csp ? { 'Content-Security-Policy': csp } : {}
  const html = (name: string) => ({ file: resolve(PAGES, name), headers: cspHeaders })
  const js = (name: string) => ({ file: resolve(PAGES, name) })
  return startServer({
    workspace,
    bundlePath: BUNDLE,
    pages: {
      '/app.html': html('app.html'),
      '/probe.html': html('probe.html'),
      '/blank.html': html('blank.html'),
      '/guard.js': js('guard.js'),
      '/app.js': js('app.js'),
      '/eval-probe.js': js('eval-probe.js'),
    },
  })
}

export interface PageResult {
  stage: 'start' | 'done' | 'error'
  error?: string
  init?: { success: boolean }
  variation?: { variation: string; reason: string; buttonColor: string; maxItems: number }
  variationShort?: string
  flag?: { isOn: boolean; reason: string; isFeatureOn: boolean }
  bannerText?: string
  user?: { id?: string; deviceId?: string; userId?: string }
}

/** The page finished, initialized, and decided for `user_1` exactly as expected, with no page error. */
export function expectUser1Decided(result: PageResult, pageErrors: string[]): void {
  expect(result.error).toBeUndefined()
  expect(result.stage).toBe('done')
  expect(result.init).toEqual({ success: true })
  expect(result).toMatchObject(USER_1_EXPECTED)
  expect(pageErrors).toEqual([])
}

/** Collects uncaught page errors and console errors from the moment it is attached. */
export function watchPage(page: Page) {
  const pageErrors: string[] = []
  const consoleErrors: string[] = []
  page.on('pageerror', (e) => pageErrors.push(String(e?.stack ?? e)))
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  return { pageErrors, consoleErrors }
}

/** Waits for pages/app.js to finish and returns its result object. */
export async function appResult(page: Page): Promise<PageResult> {
  await page.waitForFunction(
    () => {
      const r = (window as any).__result
      return r && (r.stage === 'done' || r.stage === 'error')
    },
    null,
    { timeout: 10_000 },
  )
  return page.evaluate(() => (window as any).__result)
}

/** CSP violation events and window errors recorded by pages/guard.js (after letting queued reports fire). */
export async function guardRecords(page: Page): Promise<{ violations: any[]; errors: string[] }> {
  await page.waitForTimeout(100)
  return page.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
}

/** Expected decisions for `{id:"user_1", deviceId:"user_1"}` on a Windows Chrome UA (wire-format §3.7). */
export const USER_1_EXPECTED = {
  variation: { variation: 'B', reason: 'TRAFFIC_ALLOCATED', buttonColor: 'red', maxItems: 3 },
  variationShort: 'B',
  flag: { isOn: false, reason: 'DEFAULT_RULE', isFeatureOn: false },
  bannerText: 'Hello',
}

/**
 * Registers the per-file lifecycle every page test needs: one Chromium for the file, a fresh server, context and page
 * per test. A page that closes may still send a beacon (its SDK hands the queue over on pagehide) that arrives after
 * the next test began: each test's server is closed with its page, so a test sees only its own page's requests. Read
 * the current objects from the returned holder inside tests.
 */
export function useBrowserPages(options: Parameters<typeof startTestServer>[0] = {}) {
  const session = {} as { browser: Browser; server: LocalServer; context: BrowserContext; page: Page }
  beforeAll(async () => {
    if (!hasBundle()) return
    session.browser = await launch()
  })
  afterAll(async () => {
    await session.browser?.close()
  })
  beforeEach(async () => {
    assertBundle()
    session.server = await startTestServer(options)
    session.context = await newContext(session.browser)
    session.page = await session.context.newPage()
  })
  afterEach(async () => {
    await session.context?.close()
    await session.server?.close()
  })
  return session
}

/**
 * axe-core's violations on `page`: loads `/axe.js` (the page's server serves node_modules/axe-core/axe.min.js there)
 * with the CSP nonce, once, and scans the whole document.
 */
export async function axeViolations(page: Page, nonce: string): Promise<any[]> {
  await page.evaluate(
    ([nonce]) =>
      new Promise<void>((done, fail) => {
        if ((window as any).axe) return done()
        const script = document.createElement('script')
        script.nonce = nonce
        script.src = '/axe.js'
        script.onload = () => done()
        script.onerror = () => fail(new Error('axe did not load'))
        document.head.appendChild(script)
      }),
    [nonce] as const,
  )
  const result = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ['violations'] }))
  return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target) }))
}

/** Every file of the npm build (dist/, ES modules and chunks), served under /dist/ as an app's server would. */
export function npmBuild(): Record<string, { file: string }> {
  const root = resolve(REPO, 'dist')
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : []))
  return Object.fromEntries(walk(root).map((file) => [`/dist/${relative(root, file).split('\\').join('/')}`, { file }]))
}
