import { afterEach, describe, expect, it } from 'vitest'
import { lockPageScroll } from '../../../../src/plugins/in-app-messages/renderer/scroll-lock'

const root = () => document.documentElement
const body = () => document.body

afterEach(() => {
  root().removeAttribute('style')
  body().removeAttribute('style')
})

const locked = () =>
  root().style.getPropertyValue('overflow-y') === 'hidden' &&
  root().style.getPropertyPriority('overflow-y') === 'important' &&
  body().style.getPropertyValue('overflow-x') === 'hidden'

describe('lockPageScroll', () => {
  it('hides the overflow of <html> and <body> while held, and removes what it set on release', () => {
    const release = lockPageScroll(document)
    expect(locked()).toBe(true)
    release()
    expect(root().style.getPropertyValue('overflow-y')).toBe('')
    expect(body().style.getPropertyValue('overflow-x')).toBe('')
    expect(root().hasAttribute('style'), 'no empty style attribute left behind').toBe(false)
    expect(body().hasAttribute('style')).toBe(false)
  })

  it('puts back the page inline values, with their priority', () => {
    // longhands: happy-dom does not expand the shorthand (the e2e test checks the shorthand in Chromium)
    root().style.setProperty('overflow-x', 'auto')
    root().style.setProperty('overflow-y', 'auto')
    body().style.setProperty('overflow-y', 'scroll', 'important')
    const release = lockPageScroll(document)
    expect(locked()).toBe(true)
    release()
    expect(root().style.getPropertyValue('overflow-x')).toBe('auto')
    expect(root().style.getPropertyValue('overflow-y')).toBe('auto')
    expect(root().style.getPropertyPriority('overflow-y')).toBe('')
    expect(body().style.getPropertyValue('overflow-y')).toBe('scroll')
    expect(body().style.getPropertyPriority('overflow-y')).toBe('important')
    expect(body().style.getPropertyValue('overflow-x')).toBe('')
  })

  it('nests: the page is restored only when the last lock is released, each release counts once', () => {
    root().style.overflowY = 'clip'
    const first = lockPageScroll(document)
    const second = lockPageScroll(document)
    first()
    first()
    expect(locked(), 'a second release of the first lock does not release the second').toBe(true)
    second()
    expect(root().style.getPropertyValue('overflow-y')).toBe('clip')
    const third = lockPageScroll(document)
    expect(locked(), 'a later lock takes the page again').toBe(true)
    third()
    expect(root().style.getPropertyValue('overflow-y')).toBe('clip')
  })

  it('pads the body by the scrollbar width when the page has one, and restores the padding', () => {
    body().style.paddingRight = '10px'
    Object.defineProperty(root(), 'clientWidth', { configurable: true, get: () => window.innerWidth - 15 })
    try {
      const release = lockPageScroll(document)
      expect(body().style.getPropertyValue('padding-right')).toBe('25px')
      release()
      expect(body().style.getPropertyValue('padding-right')).toBe('10px')
    } finally {
      delete (root() as unknown as Record<string, unknown>).clientWidth
    }
  })

  it('adds no padding when the scrollbar takes no room (overlay scrollbars, no scrollbar)', () => {
    Object.defineProperty(root(), 'clientWidth', { configurable: true, get: () => window.innerWidth })
    try {
      const release = lockPageScroll(document)
      expect(body().style.getPropertyValue('padding-right')).toBe('')
      release()
    } finally {
      delete (root() as unknown as Record<string, unknown>).clientWidth
    }
  })

  it('a document without a body: nothing is locked and neither the lock nor its release throws', () => {
    const bare = document.implementation.createHTMLDocument('')
    bare.body.remove()
    const release = lockPageScroll(bare)
    expect(bare.documentElement.style.getPropertyValue('overflow-y')).toBe('')
    expect(() => release()).not.toThrow()
  })
})
