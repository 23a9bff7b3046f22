import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HackleInAppMessageRenderer, installRenderer } from '../../../../src/plugins/in-app-messages/renderer'
import { action, button, catalogue, image, message, type Json } from '../../../fixtures/iam-messages'

;(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true

const BASE = 'https://cdn.example.com'
const messages = catalogue(BASE)

let interactions: any[] = []
let lifecycleEnds: any[] = []
const onInteraction = (e: Event) => interactions.push((e as CustomEvent).detail)
const onEnd = (e: Event) => lifecycleEnds.push((e as CustomEvent).detail)
let renderers: HackleInAppMessageRenderer[] = []

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as any,
  )
}

beforeEach(() => {
  interactions = []
  lifecycleEnds = []
  window.addEventListener('hackle-iam-interaction', onInteraction)
  window.addEventListener('hackle-iam-lifecycle-end', onEnd)
  reducedMotion(true)
  // render() preloads the first images: here they "load" at once (the drawn <img> elements load when a test says so).
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null
      referrerPolicy = ''
      set src(_url: string) {
        queueMicrotask(() => this.onload?.())
      }
    },
  )
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(() => {
  for (const r of renderers.splice(0)) act(() => r.destroy())
  window.removeEventListener('hackle-iam-interaction', onInteraction)
  window.removeEventListener('hackle-iam-lifecycle-end', onEnd)
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** Renders `msg` the way the SDK does (hidden container, render, show, OPEN handshake) and returns its shadow root. */
async function open(msg: Json, renderType: 'mobile' | 'pc' = 'mobile', { handshake = true } = {}) {
  // One message at a time, as the SDK shows them.
  for (const r of renderers.splice(0)) act(() => r.destroy())
  const container = document.createElement('div')
  container.className = 'hackle-iam'
  document.body.appendChild(container)
  const renderer = new HackleInAppMessageRenderer(container)
  renderers.push(renderer)
  const rendering = renderer.render({ messageId: 1, message: msg, renderType })
  await act(() => rendering)
  if (handshake) lifecycle('OPEN', 'open-1')
  return { renderer, container, shadow: container.shadowRoot! }
}

function lifecycle(type: 'OPEN' | 'CLOSE', id: string) {
  act(() => {
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type, id } }))
  })
}

const click = (el: Element | null | undefined) => {
  if (!el) throw new Error('nothing to click')
  act(() => (el as HTMLElement).click())
}
const q = (shadow: ShadowRoot, selector: string) => shadow.querySelector(selector)
const all = (shadow: ShadowRoot, selector: string) => [...shadow.querySelectorAll(selector)]
const byText = (shadow: ShadowRoot, text: string) => all(shadow, 'button').find((b) => b.textContent === text)
const loadImages = (shadow: ShadowRoot) => act(() => all(shadow, 'img').forEach((img) => img.dispatchEvent(new Event('load'))))

describe('in-app renderer: install and contract', () => {
  it('installRenderer puts the class on the window once and keeps a renderer already there', () => {
    const win = {} as any
    installRenderer(win)
    expect(win.HackleInAppMessageRenderer.HackleInAppMessageRenderer).toBe(HackleInAppMessageRenderer)
    const other = { HackleInAppMessageRenderer: class {} }
    const win2 = { HackleInAppMessageRenderer: other } as any
    installRenderer(win2)
    expect(win2.HackleInAppMessageRenderer).toBe(other)
  })

  it('render rejects a message it cannot draw (HTML, NONE, not an object) and leaves nothing behind', async () => {
    const container = document.createElement('div')
    const renderer = new HackleInAppMessageRenderer(container)
    await expect(renderer.render({ messageId: 9, message: message({ layout: { displayType: 'HTML', layoutType: 'NONE', alignment: null } }), renderType: 'pc' })).rejects.toThrow(/display type/)
    await expect(renderer.render({ messageId: 9, message: null, renderType: 'pc' })).rejects.toThrow(/not an object/)
    expect(container.shadowRoot).toBeNull()
  })

  it('draws into an open shadow root with an adopted stylesheet and no <style> or style attribute of its own', async () => {
    const { shadow } = await open(messages.modalTextOnly!)
    expect(shadow.adoptedStyleSheets.length).toBe(1)
    expect(shadow.querySelector('style')).toBeNull()
    expect(q(shadow, '.root')).not.toBeNull()
  })

  it('destroy removes what it drew and stops answering the protocol', async () => {
    const { renderer, shadow } = await open(messages.modalTextOnly!)
    act(() => renderer.destroy())
    expect(shadow.childNodes.length).toBe(0)
    lifecycleEnds = []
    lifecycle('CLOSE', 'late')
    expect(lifecycleEnds).toEqual([])
  })
})

