// hackle-kit's in-app renderer (dist/browser/hackle-kit-iam-renderer.global.js) in real Chromium:
// (1) driven directly through the renderer protocol on a page with a strict CSP and a hostile stylesheet: each
//     display type at 390×844 (mobile) and 1280×800 (pc), screenshotted to test/browser/__screenshots__/, checked for
//     geometry (inside the viewport, close reachable), axe-core and CSP violations; clicks report once each;
// (2) under the reference SDK: the reference's browser build, pointed at the local server, uses our renderer for a
//     message triggered by a track event and sends `$in_app_impression` and `$in_app_action`.
import { existsSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { REPO, describeChromium, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE, axeViolations, guardRecords, watchPage } from './harness'
import { catalogue, message, type Json } from '../fixtures/iam-messages'

const RENDERER = resolve(REPO, 'dist/browser/hackle-kit-iam-renderer.global.js')
const REFERENCE = resolve(REPO, 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')
const AXE = resolve(REPO, 'node_modules/axe-core/axe.min.js')
const PAGES = resolve(REPO, 'test/browser/pages')
const SHOTS = resolve(REPO, 'test/browser/__screenshots__')
const NONCE = 'e2e-iam-nonce'
const CSP = `script-src 'self' 'nonce-${NONCE}'; style-src 'self'`
const SDK_KEY = 'e2e-iam-renderer-key-01'
const TRIGGER = 'show_promo'

const MOBILE = { viewport: { width: 390, height: 844 }, renderType: 'mobile' as const }
const PC = { viewport: { width: 1280, height: 800 }, renderType: 'pc' as const }

/** A 1200×800 or 800×1000 picture with a label, so a screenshot shows which slide is where. */
function svg(n: number): string {
  const colours = ['#1d4ed8', '#7c3aed', '#0f766e', '#b45309', '#be123c', '#4338ca']
  const c = colours[(n - 1) % colours.length]
  const [w, h] = n === 2 ? [800, 1000] : [1200, 800]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="52%" font-family="sans-serif" font-size="120" font-weight="700" fill="#fff" text-anchor="middle">Image ${n}</text></svg>`
}

function inAppWorkspace(base: string): Json {
  const shown = catalogue(base).modalImageText!
  return {
    ...EXAMPLE_WORKSPACE,
    inAppMessages: [
      {
        id: 9101,
        key: 91,
        status: 'ACTIVE',
        timeUnit: 'IMMEDIATE',
        startEpochTimeMillis: null,
        endEpochTimeMillis: null,
        timetable: { type: 'ALL', slots: [] },
        eventTriggerRules: [{ eventKey: TRIGGER, targets: [] }],
        eventTriggerDelay: { type: 'IMMEDIATE', afterCondition: null },
        targetContext: { targets: [], overrides: [] },
        evaluateContext: { atDeliverTime: false },
        messageContext: {
          defaultLang: 'en',
          exposure: { type: 'DEFAULT', key: null },
          platformTypes: ['WEB'],
          orientations: ['VERTICAL'],
          messages: [shown],
        },
      },
    ],
  }
}

let server: LocalServer
let browser: Browser
let context: BrowserContext
let page: Page
let messages: Record<string, Json>

beforeAll(async () => {
  if (!existsSync(RENDERER)) return
  mkdirSync(SHOTS, { recursive: true })
  const images = Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`/img/${n}.svg`, { body: svg(n), type: 'image/svg+xml' }]))
  const csp = { 'Content-Security-Policy': CSP }
  server = await startServer({
    workspace: EXAMPLE_WORKSPACE,
    pages: {
      ...images,
      '/iam-renderer.html': { file: resolve(PAGES, 'iam-renderer.html'), headers: csp },
      '/iam-ref.html': { file: resolve(PAGES, 'iam-ref.html'), headers: { 'Content-Security-Policy': "script-src 'self'" } },
      '/iam-page.css': { file: resolve(PAGES, 'iam-page.css') },
      '/iam-driver.js': { file: resolve(PAGES, 'iam-driver.js') },
      '/iam-ref.js': { file: resolve(PAGES, 'iam-ref.js') },
      '/guard.js': { file: resolve(PAGES, 'guard.js') },
      '/iam-renderer.js': { file: RENDERER },
      '/reference-sdk.js': { file: REFERENCE },
      '/axe.js': { file: AXE },
    },
  })
  server.setWorkspace(inAppWorkspace(server.url))
  messages = catalogue(server.url)
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})
beforeEach(() => {
  if (!existsSync(RENDERER)) throw new Error(`renderer script not found at ${RENDERER}. Run \`npm run build\`.`)
  server.requests.length = 0
})
afterEach(async () => {
  await context?.close()
})

