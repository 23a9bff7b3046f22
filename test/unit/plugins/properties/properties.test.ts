import { describe, expect, it } from 'vitest'
import { createHooks } from '../../../../src/kernel/hooks'
import type { Kernel } from '../../../../src/kernel/plugin'
import type { PageSnapshot } from '../../../../src/kernel/contract'
import type { EvaluationUser } from '../../../../src/kernel/types'
import {
  browserPropertiesOf,
  pagePropertiesOf,
  properties,
  type HackleProperties,
  type PageProperties,
} from '../../../../src/plugins/properties'
import { collectHacklePropertiesWith, hacklePropertiesSourceWith } from '../../../../src/plugins/properties/collect'
import { parseUserAgent } from '../../../../src/plugins/properties/user-agent'
import corpus from './ua-corpus.json'

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
/** The properties with every user agent read by the full parser at once. */
const collectHackleProperties = (win?: Window, page?: PageProperties) => collectHacklePropertiesWith(parseUserAgent, win, page)
const hacklePropertiesSource = (win?: Window, page?: () => PageProperties | null | undefined) =>
  hacklePropertiesSourceWith(parseUserAgent, win, page)

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone

interface FakeWindow {
  location: { href: string; pathname: string; host: string; search: string; protocol: string }
  document: { title: string; referrer: string }
  navigator: { userAgent: string; languages: string[] }
  screen: { width: number; height: number; orientation?: { type: string } }
}

function fakeWindow(url = 'https://www.example.com/products/42?utm_source=newsletter&utm_medium=email'): FakeWindow {
  const win: FakeWindow = {
    location: { href: '', pathname: '', host: '', search: '', protocol: '' },
    document: { title: 'Test Page', referrer: '' },
    navigator: { userAgent: CHROME_WINDOWS, languages: ['en-US', 'en'] },
    screen: { width: 1920, height: 1080, orientation: { type: 'landscape-primary' } },
  }
  navigate(win, url)
  return win
}

function navigate(win: FakeWindow, url: string) {
  const u = new URL(url)
  win.location = { href: u.href, pathname: u.pathname, host: u.host, search: u.search, protocol: u.protocol }
}

const asWindow = (w: unknown) => w as Window

/** Hooks and the kernel's current page (none until a test sets one, as without a page tracker). */
function fakeKernel() {
  const hooks = createHooks()
  let page: PageSnapshot | undefined
  const pages = { current: () => page, set: (next: PageSnapshot) => void (page = next) }
  const logger = { debug() {}, info() {}, warn() {}, error() {} }
  const kernel = { hooks, pages, logger, storage: {}, waitFor() {}, invalidate() {} }
  return { hooks, pages, kernel: kernel as unknown as Kernel }
}

const evaluationUser = (): EvaluationUser => ({
  identifiers: { $id: 'u' },
  properties: {},
  hackleProperties: {},
  cohorts: [],
  targetEvents: [],
})

