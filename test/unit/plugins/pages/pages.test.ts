import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type Plugin, type SdkEvent, type TrackEvent } from '../../../../src/kernel'
import { pages } from '../../../../src/plugins/pages'
import { startup, getStartupHooks } from '../../../../src/plugins/startup'
import { loadUserAgentInfo, properties } from '../../../../src/plugins/properties'
import { workspaceConfig } from './workspace'

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0)

/** Records every accepted track event. */
function recorder(into: TrackEvent[]): Plugin {
  return definePlugin(() => ({
    name: 'recorder',
    apply(kernel) {
      kernel.hooks.eventCreated.tap('recorder', () => undefined)
      kernel.hooks.eventAccepted.tap('recorder', (event: SdkEvent) => void (event.type === 'track' && into.push(event)))
    },
  }))()
}

const opened: Array<{ close(): void }> = []
function client(options: Parameters<typeof pages>[0] = {}, extra: Plugin[] = []) {
  const events: TrackEvent[] = []
  const hackle = createKernel('abcdefgh12345678', { log_disabled: true, workspaceConfig: workspaceConfig([]), plugins: [properties(), pages(options), startup(), recorder(events), ...extra] })
  opened.push(hackle)
  return { hackle, events, keys: () => events.map((event) => event.key) }
}

/** Start-up completes (the workspace is given, so the initial load settles at once). */
const ready = () => vi.advanceTimersByTimeAsync(0)

// The test environment's user agent is not a common one: its full parse is loaded (once per file) before the start-up
// timing under test, as a visitor's next page reads it from localStorage.
beforeAll(() => loadUserAgentInfo(navigator.userAgent, undefined, () => undefined))

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
  history.replaceState(null, '', '/start?utm_source=news')
  document.title = 'Start'
})
afterEach(() => {
  for (const hackle of opened.splice(0)) hackle.close()
  vi.useRealTimers()
})

describe('pages', () => {
  it('starts the first page when start-up completes: $page_view with $page_name, hackle properties from the page', async () => {
    const { events, keys } = client()
    expect(keys()).toEqual([])
    await ready()
    expect(keys()).toEqual(['$page_view'])
    expect(events[0]!.properties).toEqual({ $page_name: 'Start' })
    expect(events[0]!.user.hackleProperties).toMatchObject({ pagePath: '/start', pageTitle: 'Start', queryParameter: '?utm_source=news' })
  })

  it('one $page_view per route change (pushState, replaceState, popstate); the same URL starts nothing', async () => {
    const { events, keys } = client()
    await ready()
    vi.setSystemTime(T0 + 5000)
    history.pushState({}, '', '/products/1')
    history.pushState({}, '', '/products/1')
    history.replaceState({}, '', '/products/2')
    expect(keys()).toEqual(['$page_view', '$engagement', '$page_view', '$page_view'])
    expect(events[1]!.properties).toEqual({ $page_name: 'Start', $engagement_time_ms: 5000 })
    // the engagement is of the page that ended: its hackle properties are still that page's
    expect(events[1]!.user.hackleProperties).toMatchObject({ pagePath: '/start' })
    expect(events[2]!.user.hackleProperties).toMatchObject({ pagePath: '/products/1' })
    history.back()
    await vi.waitFor(() => expect(keys().length).toBe(5))
  })

  it('engagement: ends on blur / hidden / pagehide (only when ≥ 1000 ms), starts again on focus / visible', async () => {
    const { events, keys } = client()
    await ready()
    vi.setSystemTime(T0 + 999)
    window.dispatchEvent(new Event('blur'))
    expect(keys()).toEqual(['$page_view'])
    window.dispatchEvent(new Event('focus'))
    vi.setSystemTime(T0 + 3000)
    window.dispatchEvent(new Event('pagehide'))
    expect(keys()).toEqual(['$page_view', '$engagement'])
    expect(events[1]!.properties.$engagement_time_ms).toBe(2001)
    window.dispatchEvent(new Event('pagehide'))
    expect(keys()).toHaveLength(2)
  })

  it('setCurrentPage starts a page even at the same URL, with its name and properties; no $page_view when page tracking is off', async () => {
    const on = client()
    await ready()
    on.hackle.setCurrentPage({ pageName: 'Home', properties: { section: 'top' } })
    expect(on.events.at(-1)!.properties).toEqual({ section: 'top', $page_name: 'Home' })
    expect(on.events.at(-1)!.user.hackleProperties.pageTitle).toBe('Home')
    on.hackle.close()

    const off = client({ automaticPageTracking: false })
    await ready()
    off.hackle.setCurrentPage({ pageName: 'Home' })
    expect(off.keys()).toEqual([])
  })

  it('automaticRouteTracking false: no page starts by itself, setCurrentPage still does', async () => {
    const { hackle, keys } = client({ automaticRouteTracking: false })
    await ready()
    history.pushState({}, '', '/elsewhere')
    expect(keys()).toEqual([])
    hackle.setCurrentPage({ pageName: 'Manual' })
    expect(keys()).toEqual(['$page_view'])
  })

  it('trackPageView warns as the reference; a bad setCurrentPage argument warns and does nothing', async () => {
    const warn = vi.fn()
    const events: TrackEvent[] = []
    const hackle = createKernel('abcdefgh12345678', { workspaceConfig: workspaceConfig([]), plugins: [pages(), recorder(events)] })
    opened.push(hackle)
    vi.spyOn(console, 'warn').mockImplementation(warn)
    hackle.trackPageView()
    expect(() => hackle.setCurrentPage(null as never)).not.toThrow()
    expect(warn.mock.calls.flat().join(' ')).toContain('trackPageView is deprecated and do nothing.')
  })

  it('chains history patches made before and after it, survives a throwing original, and unwraps on close', async () => {
    const original = history.pushState
    const calls: string[] = []
    const before = history.pushState
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      calls.push('router-before')
      return before.apply(this, args)
    }
    const { hackle, keys } = client()
    await ready()
    const ours = history.pushState
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      calls.push('router-after')
      return ours.apply(this, args)
    }
    history.pushState({}, '', '/chained')
    expect(calls).toEqual(['router-after', 'router-before'])
    expect(location.pathname).toBe('/chained')
    expect(keys()).toEqual(['$page_view', '$page_view'])
    hackle.close()
    history.pushState({}, '', '/after-close')
    expect(calls).toEqual(['router-after', 'router-before', 'router-after', 'router-before'])
    expect(keys()).toHaveLength(2)
    history.pushState = original
  })

  it('start-up: completed hook, then hackle-initialize-done; without a load in 3000 ms the timer completes it', async () => {
    const order: string[] = []
    const plugin = definePlugin(() => ({ name: 'devtool', apply: (kernel) => void getStartupHooks(kernel).completed.tap('devtool', () => void order.push('completed')) }))()
    const done = () => order.push('done')
    window.addEventListener('hackle-initialize-done', done)
    const slow = definePlugin(() => ({ name: 'slow', apply: (kernel) => kernel.waitFor(new Promise(() => undefined)) }))()
    const hackle = createKernel('abcdefgh12345678', { log_disabled: true, plugins: [startup(), plugin, slow] })
    opened.push(hackle)
    await vi.advanceTimersByTimeAsync(2999)
    expect(order).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(order).toEqual(['completed', 'done'])
    window.removeEventListener('hackle-initialize-done', done)
  })
})
