// The page scroll lock of hackle-kit's in-app renderer (dist/browser/hackle-kit-iam-renderer.global.js) in real
// Chromium, on a long page under a strict CSP, at 390×844 with touch (mobile) and 1280×800 (pc): while a modal or
// bottom sheet is shown, wheel and touch drags over the backdrop leave `window.scrollY` as it was while the message's
// own long content still scrolls; every way a message ends (close button, backdrop, the SDK's close, destroy without
// a close) restores the scroll position and the page's inline styles; locks nest; a banner does not lock.
// Gestures: CDP touch events (start, moves, end) on mobile, a synthesized wheel gesture on pc; each CDP call answers
// once its input has been delivered. After the gestures over the backdrop comes one over the message that scrolls its
// content (waited for), so the backdrop's have been handled by the time the test reads `scrollY`. Chromium is
// launched without playwright's default `--hide-scrollbars`, so the pc page has a classic scrollbar to compensate.
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { CHROMIUM, CHROMIUM_ARGS, REPO, describeChromium, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, guardRecords, watchPage } from './harness'
import { catalogue, type Json } from '../fixtures/iam-messages'

const RENDERER = resolve(REPO, 'dist/browser/hackle-kit-iam-renderer.global.js')
const PAGES = resolve(REPO, 'test/browser/pages')
const SHOTS = resolve(REPO, 'test/browser/__screenshots__')
const CSP = "script-src 'self'; style-src 'self'"
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

const SIZES = [
  { renderType: 'mobile' as const, touch: true, options: { viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true } },
  { renderType: 'pc' as const, touch: false, options: { viewport: { width: 1280, height: 800 } } },
]
type Size = (typeof SIZES)[number]

let server: LocalServer
let browser: Browser
let context: BrowserContext
let page: Page
let cdp: CDPSession
let messages: Record<string, Json>

beforeAll(async () => {
  if (!existsSync(RENDERER)) return
  mkdirSync(SHOTS, { recursive: true })
  server = await startServer({
    workspace: EXAMPLE_WORKSPACE,
    pages: {
      '/iam-scroll.html': { file: resolve(PAGES, 'iam-scroll.html'), headers: { 'Content-Security-Policy': CSP } },
      '/iam-page.css': { file: resolve(PAGES, 'iam-page.css') },
      '/iam-scroll.css': { file: resolve(PAGES, 'iam-scroll.css') },
      '/iam-driver.js': { file: resolve(PAGES, 'iam-driver.js') },
      '/guard.js': { file: resolve(PAGES, 'guard.js') },
      '/iam-renderer.js': { file: RENDERER },
    },
  })
  messages = catalogue(server.url)
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'], timeout: 30_000 })
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})
beforeEach(() => {
  if (!existsSync(RENDERER)) throw new Error(`renderer script not found at ${RENDERER}. Run \`npm run build\`.`)
})
afterEach(async () => {
  await context?.close()
})

/** What the lock may touch and what shows a moved or shifted page. */
interface PageState {
  scrollY: number
  rootStyle: string | null
  bodyStyle: string | null
  rootOverflow: string
  bodyPaddingRight: string
  marker: { left: number; right: number; top: number }
}

const pageState = (): Promise<PageState> =>
  page.evaluate(() => {
    const r = document.getElementById('marker')!.getBoundingClientRect()
    return {
      scrollY: window.scrollY,
      rootStyle: document.documentElement.getAttribute('style'),
      bodyStyle: document.body.getAttribute('style'),
      rootOverflow: getComputedStyle(document.documentElement).overflowY,
      bodyPaddingRight: getComputedStyle(document.body).paddingRight,
      marker: { left: r.left, right: r.right, top: r.top },
    }
  })

/**
 * The long page scrolled to its middle, with inline styles of its own on `<html>` and `<body>` (set through the
 * CSSOM, as the CSP allows) that the lock has to give back as they were.
 */
async function openScrolledPage(size: Size) {
  context = await newContext(browser, { ...size.options, reducedMotion: 'reduce' })
  page = await context.newPage()
  const diag = watchPage(page)
  await page.goto(`${server.url}/iam-scroll.html`)
  await page.waitForFunction(() => !!(window as any).HackleInAppMessageRenderer && !!(window as any).__show)
  cdp = await context.newCDPSession(page)
  const middle = await page.evaluate(() => {
    document.documentElement.style.overflow = 'auto'
    document.body.style.setProperty('padding-right', '30px', 'important')
    const target = Math.round((document.documentElement.scrollHeight - innerHeight) / 2)
    window.scrollTo(0, target)
    return target
  })
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 1, middle)
  return diag
}