async function openPage(viewport: { width: number; height: number }, reducedMotion: 'reduce' | 'no-preference' = 'reduce') {
  context = await newContext(browser, { viewport, reducedMotion })
  page = await context.newPage()
  const diag = watchPage(page)
  await page.goto(`${server.url}/iam-renderer.html`)
  await page.waitForFunction(() => !!(window as any).HackleInAppMessageRenderer && !!(window as any).__show)
  return diag
}

async function show(msg: Json, renderType: 'mobile' | 'pc') {
  await page.evaluate(([m, r]) => (window as any).__show(m, r), [msg, renderType] as const)
  // Every image of a visible slide has loaded (or the slide failed): the screenshot shows the finished message.
  await page.waitForFunction(() => {
    const shadow = document.querySelector('.hackle-iam')?.shadowRoot
    if (!shadow) return false
    const slides = [...shadow.querySelectorAll('.slide:not([aria-hidden])')]
    return slides.every((slide) => slide.querySelector('img.loaded') || slide.classList.contains('failed'))
  })
}

/** Where the message's parts are, in viewport pixels, and whether the close button is the element at its centre. */
function geometry() {
  return page.evaluate(() => {
    const shadow = document.querySelector('.hackle-iam')!.shadowRoot!
    const box = (selector: string) => {
      const el = shadow.querySelector(selector)
      if (!el) return null
      const r = el.getBoundingClientRect()
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }
    }
    const close = shadow.querySelector('.close')
    let closeReachable: boolean | null = null
    if (close) {
      const r = close.getBoundingClientRect()
      const hit = shadow.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      closeReachable = !!hit && (hit === close || close.contains(hit))
    }
    return {
      viewport: { width: innerWidth, height: innerHeight },
      scrollWidth: document.documentElement.scrollWidth,
      surface: box('[role="dialog"]') ?? box('[role="region"]'),
      title: box('.title'),
      // Buttons on screen: not those of carousel slides out of view.
      buttons: [...shadow.querySelectorAll('button')].filter((b) => !b.closest('[aria-hidden="true"]')).map((b) => {
        const r = b.getBoundingClientRect()
        return { text: b.textContent || b.getAttribute('aria-label'), left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height }
      }),
      close: box('.close'),
      closeReachable,
      titleColour: shadow.querySelector('.title') ? getComputedStyle(shadow.querySelector('.title')!).color : null,
      pageTitleColour: getComputedStyle(document.querySelector('main .title')!).color,
    }
  })
}

const axe = () => axeViolations(page, NONCE)

const CASES: Array<[string, string]> = [
  ['MODAL image + text + two buttons', 'modalImageText'],
  ['MODAL text only', 'modalTextOnly'],
  ['MODAL image layout with outer buttons', 'modalImage'],
  ['BANNER top (image + text)', 'bannerTop'],
  ['BANNER bottom (text, dark)', 'bannerBottom'],
  ['BOTTOM_SHEET with a carousel', 'sheetCarousel'],
  ['MODAL long left-aligned text + three stacked buttons', 'modalLongText'],
  ['BANNER bottom right, wide image', 'bannerImage'],
  ['MODAL image-only carousel with an inner button and an X that hides', 'modalCarousel'],
]
const SIZES = [MOBILE, PC]

