// Server rendering and hydration of hackle-kit/react in real Chromium: the server renders the page in node (no
// window) with a client made from its workspace config; the browser makes its client from the same config, hydrates
// with the same user, and React changes nothing: no mismatch, no flicker (not one DOM mutation of the server's
// markup), no warning or error in the console (React's development build). A control with another user in the browser
// shows the test sees a mismatch.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { build } from 'esbuild'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { Browser, BrowserContext, Page as BrowserPage } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, watchPage } from './harness'
import { clientFor, Page, type PageState } from './fixtures/react-ssr-app'
import type { HackleReactSDKClient } from '../../src/react'

/** The example workspace without its audience (browser properties a server cannot know): every user is bucketed. */
const WORKSPACE = structuredClone(EXAMPLE_WORKSPACE) as any
for (const experiment of WORKSPACE.experiments) experiment.execution.targetAudiences = []
WORKSPACE.workspace.attributes = {}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

describeChromium('hackle-kit/react: server render and hydration in Chromium', () => {
  let scratch = ''
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext | undefined
  /** The document the server answers at /ssr (set per test). */
  let html = ''

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'hackle-kit-react-ssr-'))
    const bundle = join(scratch, 'react-ssr.js')
    await build({
      entryPoints: [resolve(REPO, 'test/browser/fixtures/react-ssr-entry.ts')],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      // React's development build: it reports hydration mismatches and other misuse in the console
      define: { 'process.env.NODE_ENV': '"development"', __HACKLE_SCRIPT_TAG__: 'false' },
      outfile: bundle,
      logLevel: 'silent',
    })
    server = await startServer({
      workspace: WORKSPACE,
      pages: { '/ssr': () => ({ body: html }), '/react-ssr.js': { file: bundle } },
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
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const serverClients: HackleReactSDKClient[] = []
  afterAll(() => serverClients.forEach((client) => client.close()))

  /** Renders the page on the server (this node process: no window) for `serverUser`; the browser gets `browserUser`. */
  function serverRender(
    key: string,
    serverUser: { id: string },
    browserUser = serverUser,
    { workspaceConfig = WORKSPACE as unknown, supportSSR = false } = {},
  ): { markup: string; client: HackleReactSDKClient } {
    expect(typeof window).toBe('undefined')
    const urls = { sdkUrl: server.url, eventUrl: server.url, monitoringUrl: server.url }
    const serverState: PageState = { sdkKey: key, workspaceConfig, user: serverUser, urls, supportSSR }
    const client = clientFor(serverState)
    serverClients.push(client)
    const markup = renderToString(h(Page, { client, user: serverUser, supportSSR }))
    const pageState: PageState = { ...serverState, user: browserUser }
    html = [
      '<!doctype html><html><head><meta charset="utf-8"><title>SSR</title></head><body>',
      `<div id="root">${markup}</div>`,
      `<script type="application/json" id="hackle-state">${escapeJson(pageState)}</script>`,
      '<script src="/react-ssr.js"></script>',
      '</body></html>',
    ].join('')
    return { markup, client }
  }

  async function openHydrated(reuseContext = false): Promise<{ page: BrowserPage; console: string[] }> {
    if (!reuseContext || !context) context = await newContext(browser)
    const page = await context.newPage()
    const messages: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`)
    })
    const { pageErrors } = watchPage(page)
    await page.goto(`${server.url}/ssr`)
    await page.waitForFunction(() => window.__ssr?.hydrated && window.__ssr.initialized !== undefined, null, { timeout: 15_000 })
    // two frames: whatever the initialization and the background sync scheduled has rendered
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    expect(pageErrors).toEqual([])
    return { page, console: messages }
  }

  it('renders the decisions on the server and hydrates them without a change, a mismatch or a console message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined) // the server client: no cookies in node
    const { markup, client } = serverRender('e2e-react-ssr-key-1', { id: 'user_1' })
    const decision = client.variationDetail(1)
    expect(decision.reason).toBe('TRAFFIC_ALLOCATED')
    expect(markup).toContain(`<p id="decision">${decision.variation} TRAFFIC_ALLOCATED</p>`)
    expect(markup).toContain(decision.variation === 'A' ? 'Buy now' : 'Get it today')

    const { page, console: messages } = await openHydrated()
    const result = await page.evaluate(() => ({ ...window.__ssr, html: document.getElementById('root')!.innerHTML }))
    expect(result.initialized).toBe(true)
    expect(result.recoverableErrors).toEqual([])
    expect(result.mutations).toBe(0)
    expect(result.html).toBe(markup)
    expect(messages).toEqual([])
    // the browser's client decided too: its exposure reached the server, for the same user
    const fromBrowser = (r: any) => String(r.headers['user-agent'] ?? '').includes('Chrome/')
    const exposure = await server.waitFor((r: any) => fromBrowser(r) && JSON.stringify(r.json ?? r.form ?? '').includes('"experimentKey":1'), 10_000)
    expect(JSON.stringify(exposure.json ?? exposure.form)).toContain('user_1')
    vi.restoreAllMocks()
  })

  it('without a server config (supportSSR): a returning visitor with a cached config hydrates the loading state, then decides', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // the server client's config request is not answered here
    const { markup } = serverRender('e2e-react-ssr-key-3', { id: 'user_1' }, { id: 'user_1' }, { workspaceConfig: null, supportSSR: true })
    expect(markup).toContain('<p id="decision">loading</p>')
    // first visit: the config comes from the network and is cached
    const first = await openHydrated()
    await first.page.waitForFunction(() => document.getElementById('decision')?.textContent !== 'loading')
    await first.page.close()
    // second visit: the client has the cached config at once, the server had none; hydration takes the server's state
    const { page, console: messages } = await openHydrated(true)
    await page.waitForFunction(() => document.getElementById('decision')?.textContent !== 'loading')
    const result = await page.evaluate(() => ({ ...window.__ssr, decision: document.getElementById('decision')!.textContent }))
    expect(result.recoverableErrors).toEqual([])
    expect(messages).toEqual([])
    expect(result.decision).toMatch(/^[AB] TRAFFIC_ALLOCATED$/)
    vi.restoreAllMocks()
  })

  it('control: a browser user that decides differently is a mismatch the test sees', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const probe = clientFor({ sdkKey: 'e2e-react-ssr-probe', workspaceConfig: WORKSPACE, user: { id: 'x' }, urls: { sdkUrl: server.url, eventUrl: server.url, monitoringUrl: server.url } })
    serverClients.push(probe)
    const first = probe.variation(1, { id: 'user_1' })
    let other = ''
    for (let i = 2; !other; i++) if (probe.variation(1, { id: `user_${i}` }) !== first) other = `user_${i}`
    serverRender('e2e-react-ssr-key-2', { id: 'user_1' }, { id: other })
    const { page, console: messages } = await openHydrated()
    const result = await page.evaluate(() => window.__ssr)
    expect(result.recoverableErrors.length + messages.length).toBeGreaterThan(0)
    expect(result.mutations).toBeGreaterThan(0)
    if (process.env.SHOW_CONTROL) console.log(JSON.stringify({ result, messages }).slice(0, 600))
    vi.restoreAllMocks()
  })
})