async function show(msg: Json, renderType: Size['renderType']) {
  await page.evaluate(([m, r]) => (window as any).__show(m, r), [msg, renderType] as const)
}

/** Closes through the driver (the SDK's path: CLOSE handshake, then destroy) and waits until the message is gone. */
async function closedByDriver() {
  await page.waitForFunction(() => (window as any).__state === 'closed' && !document.querySelector('.hackle-iam'))
}

/** A finger drag (mobile) or wheel (pc) at (x, y) that would move content up by `distance` px; resolves when delivered. */
async function gesture(size: Size, x: number, y: number, distance = 600) {
  if (size.touch) {
    const steps = 12
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
    for (let i = 1; i <= steps; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: Math.max(1, y - (distance * i) / steps) }] })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    return
  }
  await cdp.send('Input.synthesizeScrollGesture', {
    x,
    y,
    yDistance: -distance,
    speed: 3000,
    gestureSourceType: 'mouse',
    preventFling: true,
  })
}

const shadowBox = (selector: string) =>
  page.evaluate((s) => {
    const r = document.querySelector('.hackle-iam')!.shadowRoot!.querySelector(s)!.getBoundingClientRect()
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }
  }, selector)
const messageScrollTop = () => page.evaluate(() => document.querySelector('.hackle-iam')!.shadowRoot!.querySelector('.scroll')!.scrollTop)

/**
 * Gestures over the backdrop (beside the dialog, and above it when there is room), then one over the message's
 * content, waited for until that content has scrolled. Returns how many backdrop gestures were made.
 */
async function scrollAttempts(size: Size): Promise<number> {
  const dialog = await shadowBox('[role="dialog"]')
  const viewport = page.viewportSize()!
  const before = await messageScrollTop()
  let made = 0
  if (dialog.left >= 8) {
    await gesture(size, dialog.left / 2, dialog.top + dialog.height * 0.8, dialog.height * 0.6)
    made++
  }
  if (dialog.top >= 40) {
    await gesture(size, viewport.width / 2, dialog.top - 4, dialog.top - 20)
    made++
  }
  const inner = await shadowBox('.scroll')
  await gesture(size, inner.left + inner.width / 2, inner.top + inner.height * 0.8, inner.height * 0.6)
  await page.waitForFunction((b) => document.querySelector('.hackle-iam')!.shadowRoot!.querySelector('.scroll')!.scrollTop > b, before)
  return made
}

/** The long terms text as a bottom sheet. */
const longSheet = (): Json => ({ ...messages.modalLongText!, layout: { displayType: 'BOTTOM_SHEET', layoutType: 'TEXT_ONLY', alignment: null } })