describe('collectHackleProperties', () => {
  it('builds the captured example of wire-format.md §4.7 (time zone filled)', () => {
    expect(collectHackleProperties(asWindow(fakeWindow()))).toEqual({
      platform: 'Web',
      browserName: 'Chrome',
      browserMajorVersion: '120',
      browserVersion: '120.0.0.0',
      orientation: 'landscape',
      userAgent: CHROME_WINDOWS,
      pagePath: '/products/42',
      pageTitle: 'Test Page',
      host: 'www.example.com',
      url: 'https://www.example.com/products/42?utm_source=newsletter&utm_medium=email',
      referrer: '',
      queryParameter: '?utm_source=newsletter&utm_medium=email',
      protocol: 'https',
      osName: 'Windows',
      osVersion: '10',
      deviceModel: '',
      deviceType: 'pc',
      deviceVendor: '',
      deviceBrand: '',
      screenWidth: 1920,
      screenHeight: 1080,
      locale: 'en-US',
      language: 'en',
      timeZone: TIME_ZONE,
    })
    expect(TIME_ZONE).not.toBe('')
  })

  it('has the reference key order (taken from running the reference)', () => {
    const keys = Object.keys(collectHackleProperties(asWindow(fakeWindow())))
    expect(keys).toEqual(corpus.keyOrder)
    expect(keys).toEqual([
      'platform',
      'browserName',
      'browserMajorVersion',
      'browserVersion',
      'orientation',
      'userAgent',
      'pagePath',
      'pageTitle',
      'host',
      'url',
      'referrer',
      'queryParameter',
      'protocol',
      'osName',
      'osVersion',
      'deviceModel',
      'deviceType',
      'deviceVendor',
      'deviceBrand',
      'screenWidth',
      'screenHeight',
      'locale',
      'language',
      'timeZone',
    ])
  })

  it('reports a phone, portrait orientation, a referrer and an http page', () => {
    const win = fakeWindow('http://m.example.co.kr:8080/a/b?x=1#top')
    win.navigator = { userAgent: IPHONE, languages: ['ko-KR', 'ko', 'en'] }
    win.screen = { width: 390, height: 844, orientation: { type: 'portrait-primary' } }
    win.document = { title: '상품', referrer: 'https://search.naver.com/' }
    expect(collectHackleProperties(asWindow(win))).toMatchObject({
      browserName: 'Mobile Safari',
      browserMajorVersion: '17',
      orientation: 'portrait',
      pagePath: '/a/b',
      pageTitle: '상품',
      host: 'm.example.co.kr:8080',
      url: 'http://m.example.co.kr:8080/a/b?x=1#top',
      referrer: 'https://search.naver.com/',
      queryParameter: '?x=1',
      protocol: 'http',
      osName: 'iOS',
      osVersion: '17.2',
      deviceModel: 'iPhone',
      deviceType: 'phone',
      deviceVendor: 'Apple',
      deviceBrand: 'Apple',
      screenWidth: 390,
      screenHeight: 844,
      locale: 'ko-KR',
      language: 'ko',
    })
  })

  it('gives "" for unavailable values: no orientation API, 0-sized screen, no languages', () => {
    const win = fakeWindow()
    win.screen = { width: 0, height: 0 }
    win.navigator = { userAgent: '', languages: [] }
    expect(collectHackleProperties(asWindow(win))).toMatchObject({
      orientation: '',
      userAgent: '',
      browserName: '',
      deviceType: 'pc',
      screenWidth: '',
      screenHeight: '',
      locale: '',
      language: '',
    })
  })

  it('keeps orientation only as the word landscape/portrait', () => {
    const win = fakeWindow()
    win.screen.orientation = { type: 'sideways' }
    expect(collectHackleProperties(asWindow(win)).orientation).toBe('')
    win.screen.orientation = { type: 'landscape-secondary' }
    expect(collectHackleProperties(asWindow(win)).orientation).toBe('landscape')
  })

  it('never throws: every missing or throwing browser API gives ""', () => {
    const boom = () => {
      throw new Error('blocked')
    }
    const hostile = new Proxy({}, { get: boom })
    const expectEmpty = (props: HackleProperties) => {
      expect(props).toMatchObject({
        platform: 'Web',
        browserName: '',
        orientation: '',
        userAgent: '',
        pagePath: '',
        pageTitle: '',
        host: '',
        url: '',
        referrer: '',
        queryParameter: '',
        protocol: '',
        osName: '',
        deviceType: 'pc',
        screenWidth: '',
        screenHeight: '',
        locale: '',
        language: '',
      })
      expect(Object.keys(props)).toEqual(corpus.keyOrder)
    }
    expectEmpty(collectHackleProperties(asWindow({})))
    expectEmpty(collectHackleProperties(asWindow(hostile)))
    expectEmpty(
      collectHackleProperties(
        asWindow({ location: hostile, document: hostile, navigator: hostile, screen: hostile }),
      ),
    )
    expectEmpty(
      collectHackleProperties(
        asWindow({
          location: { href: 1, pathname: null },
          document: {},
          navigator: { userAgent: 42, languages: null },
          screen: { width: '1920', height: NaN, orientation: null },
        }),
      ),
    )
  })

  it('reads the global window by default', () => {
    const props = collectHackleProperties()
    expect(props.url).toBe(window.location.href)
    expect(props.userAgent).toBe(navigator.userAgent)
    expect(props.pageTitle).toBe(document.title)
  })

  it('takes the page part from a given page', () => {
    const page = pagePropertiesOf(asWindow(fakeWindow('https://shop.example.com/cart?utm_source=x')))
    expect(page).toEqual({
      pagePath: '/cart',
      pageTitle: 'Test Page',
      host: 'shop.example.com',
      url: 'https://shop.example.com/cart?utm_source=x',
      referrer: '',
      queryParameter: '?utm_source=x',
      protocol: 'https',
    })
    const props = collectHackleProperties(asWindow(fakeWindow()), { ...page, pageTitle: 'Cart' })
    expect(props).toMatchObject({ url: 'https://shop.example.com/cart?utm_source=x', pageTitle: 'Cart', browserName: 'Chrome' })
    expect(Object.keys(props)).toEqual(corpus.keyOrder)
  })
})

