// hackle-kit's DevTool panel in real Chromium under `script-src 'self' 'nonce-…'; style-src 'self'`: a script-tag
// bundle with the devtool plugin (fixtures/devtool-entry.ts, built like the script-tag build) opens the panel from a
// URL parameter; the panel's script and the in-app renderer's script (which lends it React) are loaded from beside
// it (dist/browser). The reference SDK's script-tag build runs on the same page and reads the same override cookies.
// A last test imports the npm build's ES modules (dist/) straight into a page and follows its lazy chunks.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, axeViolations, watchPage } from './harness'
import { layoutDto, messageDto } from '../fixtures/in-app-workspace'

const NONCE = 'e2e-devtool-nonce'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const SDK_KEY = 'e2e-devtool-key-0123'
const PAGES = resolve(REPO, 'test/browser/pages')
const SHOTS = resolve(REPO, 'test/browser/__screenshots__')
const DIST = resolve(REPO, 'dist/browser')
const SCRIPTS = ['hackle-kit-devtool.global.js', 'hackle-kit-iam-renderer.global.js', 'hackle-kit-iam-view.global.js']
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** Every file of the npm build (dist/, ES modules and chunks), served under /dist/ as an app's server would. */
function npmBuild(): Record<string, { file: string }> {
  const root = resolve(REPO, 'dist')
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : []))
  return Object.fromEntries(walk(root).map((file) => [`/dist/${relative(root, file).split('\\').join('/')}`, { file }]))
}

