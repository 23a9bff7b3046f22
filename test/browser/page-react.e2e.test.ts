// In-app messages and the DevTool panel drawn with the page's own React, in real Chromium under a strict CSP
// (`script-src 'self' 'nonce-…'; style-src 'self'`, no eval). The npm build's ES modules (dist/) are imported straight
// into the page (no bundler), React 19's development build from an import map (so React reports any misuse in the
// console). An app on `hackle-kit/react`, given its `react-dom` modules, shows an in-app message and opens the
// DevTool: the React-free chunks are fetched, no chunk that bundles React, and both draw correctly. A page on plain
// `hackle-kit` still loads the chunks that bundle React.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, npmBuild } from './harness'
import { layoutDto, messageDto } from '../fixtures/in-app-workspace'

const NONCE = 'e2e-page-react-nonce'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const SDK_KEY = 'e2e-page-react-key-01'
const SHOTS = resolve(REPO, 'test/browser/__screenshots__')
const PHONE = { width: 390, height: 844 }

/** Markers of a React build in a file: React's element symbol and react-dom's internals. */
const REACT_CODE = /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|__SECRET_INTERNALS_DO_NOT_USE/

const welcome = layoutDto({
  layout: { displayType: 'MODAL', layoutType: 'TEXT_ONLY', alignment: { vertical: 'MIDDLE', horizontal: 'CENTER' } },
  images: [],
  text: { title: { text: 'Welcome back', style: { textColor: '#111111' } }, body: { text: 'Your cart is waiting.', style: { textColor: '#333333' } } },
})
/** The example workspace with the message, without its Google Analytics forwarding (the page has no gtag). */
const WORKSPACE = structuredClone({ ...EXAMPLE_WORKSPACE, inAppMessages: [messageDto({ id: 9101, key: 91, eventKey: 'cart_viewed', messages: [welcome] })] }) as any
WORKSPACE.workspace.attributes = {}

/** The page's React: `react`, `react-dom` and `react-dom/client` as ES modules (one React, shared), development build. */
async function vendorReact(dir: string): Promise<Record<string, { file: string }>> {
  const require = createRequire(join(REPO, 'package.json'))
  const modules = { react: 'react', 'react-dom': 'react-dom', 'react-dom-client': 'react-dom/client' }
  const entries = Object.entries(modules).map(([name, specifier]) => {
    const names = Object.keys(require(specifier)).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default')
    const file = join(dir, `${name}.entry.js`)
    writeFileSync(file, `import M from '${specifier}'\nexport default M\nexport const { ${names.join(', ')} } = M\n`)
    return { in: file, out: name }
  })
  const outdir = join(dir, 'vendor')
  await build({
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"development"' },
    nodePaths: [join(REPO, 'node_modules')],
    outdir,
    logLevel: 'silent',
  })
  return Object.fromEntries(readdirSync(outdir).map((file) => [`/vendor/${file}`, { file: join(outdir, file) }]))
}

/** A shop page on hackle-kit/react: the client knows the app's React (`reactDom`, `reactDomClient`), with the DevTool. */
const REACT_APP = `
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { createInstance, HackleProvider, useVariation } from '/dist/react/index.js'
import { devtool } from '/dist/plugins/devtool/index.js'
const h = React.createElement
const origin = location.origin
const client = createInstance('${SDK_KEY}', {
  sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, user: { id: 'user_1' },
  plugins: (preset) => [...preset, devtool()],
  reactDom: ReactDOM, reactDomClient: ReactDOMClient,
})
window.__kitClient = client
function Offer() {
  const variation = useVariation(1)
  return h('p', { id: 'offer' }, 'Your offer: variation ' + variation)
}
ReactDOMClient.createRoot(document.getElementById('root')).render(h(React.StrictMode, null, h(HackleProvider, { hackleClient: client }, h(Offer))))
client.onInitialized().then(() => { window.__ready = true })
`

/** The same shop on plain hackle-kit: no React on the page, the client knows none. */
const PLAIN_APP = `
import { createInstance } from '/dist/index.js'
import { devtool } from '/dist/plugins/devtool/index.js'
const origin = location.origin
const client = createInstance('${SDK_KEY}', { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, user: { id: 'user_1' }, plugins: (preset) => [...preset, devtool()] })
window.__kitClient = client
client.onInitialized().then(() => {
  document.getElementById('root').textContent = 'Your offer: variation ' + client.variation(1)
  window.__ready = true
})
`