describe('browserPropertiesOf', () => {
  it('returns the browser part of browser-behaviour.md §16.2, in order', () => {
    const props = collectHackleProperties(asWindow(fakeWindow()))
    const browser = browserPropertiesOf(props)
    expect(browser).toEqual({
      browserName: 'Chrome',
      browserMajorVersion: '120',
      browserVersion: '120.0.0.0',
      orientation: 'landscape',
      userAgent: CHROME_WINDOWS,
      pagePath: '/products/42',
      pageTitle: 'Test Page',
      host: 'www.example.com',
      url: 'https://www.example.com/products/42?utm_source=newsletter&utm_medium=email',
      referrer: '',
      queryParameter: '?utm_source=newsletter&utm_medium=email',
      protocol: 'https',
    })
    expect(Object.keys(browser)).toEqual(corpus.keyOrder.slice(1, 13))
  })
})

describe('hacklePropertiesSource', () => {
  it('returns the same frozen object while nothing changed', () => {
    const win = fakeWindow()
    const current = hacklePropertiesSource(asWindow(win))
    const first = current()
    expect(Object.isFrozen(first)).toBe(true)
    expect(current()).toBe(first)
    expect(current()).toBe(first)
    expect(first).toEqual(collectHackleProperties(asWindow(win)))
  })

  it('rebuilds when the URL, the title or the referrer changes', () => {
    const win = fakeWindow()
    const current = hacklePropertiesSource(asWindow(win))
    const first = current()

    navigate(win, 'https://www.example.com/cart?step=2')
    const second = current()
    expect(second).not.toBe(first)
    expect(second).toMatchObject({ pagePath: '/cart', queryParameter: '?step=2', url: 'https://www.example.com/cart?step=2' })
    expect(current()).toBe(second)

    win.document.title = 'Cart'
    const third = current()
    expect(third).not.toBe(second)
    expect(third.pageTitle).toBe('Cart')

    win.document.referrer = 'https://www.google.com/'
    expect(current().referrer).toBe('https://www.google.com/')
  })

  it('rebuilds when the orientation, screen size, locale or user agent changes (read once per task)', async () => {
    const win = fakeWindow()
    const current = hacklePropertiesSource(asWindow(win))
    let last = current()
    // The browser changes these between tasks; the next task reads them again.
    const changed = async () => {
      await Promise.resolve()
      const next = current()
      expect(next).not.toBe(last)
      last = next
      return next
    }
    win.screen.orientation = { type: 'portrait-primary' }
    expect((await changed()).orientation).toBe('portrait')
    win.screen.width = 1080
    win.screen.height = 1920
    expect(await changed()).toMatchObject({ screenWidth: 1080, screenHeight: 1920 })
    win.navigator.languages = ['ko-KR']
    expect(await changed()).toMatchObject({ locale: 'ko-KR', language: 'ko' })
    win.navigator.userAgent = IPHONE
    expect(await changed()).toMatchObject({ userAgent: IPHONE, osName: 'iOS', deviceType: 'phone' })
    expect(current()).toBe(last)
  })

  it('reads the browser part once per task, the page part on every call', async () => {
    const win = fakeWindow()
    const current = hacklePropertiesSource(asWindow(win))
    const first = current()
    win.navigator.languages = ['ko-KR']
    expect(current()).toBe(first) // same task: the locale read of this task stands
    navigate(win, 'https://www.example.com/cart')
    expect(current()).toMatchObject({ pagePath: '/cart', locale: 'en-US' }) // the URL is read at once
    await Promise.resolve()
    expect(current()).toMatchObject({ pagePath: '/cart', locale: 'ko-KR' })
  })

  it('with a page source, follows that page instead of the location', () => {
    const win = fakeWindow()
    let page = pagePropertiesOf(asWindow(win))
    const current = hacklePropertiesSource(asWindow(win), () => page)
    const first = current()
    win.document.title = 'Changed later'
    navigate(win, 'https://www.example.com/elsewhere')
    expect(current()).toBe(first)
    expect(first.pageTitle).toBe('Test Page')
    page = { ...page, pagePath: '/next', url: 'https://www.example.com/next', pageTitle: 'Next' }
    expect(current()).toMatchObject({ pagePath: '/next', pageTitle: 'Next' })
  })
})