describeChromium('in-app renderer script, driven through the protocol under a strict CSP', () => {
  for (const [label, name] of CASES) {
    for (const size of SIZES) {
      it(`${label} — ${size.renderType} ${size.viewport.width}×${size.viewport.height}: inside the viewport, close reachable, no axe or CSP violation`, async () => {
        const diag = await openPage(size.viewport)
        await show(messages[name]!, size.renderType)
        await page.screenshot({ path: resolve(SHOTS, `iam-${name}-${size.renderType}-${size.viewport.width}x${size.viewport.height}.png`) })

        const g = await geometry()
        expect(g.surface, 'the dialog / region is drawn').not.toBeNull()
        const s = g.surface!
        expect(s.width).toBeGreaterThan(200)
        expect(s.left).toBeGreaterThanOrEqual(0)
        expect(s.top).toBeGreaterThanOrEqual(0)
        expect(s.right).toBeLessThanOrEqual(g.viewport.width)
        expect(s.bottom).toBeLessThanOrEqual(g.viewport.height)
        expect(g.scrollWidth).toBeLessThanOrEqual(g.viewport.width)
        if (g.title) {
          expect(g.title.height).toBeGreaterThan(10)
          expect(g.title.bottom).toBeLessThanOrEqual(g.viewport.height)
        }
        for (const b of g.buttons.filter((b) => b.height > 0 && !b.text?.startsWith('Show image'))) {
          expect(b.left, b.text ?? '').toBeGreaterThanOrEqual(0)
          expect(b.right, b.text ?? '').toBeLessThanOrEqual(g.viewport.width)
          expect(b.bottom, b.text ?? '').toBeLessThanOrEqual(g.viewport.height)
          // Touch targets: 44 px on mobile (the dots are 24 px and excluded above), 36 px on pc.
          expect(b.height, b.text ?? '').toBeGreaterThanOrEqual(size.renderType === 'mobile' ? 44 : 36)
        }
        expect(g.close, 'close button').not.toBeNull()
        expect(g.closeReachable).toBe(true)
        // The page's `.title { color: #dc2626 !important }` stays outside; the page's own `.title` keeps it.
        if (g.titleColour) expect(g.titleColour).not.toBe('rgb(220, 38, 38)')
        expect(g.pageTitleColour).toBe('rgb(220, 38, 38)')

        expect(await axe()).toEqual([])
        const { violations, errors } = await guardRecords(page)
        expect(violations).toEqual([])
        expect(errors).toEqual([])
        expect(diag.pageErrors).toEqual([])
      })
    }
  }

  it('a modal traps the focus, Escape reports CLOSE, and the focus goes back to the page button', async () => {
    await openPage(PC.viewport)
    await page.focus('#page-button')
    await show(messages.modalImageText!, 'pc')
    const focusedInside = () =>
      page.evaluate(() => {
        const shadow = document.querySelector('.hackle-iam')?.shadowRoot
        const a = shadow?.activeElement
        return a ? (a.getAttribute('role') === 'dialog' ? 'dialog' : a.getAttribute('aria-label') || a.textContent) : null
      })
    expect(await focusedInside()).toBe('dialog')
    const seen: Array<string | null> = []
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      seen.push(await focusedInside())
    }
    expect(seen).toEqual(['Close', 'Welcome back (Image)', 'Not now', 'Shop now', 'Close'])
    await page.keyboard.press('Shift+Tab')
    expect(await focusedInside()).toBe('Shop now')
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => (window as any).__state === 'closed')
    expect(await page.evaluate(() => (window as any).__interactions.filter((i: any) => i.type !== 'IMAGE_IMPRESSION'))).toEqual([{ type: 'CLOSE' }])
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-button')
    expect(await page.evaluate(() => document.querySelector('.hackle-iam'))).toBeNull()
  })

  it('a banner leaves the focus on the page', async () => {
    await openPage(MOBILE.viewport)
    await page.focus('#page-button')
    await show(messages.bannerTop!, 'mobile')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-button')
  })

  it('clicking a button, an image and close each reports the right interaction exactly once', async () => {
    await openPage(MOBILE.viewport)
    // Clicks only: image impressions are checked in their own test.
    const interactions = () => page.evaluate(() => ((window as any).__interactions as any[]).filter((i) => i.type !== 'IMAGE_IMPRESSION'))
    const shadowClick = async (selector: string, times = 1) => {
      const target = page.locator('.hackle-iam').locator(selector).first()
      const box = (await target.boundingBox())!
      // Real clicks at the element's centre; repeats land during the close (or on the page once it is gone): none
      // may report again.
      for (let i = 0; i < times; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    }
    const url = server.url

    await show(messages.modalImageText!, 'mobile')
    await shadowClick('button.btn >> text=Shop now', 3)
    await page.waitForFunction(() => (window as any).__state === 'closed')
    expect(await interactions()).toEqual([
      { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://example.com/shop' }, area: 'BUTTON', buttonText: 'Shop now' },
    ])

    await page.evaluate(() => ((window as any).__interactions = []))
    await show(messages.modalImageText!, 'mobile')
    await shadowClick('.slide button')
    await page.waitForFunction(() => (window as any).__interactions.some((i: any) => i.type === 'ACTION'))
    expect(await interactions()).toEqual([
      { type: 'ACTION', action: { behavior: 'CLICK', type: 'WEB_LINK', value: 'https://example.com/banner' }, area: 'IMAGE', imageUrl: `${url}/img/1.svg`, imageOrder: 0 },
    ])
    await shadowClick('button.close', 2)
    await page.waitForFunction(() => (window as any).__state === 'closed')
    expect((await interactions()).slice(1)).toEqual([{ type: 'CLOSE' }])

    await page.evaluate(() => ((window as any).__interactions = []))
    await show(messages.modalTextOnly!, 'mobile')
    await page.mouse.click(10, 10)
    await page.waitForFunction(() => (window as any).__state === 'closed')
    expect(await interactions()).toEqual([{ type: 'CLOSE' }])
  })

  it('a double click on a closing button during the close animation reports once', async () => {
    await openPage(MOBILE.viewport, 'no-preference')
    await show(messages.modalTextOnly!, 'mobile')
    await page.locator('.hackle-iam').locator('button.btn >> text=Got it').dblclick()
    await page.waitForFunction(() => (window as any).__state === 'closed')
    expect(await page.evaluate(() => (window as any).__interactions)).toEqual([
      { type: 'ACTION', action: { behavior: 'CLICK', type: 'CLOSE', value: null }, area: 'BUTTON', buttonText: 'Got it' },
    ])
  })

  it('the carousel reports each image once as it auto-scrolls, and the handshake waits for the animations', async () => {
    await openPage(MOBILE.viewport, 'no-preference')
    const started = Date.now()
    await show(messages.sheetCarousel!, 'mobile')
    expect(await page.evaluate(() => (window as any).__ends)).toEqual([{ type: 'OPEN', id: 'OPEN-1' }])
    await page.waitForFunction(() => (window as any).__interactions.filter((i: any) => i.type === 'IMAGE_IMPRESSION').length >= 3, null, { timeout: 15_000 })
    // One more full turn of the carousel: no image is reported twice.
    await page.waitForTimeout(2000)
    const impressions = (await page.evaluate(() => (window as any).__interactions)).filter((i: any) => i.type === 'IMAGE_IMPRESSION')
    expect(impressions).toEqual([0, 1, 2].map((order) => ({ type: 'IMAGE_IMPRESSION', imageUrl: `${server.url}/img/${order + 4}.svg`, imageOrder: order })))
    expect(Date.now() - started).toBeGreaterThan(0)
    await page.evaluate(() => (window as any).__close())
    expect(await page.evaluate(() => (window as any).__ends.map((e: any) => e.type))).toEqual(['OPEN', 'CLOSE'])
    // With motion the answers wait for the animations (240 ms in, 180 ms out): never synchronous, never early.
    const handshakes = await page.evaluate(() => (window as any).__handshakes)
    expect(handshakes.map((h: any) => [h.type, h.sync])).toEqual([['OPEN', false], ['CLOSE', false]])
    expect(handshakes[0].millis).toBeGreaterThanOrEqual(230)
    expect(handshakes[1].millis).toBeGreaterThanOrEqual(170)
  })

  it('under prefers-reduced-motion the handshake is answered at once, within the start event', async () => {
    await openPage(PC.viewport, 'reduce')
    await show(messages.modalTextOnly!, 'pc')
    await page.evaluate(() => (window as any).__close())
    const handshakes = await page.evaluate(() => (window as any).__handshakes)
    expect(handshakes).toEqual([{ type: 'OPEN', sync: true, millis: 0 }, { type: 'CLOSE', sync: true, millis: 0 }])
  })

  it('a title of <img src=x onerror=…> shows as text and nothing runs', async () => {
    const diag = await openPage(PC.viewport)
    const attack = '<img src=x onerror="window.__xss=1">'
    await show(message({ text: { title: { text: attack, style: { textColor: '#111827' } }, body: { text: '<script>window.__xss=2</script>', style: { textColor: '#374151' } } } }), 'pc')
    const seen = await page.evaluate(() => {
      const shadow = document.querySelector('.hackle-iam')!.shadowRoot!
      return { title: shadow.querySelector('.title')!.textContent, body: shadow.querySelector('.body')!.textContent, imgs: shadow.querySelectorAll('img, script').length, xss: (window as any).__xss ?? null }
    })
    expect(seen).toEqual({ title: attack, body: '<script>window.__xss=2</script>', imgs: 0, xss: null })
    expect((await guardRecords(page)).violations).toEqual([])
    expect(diag.pageErrors).toEqual([])
  })
})