describe('in-app renderer: lifecycle handshake', () => {
  it('answers OPEN and CLOSE with the same id at once under prefers-reduced-motion', async () => {
    await open(messages.modalTextOnly!)
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }])
    lifecycle('CLOSE', 'close-7')
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }, { type: 'CLOSE', id: 'close-7' }])
  })

  it('answers only after the open / close animation otherwise', async () => {
    reducedMotion(false)
    vi.useFakeTimers()
    const { shadow } = await open(messages.bannerBottom!)
    expect(lifecycleEnds).toEqual([])
    expect(q(shadow, '.root')!.className).toContain('open')
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }])
    lifecycle('CLOSE', 'c')
    expect(q(shadow, '.root')!.className).toContain('closing')
    expect(lifecycleEnds).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(lifecycleEnds[1]).toEqual({ type: 'CLOSE', id: 'c' })
  })

  it.each(['beforeunload', 'pagehide'])('answers a close in progress at once when the page starts to leave (%s), once', async (type) => {
    reducedMotion(false)
    vi.useFakeTimers()
    await open(messages.modalTextOnly!)
    await act(() => vi.advanceTimersByTimeAsync(300))
    lifecycle('CLOSE', 'leaving')
    expect(lifecycleEnds).toHaveLength(1)
    act(() => {
      window.dispatchEvent(new Event(type))
    })
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }, { type: 'CLOSE', id: 'leaving' }])
    // Neither the animation's end nor another leave event answers again.
    await act(() => vi.advanceTimersByTimeAsync(300))
    act(() => {
      window.dispatchEvent(new Event('beforeunload'))
      window.dispatchEvent(new Event('pagehide'))
    })
    expect(lifecycleEnds).toHaveLength(2)
  })

  it('a page leave outside a close, or after the renderer was destroyed mid-close, answers nothing', async () => {
    reducedMotion(false)
    vi.useFakeTimers()
    const { renderer } = await open(messages.modalTextOnly!)
    await act(() => vi.advanceTimersByTimeAsync(300))
    act(() => {
      window.dispatchEvent(new Event('beforeunload'))
    })
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }])
    lifecycle('CLOSE', 'gone')
    act(() => renderer.destroy())
    act(() => {
      window.dispatchEvent(new Event('pagehide'))
    })
    await act(() => vi.advanceTimersByTimeAsync(300))
    expect(lifecycleEnds).toEqual([{ type: 'OPEN', id: 'open-1' }])
  })

  it('ignores start events without a string id or with an unknown type', async () => {
    await open(messages.modalTextOnly!, 'pc', { handshake: false })
    act(() => {
      window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type: 'OPEN', id: 5 } }))
      window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type: 'SHOW', id: 'x' } }))
      window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start'))
    })
    expect(lifecycleEnds).toEqual([])
  })
})