describe('properties plugin', () => {
  it('fills user.hackleProperties on resolveUser, sharing the object between calls', () => {
    const win = fakeWindow()
    const { hooks, kernel } = fakeKernel()
    const plugin = properties({ window: asWindow(win) })
    expect(plugin.name).toBe('properties')
    plugin.apply(kernel)

    const a = hooks.resolveUser.call(evaluationUser())
    expect(a.hackleProperties).toEqual(collectHackleProperties(asWindow(win)))
    expect(a.identifiers).toEqual({ $id: 'u' })
    const b = hooks.resolveUser.call(evaluationUser())
    expect(b.hackleProperties).toBe(a.hackleProperties)

    navigate(win, 'https://www.example.com/other')
    const c = hooks.resolveUser.call(evaluationUser())
    expect(c.hackleProperties).not.toBe(a.hackleProperties)
    expect(c.hackleProperties.pagePath).toBe('/other')
  })

  it("takes the page part from the kernel's current page once a page tracker sets one", () => {
    const win = fakeWindow()
    const { hooks, pages, kernel } = fakeKernel()
    properties({ window: asWindow(win) }).apply(kernel)
    const before = hooks.resolveUser.call(evaluationUser()).hackleProperties
    expect(before.pagePath).toBe('/products/42')
    const page: PageSnapshot = {
      pageName: 'Cart',
      properties: {},
      url: 'https://shop.example.com/cart?step=2',
      pagePath: '/cart',
      host: 'shop.example.com',
      hostname: 'shop.example.com',
      referrer: 'https://www.example.com/',
      queryParameter: '?step=2',
      protocol: 'https',
    }
    pages.set(page)
    // the location is not read for the page part any more
    navigate(win, 'https://www.example.com/other')
    const after = hooks.resolveUser.call(evaluationUser()).hackleProperties
    expect(after).toMatchObject({ pagePath: '/cart', pageTitle: 'Cart', url: page.url, host: 'shop.example.com', queryParameter: '?step=2', referrer: page.referrer, protocol: 'https' })
    expect(hooks.resolveUser.call(evaluationUser()).hackleProperties).toBe(after)
  })

  it('uses the global window by default', () => {
    const { hooks, kernel } = fakeKernel()
    properties().apply(kernel)
    const user = hooks.resolveUser.call(evaluationUser())
    expect(user.hackleProperties).toMatchObject({
      platform: 'Web',
      url: window.location.href,
      userAgent: navigator.userAgent,
      timeZone: TIME_ZONE,
    })
  })
})