describeChromium('in-app renderer: the page behind a blocking message does not scroll', () => {
  for (const size of SIZES) {
    const label = `${size.renderType} ${size.options.viewport.width}×${size.options.viewport.height}`

    it(`${label}: a modal with long content locks the page in the middle, its content scrolls, the close button restores`, async () => {
      const diag = await openScrolledPage(size)
      const before = await pageState()
      const scrollbar = await page.evaluate(() => innerWidth - document.documentElement.clientWidth)
      if (size.renderType === 'pc') expect(scrollbar, 'the desktop page has a classic scrollbar').toBeGreaterThan(0)

      await show(messages.modalLongText!, size.renderType)
      const locked = await pageState()
      expect(locked.rootOverflow).toBe('hidden')
      expect(locked.scrollY, 'no jump when the lock is taken').toBe(before.scrollY)
      expect(locked.marker, 'the page content neither moved nor shifted sideways').toEqual(before.marker)
      expect(parseFloat(locked.bodyPaddingRight)).toBe(30 + scrollbar)

      expect(await scrollAttempts(size)).toBeGreaterThan(0)
      expect((await pageState()).scrollY, 'wheel / drag over the backdrop did not scroll the page').toBe(before.scrollY)
      await page.screenshot({ path: resolve(SHOTS, `iam-scroll-lock-${size.renderType}-${size.options.viewport.width}x${size.options.viewport.height}.png`) })

      const close = await shadowBox('.close')
      await page.mouse.click(close.left + close.width / 2, close.top + close.height / 2)
      await closedByDriver()
      const after = await pageState()
      expect(after).toEqual(before)
      expect(after.rootStyle).toBe('overflow: auto;')
      expect(after.bodyStyle).toBe('padding-right: 30px !important;')
      const { violations, errors } = await guardRecords(page)
      expect(violations).toEqual([])
      expect([...errors, ...diag.pageErrors]).toEqual([])
    })

    it(`${label}: a bottom sheet with long content locks too; a click on the backdrop closes it and restores`, async () => {
      await openScrolledPage(size)
      const before = await pageState()
      await show(longSheet(), size.renderType)
      expect((await pageState()).rootOverflow).toBe('hidden')
      expect(await scrollAttempts(size)).toBeGreaterThan(0)
      expect((await pageState()).scrollY).toBe(before.scrollY)
      await page.mouse.click(10, 10)
      await closedByDriver()
      expect(await pageState()).toEqual(before)
    })

    it(`${label}: a banner leaves the page scrolling and its styles alone`, async () => {
      await openScrolledPage(size)
      const before = await pageState()
      await show(messages.bannerBottom!, size.renderType)
      const shown = await pageState()
      expect(shown.rootOverflow).toBe('auto')
      expect(shown.rootStyle).toBe(before.rootStyle)
      expect(shown.bodyStyle).toBe(before.bodyStyle)
      await gesture(size, 100, 600, 400)
      await page.waitForFunction((y) => window.scrollY > y + 100, before.scrollY)
      await page.evaluate(() => (window as any).__close())
      await closedByDriver()
    })
  }

  it('mobile: nested and successive messages — the page is restored only when the last lock goes, whichever way it goes', async () => {
    const size = SIZES[0]!
    await openScrolledPage(size)
    const before = await pageState()
    // Two renderers at once (as when two SDKs share a page), opened and then destroyed without a close.
    const states = await page.evaluate(async (msg) => {
      const w = window as any
      const open = async (n: number) => {
        const container = document.createElement('div')
        container.id = `direct-${n}`
        document.body.appendChild(container)
        const renderer = new w.HackleInAppMessageRenderer.HackleInAppMessageRenderer(container)
        await renderer.render({ messageId: n, message: msg, renderType: 'mobile' })
        await new Promise<void>((done) => {
          const id = `open-${n}`
          addEventListener('hackle-iam-lifecycle-end', function onEnd(e: any) {
            if (e.detail?.id !== id) return
            removeEventListener('hackle-iam-lifecycle-end', onEnd)
            done()
          })
          dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type: 'OPEN', id } }))
        })
        return { renderer, container }
      }
      const overflow = () => getComputedStyle(document.documentElement).overflowY
      const first = await open(1)
      const second = await open(2)
      const bothOpen = overflow()
      first.renderer.destroy()
      first.container.remove()
      const secondOpen = overflow()
      second.renderer.destroy()
      second.renderer.destroy()
      second.container.remove()
      return { bothOpen, secondOpen, after: overflow(), rootStyle: document.documentElement.getAttribute('style') }
    }, messages.modalTextOnly!)
    expect(states).toEqual({ bothOpen: 'hidden', secondOpen: 'hidden', after: 'auto', rootStyle: 'overflow: auto;' })
    expect(await pageState()).toEqual(before)

    // Successive messages through the driver: a modal closed by the SDK's close, then a sheet closed by its action.
    await show(messages.modalTextOnly!, 'mobile')
    expect((await pageState()).rootOverflow).toBe('hidden')
    await page.evaluate(() => (window as any).__close())
    await closedByDriver()
    expect(await pageState()).toEqual(before)
    await show(messages.modalImageText!, 'mobile')
    expect((await pageState()).rootOverflow).toBe('hidden')
    const notNow = await page.evaluate(() => {
      const button = [...document.querySelector('.hackle-iam')!.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Not now')!
      const r = button.getBoundingClientRect()
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
    })
    await page.touchscreen.tap(notNow.x, notNow.y)
    await closedByDriver()
    expect(await pageState()).toEqual(before)
  })
})
