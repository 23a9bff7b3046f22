// The visitor plugins in real Chromium: SPA page views and engagement with routers patching history around the SDK,
// $trace with the page's own onerror, gtag, and a split-URL redirect (one redirect, UTM carried, exposure delivered,
// no loop, and with a cached config no painted frame of the original page).
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { experiment, urlContains, workspaceConfig } from '../unit/plugins/pages/workspace'

const KEY = 'e2e-visitor-key-0123456789'

const page = (title: string, script: string) =>
  `<!doctype html><html><head><title>${title}</title><script src="/hackle-kit.js"></script><script src="/${script}"></script></head><body><h1>${title}</h1></body></html>`
const start = `
  const origin = location.origin
  window.hackle = Hackle.createInstance(${JSON.stringify(KEY)}, { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin })
  window.ready = hackle.onInitialized()
`
const PAINT_PROBE = `
  const seen = []
  try { new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.push(e.name) }).observe({ type: 'paint', buffered: true }) } catch {}
  addEventListener('pagehide', () => {
    const paints = performance.getEntriesByType('paint').map((e) => e.name)
    localStorage.setItem('paint-probe', JSON.stringify({ paints: [...new Set([...paints, ...seen])], visibility: getComputedStyle(document.documentElement).visibility }))
  })
`
const SPA_JS = `
  window.routerCalls = []
  const native = history.pushState
  history.pushState = function () { routerCalls.push('before'); return native.apply(this, arguments) }
  window.ownErrors = 0
  window.onerror = function () { ownErrors++ }
  window.gtagCalls = []
  window.gtag = function () { gtagCalls.push(Array.from(arguments)) }
  ${start}
  const ours = history.pushState
  history.pushState = function () { routerCalls.push('after'); return ours.apply(this, arguments) }
`

type Batch = { trackEvents?: Array<{ eventTypeKey: string; properties: Record<string, unknown>; hackleProperties: Record<string, unknown> }>; exposureEvents?: Array<{ experimentKey: number; variationKey: string }> }