describe('in-app renderer: structure of each display and layout type', () => {
  it('MODAL IMAGE_TEXT: a dialog named by its title, image, title, body, two buttons side by side, X on the image', async () => {
    const { shadow } = await open(messages.modalImageText!)
    const dialog = q(shadow, '[role="dialog"]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const titleId = dialog.getAttribute('aria-labelledby')!
    expect(shadow.getElementById(titleId)!.textContent).toBe('Welcome back')
    expect(all(shadow, 'img').map((i) => i.getAttribute('src'))).toEqual([`${BASE}/img/1.svg`])
    expect(q(shadow, '.body')!.textContent).toContain('Your cart is waiting')
    const actions = q(shadow, '.actions')!
    expect(actions.className).not.toContain('vertical')
    expect([...actions.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Not now', 'Shop now'])
    expect(q(shadow, '.close')!.className).toContain('on-image')
    expect(q(shadow, '.overlay')).not.toBeNull()
  })

  it('MODAL TEXT_ONLY: no image, one button, title and body coloured as given', async () => {
    const { shadow } = await open(message({ buttons: [button('OK')], text: { title: { text: 'T', style: { textColor: '#ff0000' } }, body: { text: 'B', style: { textColor: '#00ff00' } } } }))
    expect(all(shadow, 'img')).toHaveLength(0)
    expect((q(shadow, '.title') as HTMLElement).style.color).toMatch(/ff0000|255, 0, 0/)
    expect((q(shadow, '.body') as HTMLElement).style.color).toMatch(/00ff00|0, 255, 0/)
    expect(all(shadow, '.actions button')).toHaveLength(1)
  })

  it('TEXT_ONLY ignores images; IMAGE_ONLY draws images without texts; IMAGE draws only the image and outer buttons', async () => {
    const textOnly = await open(message({ images: [image(`${BASE}/x.png`)], buttons: [button('OK')] }))
    expect(all(textOnly.shadow, 'img')).toHaveLength(0)
    const imageOnly = await open(message({ layout: { displayType: 'MODAL', layoutType: 'IMAGE_ONLY', alignment: null }, images: [image(`${BASE}/x.png`)], buttons: [button('OK')] }))
    expect(all(imageOnly.shadow, 'img')).toHaveLength(1)
    expect(q(imageOnly.shadow, '.title')).toBeNull()
    expect(all(imageOnly.shadow, '.actions button')).toHaveLength(1)
    const imageLayout = await open(messages.modalImage!)
    expect(all(imageLayout.shadow, 'img')).toHaveLength(1)
    expect(q(imageLayout.shadow, '.actions')).toBeNull()
    expect(all(imageLayout.shadow, '.outer .outer-btn').map((b) => b.textContent)).toEqual(["Don't show today", 'Close'])
    expect(q(imageLayout.shadow, '[role="dialog"]')!.getAttribute('aria-label')).toBe('In-app message')
  })

  it('three buttons, or two long ones, stack vertically', async () => {
    const three = await open(message({ buttons: [button('A'), button('B'), button('C')] }))
    expect(q(three.shadow, '.actions')!.className).toContain('vertical')
    const long = await open(message({ buttons: [button('Remind me tomorrow morning'), button('OK')] }))
    expect(q(long.shadow, '.actions')!.className).toContain('vertical')
  })

  it('inner buttons sit over the image at their alignment; outer buttons above / below the card', async () => {
    const { shadow } = await open(
      message({
        layout: { displayType: 'MODAL', layoutType: 'IMAGE_ONLY', alignment: null },
        images: [image(`${BASE}/x.png`)],
        innerButtons: [{ button: button('More'), alignment: { vertical: 'BOTTOM', horizontal: 'RIGHT' } }],
        outerButtons: [{ button: button('Top'), alignment: { vertical: 'TOP', horizontal: 'LEFT' } }],
      }),
    )
    expect(q(shadow, '.media .inner .pos.BOTTOM.RIGHT')!.textContent).toBe('More')
    expect(q(shadow, '.outer.TOP .group.LEFT')!.textContent).toBe('Top')
  })

  it('BANNER: a labelled region at the top or bottom edge, no backdrop, no dialog, focus left alone', async () => {
    const page = document.createElement('button')
    document.body.appendChild(page)
    page.focus()
    const top = await open(messages.bannerTop!)
    expect(q(top.shadow, '.banner-wrap')!.className).toContain('TOP')
    expect(q(top.shadow, '[role="region"]')!.getAttribute('aria-label')).toBe('Free shipping this week')
    expect(q(top.shadow, '.overlay')).toBeNull()
    expect(q(top.shadow, '[role="dialog"]')).toBeNull()
    expect(q(top.shadow, '.thumb img')).not.toBeNull()
    expect(document.activeElement).toBe(page)
    const bottom = await open(messages.bannerBottom!)
    expect(q(bottom.shadow, '.banner-wrap')!.className).toContain('BOTTOM')
    expect((q(bottom.shadow, '.banner') as HTMLElement).style.backgroundColor).toMatch(/111827|17, 24, 39/)
  })

  it('BOTTOM_SHEET: a dialog sheet with a carousel of three slides and dots', async () => {
    const { shadow } = await open(messages.sheetCarousel!, 'pc')
    expect(q(shadow, '.sheet[role="dialog"]')).not.toBeNull()
    expect(all(shadow, '.slide')).toHaveLength(3)
    expect(all(shadow, '.dot')).toHaveLength(3)
    expect(q(shadow, '.dot[aria-current="true"]')!.getAttribute('aria-label')).toBe('Show image 1 of 3')
    expect(q(shadow, '.root')!.className).toContain('pc')
  })

  it('render types set the root class: mobile (larger targets) or pc', async () => {
    expect(q((await open(messages.modalTextOnly!, 'mobile')).shadow, '.root')!.className).toMatch(/\bmobile\b/)
    expect(q((await open(messages.modalTextOnly!, 'pc')).shadow, '.root')!.className).toMatch(/\bpc\b/)
  })

  it('images still loading show a placeholder until they load', async () => {
    const { shadow } = await open(messages.modalImageText!)
    expect(q(shadow, '.skeleton')).not.toBeNull()
    loadImages(shadow)
    expect(q(shadow, '.skeleton')).toBeNull()
  })
})

describe('in-app renderer: interactions', () => {
  it('buttons report ACTION / BUTTON with their text', async () => {
    const { shadow } = await open(messages.modalImageText!)
    click(byText(shadow, 'Shop now'))
    expect(interactions).toEqual([
      { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://example.com/shop' }, area: 'BUTTON', buttonText: 'Shop now' },
    ])
  })

  it('an image with an action reports ACTION / IMAGE with its URL and order', async () => {
    const { shadow } = await open(messages.modalImageText!)
    click(q(shadow, '.slide button'))
    expect(interactions).toEqual([
      { type: 'ACTION', action: { behavior: 'CLICK', type: 'WEB_LINK', value: 'https://example.com/banner' }, area: 'IMAGE', imageUrl: `${BASE}/img/1.svg`, imageOrder: 0 },
    ])
  })

  it('the message-level action reports ACTION / MESSAGE', async () => {
    const { shadow } = await open(messages.bannerTop!)
    click(q(shadow, '.banner .area'))
    expect(interactions).toEqual([{ type: 'ACTION', action: { behavior: 'CLICK', type: 'WEB_LINK', value: 'https://example.com/shipping' }, area: 'MESSAGE' }])
  })

  it('X with a CLOSE action, the outer click and Escape report a plain CLOSE', async () => {
    const x = await open(messages.modalTextOnly!)
    click(q(x.shadow, '.close'))
    expect(interactions).toEqual([{ type: 'CLOSE' }])
    interactions = []
    const outer = await open(messages.modalTextOnly!)
    act(() => q(outer.shadow, '.overlay')!.dispatchEvent(new MouseEvent('click', { bubbles: true })))
    expect(interactions).toEqual([{ type: 'CLOSE' }])
    interactions = []
    const esc = await open(messages.sheetCarousel!)
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    expect(interactions).toEqual([{ type: 'CLOSE' }])
    expect(esc).toBeDefined()
  })

  it('X with its own action (HIDDEN) reports ACTION / X_BUTTON', async () => {
    const { shadow } = await open(message({ closeButton: { action: action('HIDDEN', '3600000'), style: { color: '#000000' } } }))
    click(q(shadow, '.close'))
    expect(interactions).toEqual([{ type: 'ACTION', action: { behavior: 'CLICK', type: 'HIDDEN', value: '3600000' }, area: 'X_BUTTON' }])
  })

  it('a click inside the card is not an outer click; a closing click is reported once however often it is repeated', async () => {
    const { shadow } = await open(messages.modalTextOnly!)
    click(q(shadow, '.content'))
    expect(interactions).toEqual([])
    click(byText(shadow, 'Got it'))
    click(byText(shadow, 'Got it'))
    click(q(shadow, '.close'))
    expect(interactions).toEqual([{ type: 'ACTION', action: { behavior: 'CLICK', type: 'CLOSE', value: null }, area: 'BUTTON', buttonText: 'Got it' }])
  })

  it('nothing is reported before the OPEN handshake or once closing', async () => {
    const { shadow } = await open(messages.modalTextOnly!, 'pc', { handshake: false })
    click(byText(shadow, 'Got it'))
    expect(interactions).toEqual([])
    lifecycle('OPEN', 'o')
    lifecycle('CLOSE', 'c')
    click(byText(shadow, 'Got it'))
    expect(interactions).toEqual([])
  })

  it('image impressions: each visible, loaded image once per open, including auto-scrolled slides', async () => {
    vi.useFakeTimers()
    const { shadow } = await open(messages.sheetCarousel!)
    expect(interactions).toEqual([])
    loadImages(shadow)
    expect(interactions).toEqual([{ type: 'IMAGE_IMPRESSION', imageUrl: `${BASE}/img/4.svg`, imageOrder: 0 }])
    await act(() => vi.advanceTimersByTimeAsync(1600))
    expect(q(shadow, '.dot[aria-current="true"]')!.getAttribute('aria-label')).toBe('Show image 2 of 3')
    await act(() => vi.advanceTimersByTimeAsync(1600))
    await act(() => vi.advanceTimersByTimeAsync(1600))
    const impressions = interactions.filter((i) => i.type === 'IMAGE_IMPRESSION')
    expect(impressions.map((i) => i.imageOrder)).toEqual([0, 1, 2])
    click(all(shadow, '.dot')[1])
    expect(interactions.filter((i) => i.type === 'IMAGE_IMPRESSION')).toHaveLength(3)
  })
})

describe('in-app renderer: carousel gestures', () => {
  it('a swipe moves to the next slide and its closing click is not reported as an image tap', async () => {
    const { shadow } = await open(messages.sheetCarousel!)
    const media = q(shadow, '.media')!
    const slideButton = all(shadow, '.slide button')[0]!
    act(() => {
      media.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 300 }))
      slideButton.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 100 }))
      slideButton.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(q(shadow, '.dot[aria-current="true"]')!.getAttribute('aria-label')).toBe('Show image 2 of 3')
    expect(interactions.filter((i) => i.type === 'ACTION')).toEqual([])
    // A plain tap afterwards is reported.
    click(all(shadow, '.slide button')[1])
    expect(interactions.filter((i) => i.type === 'ACTION')).toMatchObject([{ area: 'IMAGE', imageOrder: 1 }])
  })
})

