// The visitor plugins in real Chromium: SPA page views and engagement with routers patching history around the SDK,
// $trace with the page's own onerror, gtag, and a split-URL redirect (one redirect, UTM carried, exposure delivered,
// no loop).
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
    expect(await tab.evaluate(() => (window as any).gtagCalls)).toEqual([['event', 'experience_impression', { exp_variant_string: 'HACKLE-EXPERIMENT_7_V2-B' }]])
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
})