const IMPORT_MAP = JSON.stringify({ imports: { react: '/vendor/react.js', 'react-dom': '/vendor/react-dom.js', 'react-dom/client': '/vendor/react-dom-client.js' } })
const page = (title: string, script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script src="/guard.js" nonce="${NONCE}"></script>
<script type="importmap" nonce="${NONCE}">${IMPORT_MAP}</script>
<script type="module" src="${script}" nonce="${NONCE}"></script>
</head><body><main><h1>Shop</h1><div id="root"></div></main></body></html>`

describeChromium('the page’s own React for in-app messages and the DevTool (real Chromium, strict CSP, npm build)', () => {
  let dir: string
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext | undefined

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    dir = mkdtempSync(join(tmpdir(), 'page-react-e2e-'))
    const html = { type: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP } }
    const js = (body: string) => ({ body, type: 'text/javascript; charset=utf-8' })
    server = await startServer({
      workspace: WORKSPACE,
      pages: {
        ...npmBuild(),
        ...(await vendorReact(dir)),
        '/guard.js': { file: resolve(REPO, 'test/browser/pages/guard.js') },
        '/react-app.js': js(REACT_APP),
        '/plain-app.js': js(PLAIN_APP),
        '/react-app.html': { body: page('Shop on hackle-kit/react', '/react-app.js'), ...html },
        '/plain-app.html': { body: page('Shop on hackle-kit', '/plain-app.js'), ...html },
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
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  /**
   * Opens `path`, shows the in-app message (its trigger event), closes it, then opens the DevTool; returns
   * the paths of the scripts the page fetched (chunk hashes as `*`), what each fetched file of dist/ holds, and the
   * console's warnings and errors.
   */
  async function showMessageThenDevtool(path: string, shot: string) {
    context = await newContext(browser, { viewport: PHONE, reducedMotion: 'reduce' })
    const tab: Page = await context.newPage()
    tab.setDefaultTimeout(15_000)
    const console: string[] = []
    const pageErrors: string[] = []
    tab.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(`${message.type()}: ${message.text()}`)
    })
    tab.on('pageerror', (error) => pageErrors.push(String(error)))
    const scripts: string[] = []
    tab.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname)
    })
    const response = await tab.goto(`${server.url}${path}`)
    expect(response?.headers()['content-security-policy']).toBe(CSP)
    await tab.waitForFunction(() => (window as any).__ready === true)
    await tab.locator('#root', { hasText: /Your offer: variation [AB]/ }).waitFor()

    await tab.evaluate(() => (window as any).__kitClient.track('cart_viewed'))
    const dialog = tab.locator('.hackle-iam').getByRole('dialog')
    await dialog.getByText('Welcome back').waitFor()
    await expect.poll(() => dialog.getByRole('button', { name: 'Hide 1 day' }).isVisible()).toBe(true)
    await tab.screenshot({ path: resolve(SHOTS, `page-react-${shot}-message-phone-390x844.png`) })
    // its close button (a click handled by the React that drew it)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => tab.locator('.hackle-iam').count()).toBe(0)

    await tab.evaluate(() => (window as any).__kitClient.showUserExplorer())
    const panel = tab.locator('[data-hackle-devtool]')
    await tab.getByRole('dialog', { name: 'Hackle DevTool' }).waitFor()
    await panel.getByText('A/B test 1').waitFor()
    await tab.screenshot({ path: resolve(SHOTS, `page-react-${shot}-devtool-phone-390x844.png`) })
    // the panel works: another tab, then Escape closes it
    await panel.getByRole('tab', { name: /^User/ }).click()
    await panel.getByText('user_1').first().waitFor()
    await tab.keyboard.press('Escape')
    await expect.poll(() => panel.count()).toBe(0)

    const guard = await tab.evaluate(() => ({ violations: (window as any).__cspViolations, errors: (window as any).__errors }))
    const fetched = [...new Set(scripts)]
    const holdsReact = Object.fromEntries(
      fetched.filter((file) => file.startsWith('/dist/')).map((file) => [file, REACT_CODE.test(readFileSync(resolve(REPO, file.slice(1)), 'utf8'))]),
    )
    const lazy = fetched
      .filter((file) => /renderer\/|devtool\/panel|\/react\/chunk-|\/page-react\//.test(file))
      .map((file) => file.replace(/-[A-Z0-9]{8}\.js$/, '-*.js'))
    return { lazy, holdsReact, console, pageErrors, guard }
  }

  it('hackle-kit/react with the app’s react-dom: the React-free chunks, none that bundles React; both draw, no warning', async () => {
    const seen = await showMessageThenDevtool('/react-app.html', 'app-react')
    expect(seen.lazy).toEqual([
      '/dist/plugins/in-app-messages/renderer/page-react.js',
      '/dist/page-react/chunk-*.js',
      '/dist/plugins/devtool/panel-link-page-react.js',
      '/dist/plugins/devtool/panel/page-react.js',
    ])
    // no file of dist/ the page fetched holds React: the page's own (from /vendor/) drew both
    expect(Object.entries(seen.holdsReact).filter(([, react]) => react)).toEqual([])
    expect(Object.keys(seen.holdsReact).length).toBeGreaterThan(5)
    // React's development build reports misuse (keys, hooks, act, several Reacts) as console errors and warnings
    expect(seen.console).toEqual([])
    expect(seen.pageErrors).toEqual([])
    expect(seen.guard).toEqual({ violations: [], errors: [] })
  })

  it('plain hackle-kit (no React known): the chunks that bundle React, as before', async () => {
    const seen = await showMessageThenDevtool('/plain-app.html', 'plain')
    expect(seen.lazy).toEqual([
      '/dist/plugins/in-app-messages/renderer/index.js',
      '/dist/react/chunk-*.js',
      '/dist/plugins/devtool/panel-link.js',
      '/dist/plugins/devtool/panel/index.js',
    ])
    // the check above sees React where it is
    expect(Object.entries(seen.holdsReact).filter(([, react]) => react).map(([file]) => file.replace(/-[A-Z0-9]{8}\.js$/, '-*.js'))).toEqual(['/dist/react/chunk-*.js'])
    expect(seen.console).toEqual([])
    expect(seen.pageErrors).toEqual([])
    expect(seen.guard).toEqual({ violations: [], errors: [] })
  })
})