describe('in-app renderer: carousel keys', () => {
  it('arrow keys inside the carousel move between slides, wrapping around', async () => {
    const { shadow } = await open(messages.sheetCarousel!)
    const current = () => q(shadow, '.dot[aria-current="true"]')!.getAttribute('aria-label')
    const press = (key: string) => act(() => {
      q(shadow, '.dot')!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
    })
    press('ArrowRight')
    expect(current()).toBe('Show image 2 of 3')
    press('ArrowLeft')
    press('ArrowLeft')
    expect(current()).toBe('Show image 3 of 3')
  })
})

describe('in-app renderer: safety', () => {
  it('a title of HTML shows as text: no element is created from it', async () => {
    const attack = '<img src=x onerror=alert(1)>'
    const { shadow } = await open(message({ text: { title: { text: attack, style: { textColor: '#000' } }, body: { text: '<b>bold</b>', style: { textColor: '#000' } } } }))
    expect(q(shadow, '.title')!.textContent).toBe(attack)
    expect(q(shadow, '.body')!.textContent).toBe('<b>bold</b>')
    expect(all(shadow, 'img')).toHaveLength(0)
    expect(q(shadow, 'b')).toBeNull()
  })

  it('images other than http(s) are not drawn', async () => {
    const { shadow } = await open(
      message({
        layout: { displayType: 'MODAL', layoutType: 'IMAGE_ONLY', alignment: null },
        images: [image('javascript:alert(1)'), image('data:image/svg+xml,<svg/>'), image(`${BASE}/ok.png`)],
      }),
    )
    expect(all(shadow, 'img').map((i) => i.getAttribute('src'))).toEqual([`${BASE}/ok.png`])
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('refused the image'))
  })

  it('a relative link is left to the SDK (which reports it invalid); an http(s) link is reported as is', async () => {
    const { shadow } = await open(message({ buttons: [button('Relative', action('WEB_LINK', '/sale')), button('Web', action('LINK_NEW_TAB', 'http://example.com/x'))] }))
    click(byText(shadow, 'Relative'))
    click(byText(shadow, 'Web'))
    expect(interactions.map((i) => i.action.value)).toEqual(['/sale', 'http://example.com/x'])
  })

  it('links naming another scheme are refused: a *_AND_CLOSE link only dismisses, a plain link reports nothing', async () => {
    const { shadow } = await open(
      message({ buttons: [button('Evil', action('LINK_AND_CLOSE', ' java\tscript:alert(1)')), button('Data', action('WEB_LINK', 'data:text/html,hi'))] }),
    )
    click(byText(shadow, 'Data'))
    expect(interactions).toEqual([])
    click(byText(shadow, 'Evil'))
    expect(interactions).toEqual([{ type: 'CLOSE' }])
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('refused the link'))
  })

  it('a colour that could extend a declaration is dropped', async () => {
    const { shadow } = await open(message({ background: { color: 'red; background-image:url(https://evil.example/x)' } }))
    expect((q(shadow, '.card') as HTMLElement).style.backgroundImage).toBe('')
    expect((q(shadow, '.card') as HTMLElement).style.backgroundColor).toBe('')
  })
})