describeChromium('visitor plugins in Chromium', () => {
  let server: LocalServer
  let browser: Browser
  let context: BrowserContext
  let tab: Page
  beforeAll(async () => {
    if (!hasBundle()) return
    server = await startServer({
      workspace: {},
      bundlePath: BUNDLE,
      pages: {
        '/spa.html': page('SPA', 'spa.js'),
        '/spa.js': { body: SPA_JS, type: 'text/javascript' },
        '/split.html': page('Original', 'start.js'),
        '/variation.html': page('Variation', 'start.js'),
        '/start.js': { body: start, type: 'text/javascript' },
        '/blank.html': '<!doctype html><title>blank</title>',
        // The original page of the paint check: a full red page, and a probe that records, as the page goes away,
        // which paints the browser reported for it and whether the page was hidden.
        '/split-paint.html':
          '<!doctype html><html><head><title>Original</title><script src="/paint-probe.js"></script><script src="/hackle-kit.js"></script><script src="/start.js"></script></head>' +
          '<body style="margin:0;background:#f00;min-height:100vh"><h1 style="margin:0;font-size:120px;color:#fff">Original</h1></body></html>',
        '/paint-probe.js': { body: PAINT_PROBE, type: 'text/javascript' },
        '/red-control.html':
          '<!doctype html><html><head><title>Control</title><script src="/paint-probe.js"></script></head>' +
          '<body style="margin:0;background:#f00;min-height:100vh"><h1 style="margin:0;font-size:120px;color:#fff">Original</h1></body></html>',
      },
    })
    server.setWorkspace(
      workspaceConfig(
        [experiment({ key: 7 }), experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/split') })],
        { ga: true, redirectUrl: JSON.stringify({ needRedirect: true, properties: { type: 'MANUAL', value: `${server.url}/variation.html?from=split` } }) },
      ),
    )
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    assertBundle()
    server.requests.length = 0
    context = await newContext(browser)
    tab = await context.newPage()
  })
  afterEach(async () => {
    await context?.close()
  })

  const tracks = () => server.events().flatMap((batch: Batch) => batch.trackEvents ?? [])
  const exposures = () => server.events().flatMap((batch: Batch) => batch.exposureEvents ?? [])

  it('SPA: one $page_view per route change, $engagement with plausible durations, routers before and after keep working, one $trace with the own onerror, gtag', async () => {
    await tab.goto(`${server.url}/spa.html`)
    await tab.evaluate(() => (window as any).ready)
    expect(await tab.evaluate(() => (window as any).hackle.variation(7))).toBe('B')
    const gtagCalls = await tab.evaluate(() => (window as any).gtagCalls.map(([command, name, params]: any[]) => [command, name, params.exp_variant_string, typeof params.event_callback]))
    expect(gtagCalls).toEqual([['event', 'experience_impression', 'HACKLE-EXPERIMENT_7_V2-B', 'function']])
    // engagement needs at least 1000 ms on a page: a minimum, not a measurement
    await tab.waitForTimeout(1100)
    await tab.evaluate(() => history.pushState({}, '', '/spa/2'))
    await tab.waitForTimeout(1100)
    await tab.evaluate(() => history.pushState({}, '', '/spa/3'))
    await tab.evaluate(() => history.pushState({}, '', '/spa/3'))
    expect(await tab.evaluate(() => (window as any).routerCalls)).toEqual(['after', 'before', 'after', 'before', 'after', 'before'])
    expect(await tab.evaluate(() => location.pathname)).toBe('/spa/3')
    await tab.evaluate(() => setTimeout(() => { throw new Error('e2e boom') }))
    await tab.waitForFunction(() => (window as any).ownErrors === 1)
    // the last page's engagement goes out with the page-hide beacon
    await tab.waitForTimeout(1100)
    await tab.goto(`${server.url}/blank.html`)
    await server.waitFor(() => tracks().some((event) => event.eventTypeKey === '$engagement' && event.hackleProperties.pagePath === '/spa/3'), 10_000)

    const keys = tracks().map((event) => event.eventTypeKey).filter((key) => !key.startsWith('$session') && key !== '$properties')
    expect(keys.filter((key) => key === '$page_view')).toHaveLength(3)
    expect(keys.filter((key) => key === '$trace')).toHaveLength(1)
    const views = tracks().filter((event) => event.eventTypeKey === '$page_view').map((event) => event.hackleProperties.pagePath)
    expect(views).toEqual(['/spa.html', '/spa/2', '/spa/3'])
    const engagements = tracks().filter((event) => event.eventTypeKey === '$engagement')
    expect(engagements.map((event) => event.hackleProperties.pagePath)).toEqual(['/spa.html', '/spa/2', '/spa/3'])
    for (const event of engagements) {
      expect(event.properties.$engagement_time_ms).toBeGreaterThanOrEqual(1000)
      expect(event.properties.$engagement_time_ms).toBeLessThan(60_000)
    }
    const error = tracks().find((event) => event.eventTypeKey === '$trace')!
    expect(error.properties).toMatchObject({ level: 'error', type: 'Error', message: 'e2e boom' })
    expect(String(error.properties.$stacktrace).split('\n').length).toBeLessThanOrEqual(30)
  })

  it('split-URL: one redirect to the variation with the UTM parameters, the exposure delivered, no loop; again with the config cached', async () => {
    for (const visit of ['first visit', 'cached config']) {
      server.requests.length = 0
      await tab.goto(`${server.url}/split.html?utm_source=e2e&utm_campaign=c1`)
      await tab.waitForURL(/variation\.html/, { timeout: 10_000 })
      await tab.evaluate(() => (window as any).ready)
      expect(tab.url(), visit).toBe(`${server.url}/variation.html?from=split&utm_campaign=c1&utm_source=e2e`)
      await tab.goto(`${server.url}/blank.html`)
      await server.waitFor(() => exposures().some((event) => event.experimentKey === 5), 10_000)
      expect(exposures().filter((event) => event.experimentKey === 5).map((event) => event.variationKey), visit).toEqual(['B'])
      expect(server.requests.filter((request) => request.path === '/variation.html'), visit).toHaveLength(1)
      expect(server.requests.filter((request) => request.path === '/split.html'), visit).toHaveLength(1)
    }
  })

  /** The PNG frames the compositor produces while `visit` runs: every frame the visitor would see. */
  async function screencast(visit: () => Promise<void>): Promise<string[]> {
    const cdp = await context.newCDPSession(tab)
    const frames: string[] = []
    cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
      frames.push(frame.data)
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined)
    })
    await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 })
    await visit()
    // the page has painted (its first contentful paint) and two more frames before the screencast stops
    await tab.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    await cdp.send('Page.stopScreencast')
    await cdp.detach()
    return frames
  }

  /** How many frames are mostly the original page's red, decoded and counted by the browser itself. */
  async function redFrames(frames: string[]): Promise<number> {
    const checker = await context.newPage()
    try {
      return await checker.evaluate(async (pngs: string[]) => {
        let red = 0
        for (const png of pngs) {
          const image = new Image()
          image.src = `data:image/png;base64,${png}`
          await image.decode()
          const canvas = document.createElement('canvas')
          canvas.width = image.width
          canvas.height = image.height
          const g = canvas.getContext('2d')!
          g.drawImage(image, 0, 0)
          const pixels = g.getImageData(0, 0, canvas.width, canvas.height).data
          let count = 0
          for (let i = 0; i < pixels.length; i += 4) if (pixels[i] > 200 && pixels[i + 1] < 60 && pixels[i + 2] < 60) count++
          if (count > 100) red++
        }
        return red
      }, frames)
    } finally {
      await checker.close()
    }
  }

  const paintProbe = async () => JSON.parse((await tab.evaluate(() => localStorage.getItem('paint-probe'))) ?? 'null')

  it('split-URL with a cached config: the visitor sees no painted frame of the original page (and the same check sees it when shown)', async () => {
    // first visit: the config is fetched and cached (this one may show the original page while it loads)
    await tab.goto(`${server.url}/split-paint.html`)
    await tab.waitForURL(/variation\.html/, { timeout: 10_000 })
    await tab.goto(`${server.url}/blank.html`)
    await tab.evaluate(() => localStorage.removeItem('paint-probe'))

    const redirected = await screencast(async () => {
      await tab.goto(`${server.url}/split-paint.html`)
      await tab.waitForURL(/variation\.html/, { timeout: 10_000 })
      await tab.evaluate(() => (window as any).ready)
    })
    // the original page went away hidden, without a contentful paint, and no frame shows its red
    const probe = await paintProbe()
    expect(probe).not.toBeNull()
    expect(probe.paints).not.toContain('first-contentful-paint')
    expect(probe.visibility).toBe('hidden')
    expect(redirected.length).toBeGreaterThan(0)
    expect(await redFrames(redirected)).toBe(0)

    // Control: the same page without the SDK is painted, and both checks see it.
    await tab.evaluate(() => localStorage.removeItem('paint-probe'))
    const shown = await screencast(() => tab.goto(`${server.url}/red-control.html`).then(() => undefined))
    await tab.goto(`${server.url}/blank.html`)
    expect((await paintProbe()).paints).toContain('first-contentful-paint')
    expect(await redFrames(shown)).toBeGreaterThan(0)
  })
})