describeChromium('the reference SDK pointed at our renderer', () => {
  const IPHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const RUNS = [
    { renderType: 'pc', options: { viewport: PC.viewport } },
    { renderType: 'mobile', options: { viewport: MOBILE.viewport, userAgent: IPHONE_UA, isMobile: true, hasTouch: true } },
  ]
  it.each(RUNS)('shows the triggered message with our renderer ($renderType) and sends the in-app impression, then the in-app action on a click', async ({ renderType, options }) => {
    context = await newContext(browser, options)
    page = await context.newPage()
    const diag = watchPage(page)
    await page.goto(`${server.url}/iam-ref.html?key=${SDK_KEY}&event=${TRIGGER}`)
    await page.waitForFunction(() => (window as any).__ready === true)
    // Our renderer was on the page first, so the reference used it and loaded no renderer script of its own.
    const dialog = page.locator('.hackle-iam').locator('[role="dialog"]')
    await dialog.waitFor({ state: 'visible', timeout: 10_000 })
    expect(server.requests.some((r) => r.path.includes('iam-renderer/'))).toBe(false)
    // The render type the reference resolved from the user agent reached our renderer.
    expect(await page.locator('.hackle-iam').locator('.root').getAttribute('class')).toContain(renderType)
    await page.waitForFunction(() => !!document.querySelector('.hackle-iam')?.shadowRoot?.querySelector('img.loaded'))
    await page.screenshot({ path: resolve(SHOTS, `iam-reference-sdk-${renderType}.png`) })

    const tracked = (key: string) => server.events().flatMap((b) => b.trackEvents ?? []).filter((e: any) => e.eventTypeKey === key)
    await server.waitFor((r) => r.method === 'POST' && !!r.json?.trackEvents?.some((e: any) => e.eventTypeKey === '$in_app_impression'), 10_000)
    const impression = tracked('$in_app_impression')[0]
    expect(impression.properties).toMatchObject({
      in_app_message_id: 9101,
      in_app_message_key: 91,
      in_app_message_display_type: 'MODAL',
      title_text: 'Welcome back',
      button_text: ['Not now', 'Shop now'],
      image_url: [`${server.url}/img/1.svg`],
    })

    await page.locator('.hackle-iam').locator('button.btn >> text=Not now').click()
    await server.waitFor((r) => r.method === 'POST' && !!r.json?.trackEvents?.some((e: any) => e.eventTypeKey === '$in_app_action'), 10_000)
    expect(tracked('$in_app_action').map((e: any) => e.properties)).toEqual([
      expect.objectContaining({ action_type: 'CLOSE', action_area: 'BUTTON', button_text: 'Not now', in_app_message_key: 91 }),
    ])
    // The reference then closed the view through the CLOSE handshake and removed the container.
    await page.waitForFunction(() => !document.querySelector('.hackle-iam'))
    await server.waitFor((r) => r.method === 'POST' && !!r.json?.trackEvents?.some((e: any) => e.eventTypeKey === '$in_app_close'), 10_000)
    expect(tracked('$in_app_image_impression').map((e: any) => e.properties)).toEqual([
      expect.objectContaining({ image_url: `${server.url}/img/1.svg`, image_order: 0 }),
    ])
    expect((await guardRecords(page)).violations).toEqual([])
    expect(diag.pageErrors).toEqual([])
  })
})