/** A page that imports the npm build's ES modules (no bundler), with the devtool plugin, and opens the panel. */
const NPM_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hackle-kit npm build DevTool</title>
<script src="/guard.js" nonce="${NONCE}"></script>
<script type="module" nonce="${NONCE}">
import { createInstance } from '/dist/index.js'
import { devtool } from '/dist/plugins/devtool/index.js'
const origin = location.origin
const client = createInstance('${SDK_KEY}', { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, user: { id: 'user_1' }, plugins: (preset) => [...preset, devtool()] })
window.__kitClient = client
client.onInitialized().then(() => { client.showUserExplorer(); window.__ready = true })
</script></head><body><main><h1>npm build</h1></main></body></html>`

const welcome = layoutDto({
  layout: { displayType: 'MODAL', layoutType: 'TEXT_ONLY', alignment: { vertical: 'MIDDLE', horizontal: 'CENTER' } },
  images: [],
  text: { title: { text: 'Welcome back', style: { textColor: '#111111' } }, body: { text: 'Your cart is waiting.', style: { textColor: '#333333' } } },
})
const WORKSPACE = {
  ...EXAMPLE_WORKSPACE,
  inAppMessages: [messageDto({ id: 9101, key: 91, eventKey: 'cart_viewed', messages: [welcome] }), messageDto({ id: 9102, key: 92, status: 'PAUSE', messages: [welcome] })],
}

describeChromium('DevTool panel (real Chromium, strict CSP with nonce, reference SDK on the same page)', () => {
  let dir: string
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    dir = mkdtempSync(join(tmpdir(), 'devtool-e2e-'))
    const bundle = join(dir, 'devtool-test.js')
    await build({
      entryPoints: [resolve(REPO, 'test/browser/fixtures/devtool-entry.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2018',
      platform: 'browser',
      define: { __HACKLE_SCRIPT_TAG__: 'true', 'process.env.NODE_ENV': '"production"' },
      outfile: bundle,
      logLevel: 'silent',
    })
    const js = (file: string) => ({ file })
    server = await startServer({
      workspace: WORKSPACE,
      pages: {
        '/devtool.html': { file: resolve(PAGES, 'devtool.html'), headers: { 'Content-Security-Policy': CSP } },
        '/devtool-test.js': js(bundle),
        '/devtool-page.js': js(resolve(PAGES, 'devtool-page.js')),
        '/guard.js': js(resolve(PAGES, 'guard.js')),
        '/reference-sdk.js': js(resolve(REPO, 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')),
        '/axe.js': js(resolve(REPO, 'node_modules/axe-core/axe.min.js')),
        // beside the SDK's script, as the script-tag distribution ships them
        ...Object.fromEntries(SCRIPTS.map((name) => [`/${name}`, js(join(DIST, name))])),
        ...npmBuild(),
        '/npm.html': { body: NPM_PAGE, type: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP } },
      },
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    for (const name of SCRIPTS) if (!existsSync(join(DIST, name))) throw new Error(`${name} not found in dist/browser. Run \`npm run build\`.`)
  })
  afterEach(async () => {
    await context?.close()
  })

  /** A fresh visitor (or the same one after `page.reload()`), with the panel opened by the URL parameter. */
  async function open(viewport: { width: number; height: number }) {
    context = await newContext(browser, { viewport, reducedMotion: 'reduce' })
    page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const diag = watchPage(page)
    const response = await page.goto(`${server.url}/devtool.html?key=${SDK_KEY}&hackle-devtool`)
    expect(response?.headers()['content-security-policy']).toBe(CSP)
    await ready()
    return diag
  }
  async function ready() {
    await page.waitForFunction(() => (window as any).__ready === true, null, { timeout: 15_000 })
    await page.getByRole('dialog', { name: 'Hackle DevTool' }).waitFor({ timeout: 15_000 })
  }
  const answers = () => page.evaluate(() => (window as any).__answers())
  const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) })
  /** Inside the panel: CSS selectors pierce its open shadow root. */
  const panel = () => page.locator('[data-hackle-devtool]')

  async function noViolations() {
    const records = await page.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
    expect(records.violations).toEqual([])
    expect(records.errors).toEqual([])
  }

  it('overrides an A/B test, a flag and a parameter; after a reload both SDKs read the overrides (same cookies) and decide them first', async () => {
    const diag = await open(DESKTOP)
    const before = await answers()
    expect(before.kit.ab).toEqual({ variation: 'B', reason: 'TRAFFIC_ALLOCATED' })
    expect(before.ref.ab).toEqual(before.kit.ab)
    expect(before.kit.ff).toEqual({ isOn: false, reason: 'DEFAULT_RULE' })
    expect(before.kit.rc).toEqual({ value: 'Hello', reason: 'DEFAULT_RULE' })
    // the panel's scripts came from beside the SDK's (with its nonce), React once: the renderer's script lends it
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => [new URL(s.src || location.href).pathname, s.nonce]))
    const ours = scripts.filter(([path]) => path!.startsWith('/hackle-kit-'))
    expect(ours.map(([path]) => path).sort()).toEqual(['/hackle-kit-devtool.global.js', '/hackle-kit-iam-renderer.global.js', '/hackle-kit-iam-view.global.js'])
    expect(ours.every(([, nonce]) => nonce === NONCE)).toBe(true)
    await page.screenshot({ path: resolve(SHOTS, 'devtool-ab-tests-desktop-1280x800.png') })

    await panel().locator('#override-ab-11').selectOption('101')
    await tab('Flags').click()
    await panel().locator('#override-ff-21').selectOption('202')
    await tab('Remote config').click()
    await panel().locator('#rc-banner_text').fill('Overridden by the DevTool')
    await panel().getByRole('button', { name: 'Set the override of banner_text', exact: true }).click()
    await expect.poll(async () => (await answers()).kit.rc, { timeout: 5000 }).toEqual({ value: 'Overridden by the DevTool', reason: 'OVERRIDDEN' })
    await panel().getByText('OVERRIDDEN').first().waitFor()
    await page.screenshot({ path: resolve(SHOTS, 'devtool-remote-config-desktop-1280x800.png') })

    const now = await answers()
    expect(now.kit).toEqual({
      ab: { variation: 'A', reason: 'OVERRIDDEN' },
      // a flag's manual override reports INDIVIDUAL_TARGET_MATCH in both SDKs
      ff: { isOn: true, reason: 'INDIVIDUAL_TARGET_MATCH' },
      rc: { value: 'Overridden by the DevTool', reason: 'OVERRIDDEN' },
    })
    expect(diag.pageErrors).toEqual([])

    await page.reload()
    await ready()
    const reloaded = await answers()
    expect(reloaded.kit).toEqual(now.kit)
    // the reference SDK on the same page reads the same A/B test and flag overrides (remote-config overrides are
    // hackle-kit's own: the reference has none)
    expect(reloaded.ref.ab).toEqual(now.kit.ab)
    expect(reloaded.ref.ff).toEqual(now.kit.ff)
    expect(reloaded.ref.rc).toBe('Hello')
    // the reopened panel shows the overrides
    await expect.poll(() => panel().locator('#override-ab-11').inputValue()).toBe('101')
    await tab('Flags').click()
    expect(await panel().locator('#override-ff-21').inputValue()).toBe('202')

    // reset from the panel: both SDKs decide as before
    await panel().getByRole('button', { name: 'Reset the override of flag 5', exact: true }).click()
    await tab('A/B tests').click()
    await panel().getByRole('button', { name: 'Reset the override of A/B test 1', exact: true }).click()
    await expect.poll(async () => (await answers()).ref.ab).toEqual(before.ref.ab)
    expect((await answers()).ref.ff).toEqual(before.kit.ff)
    await noViolations()
  })

  it('is keyboard usable (focus on open, arrow keys between tabs, visible focus, Escape closes) and axe-clean at 390×844 and 1280×800', async () => {
    for (const [viewport, size] of [[PHONE, 'phone-390x844'], [DESKTOP, 'desktop-1280x800']] as const) {
      await open(viewport)
      // the panel fits the viewport (no horizontal scrolling of the page)
      const box = await panel().locator('section').boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      const focused = () =>
        page.evaluate(() => {
          const active = document.querySelector('[data-hackle-devtool]')?.shadowRoot?.activeElement as HTMLElement | null
          return active ? { role: active.getAttribute('role'), text: active.textContent, outline: getComputedStyle(active).outlineStyle } : null
        })
      expect(await focused()).toMatchObject({ role: 'tab', text: 'A/B tests1' })
      await page.keyboard.press('ArrowLeft')
      expect(await focused()).toMatchObject({ role: 'tab', text: 'User' })
      expect((await focused())!.outline).not.toBe('none')
      await page.screenshot({ path: resolve(SHOTS, `devtool-user-${size}.png`) })
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('Tab')
      expect(await focused()).toMatchObject({ role: 'tabpanel' })
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => (document.querySelector('[data-hackle-devtool]')!.shadowRoot!.activeElement as HTMLInputElement).type)).toBe('search')
      await page.screenshot({ path: resolve(SHOTS, `devtool-ab-tests-${size}.png`) })
      expect(await axeViolations(page, NONCE)).toEqual([])
      await tab('Remote config').click()
      expect(await axeViolations(page, NONCE)).toEqual([])
      await page.keyboard.press('Escape')
      await expect.poll(() => panel().count()).toBe(0)
      // showUserExplorer() opens it again, hideUserExplorer() closes it
      await page.evaluate(() => (window as any).__kitClient.showUserExplorer())
      await page.getByRole('dialog', { name: 'Hackle DevTool' }).waitFor()
      await page.evaluate(() => (window as any).__kitClient.hideUserExplorer())
      await expect.poll(() => panel().count()).toBe(0)
      await noViolations()
      await context.close()
    }
  })

  it('shows the page’s events live, and the in-app messages with their eligibility; Preview shows one now', async () => {
    const diag = await open(PHONE)
    await tab('Events').click()
    // the page tracks while the panel is open (on a phone the panel covers the page's button)
    await page.evaluate(() => (window as any).__kitClient.track('purchase_clicked'))
    await panel().getByText('purchase_clicked').waitFor()
    await page.screenshot({ path: resolve(SHOTS, 'devtool-events-phone-390x844.png') })

    await tab('In-app').click()
    const first = panel().locator('li', { hasText: 'message 91' })
    await first.getByText('eligible', { exact: true }).waitFor()
    await expect.poll(() => panel().locator('li', { hasText: 'message 92' }).textContent()).toContain('IN_APP_MESSAGE_PAUSED')
    await page.screenshot({ path: resolve(SHOTS, 'devtool-in-app-phone-390x844.png') })
    await panel().getByRole('button', { name: 'Preview message 92' }).click()
    await page.locator('.hackle-iam').getByRole('dialog').getByText('Welcome back').waitFor({ timeout: 15_000 })
    await page.screenshot({ path: resolve(SHOTS, 'devtool-preview-phone-390x844.png') })
    expect(diag.pageErrors).toEqual([])
    await noViolations()
  })

  it('npm build: the loader imports the lazy chunks in the browser (explorer and data, then the view and the React chunk it shares with the in-app renderer)', async () => {
    context = await newContext(browser, { viewport: DESKTOP })
    page = await context.newPage()
    page.setDefaultTimeout(10_000)
    const diag = watchPage(page)
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname))
    await page.goto(`${server.url}/npm.html`)
    await page.waitForFunction(() => (window as any).__ready === true)
    await page.getByRole('dialog', { name: 'Hackle DevTool' }).waitFor()
    await panel().getByText('A/B test 1').waitFor()
    const lazy = loaded.filter((path) => /session-|panel-link|devtool\/panel\/|\/react\//.test(path))
    expect(lazy.map((path) => path.replace(/-[A-Z0-9]{8}\.js$/, '-*.js'))).toEqual([
      '/dist/session-*.js',
      '/dist/plugins/devtool/panel-link.js',
      '/dist/plugins/devtool/panel/index.js',
      '/dist/react/chunk-*.js',
    ])
    // no script-tag files in the npm build's way
    expect(loaded.some((path) => path.includes('.global.js'))).toBe(false)
    expect(diag.pageErrors).toEqual([])
    await noViolations()
  })
})