describe('in-app renderer: accessibility', () => {
  it('a modal takes the focus, keeps Tab inside, and gives the focus back on destroy', async () => {
    const page = document.createElement('button')
    page.textContent = 'page'
    document.body.appendChild(page)
    page.focus()
    const { renderer, shadow } = await open(messages.modalImageText!)
    const dialog = q(shadow, '[role="dialog"]')
    expect(shadow.activeElement).toBe(dialog)
    const focusables = [q(shadow, '.close'), q(shadow, '.slide button'), byText(shadow, 'Not now'), byText(shadow, 'Shop now')]
    const tab = (shiftKey = false) => act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true }))
    })
    tab()
    expect(shadow.activeElement).toBe(focusables[0])
    for (const expected of focusables.slice(1)) {
      tab()
      expect(shadow.activeElement).toBe(expected)
    }
    tab()
    expect(shadow.activeElement).toBe(focusables[0])
    tab(true)
    expect(shadow.activeElement).toBe(focusables[3])
    act(() => renderer.destroy())
    expect(document.activeElement).toBe(page)
  })

  it('buttons are real buttons with names; the X is labelled', async () => {
    const { shadow } = await open(messages.sheetCarousel!)
    for (const el of all(shadow, 'button')) {
      expect(el.getAttribute('type')).toBe('button')
      expect(el.textContent || el.getAttribute('aria-label')).toBeTruthy()
    }
    expect(q(shadow, '.close')!.getAttribute('aria-label')).toBe('Close')
  })
})
