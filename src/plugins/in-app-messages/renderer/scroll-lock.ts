/**
 * Keeps the page behind a blocking message (a dimmed backdrop, focus kept inside) from scrolling.
 *
 * `lockPageScroll(doc)` returns its release; releasing twice is harmless; neither throws. While at least one lock of the document is
 * held, `<html>` and `<body>` have `overflow: hidden` (inline, `!important`), so neither wheel, touch nor keys move the
 * page; the page keeps its scroll position, and a scroll container inside a message still scrolls. When the page had a
 * classic scrollbar, the body gets that width added to its right padding, so the page's content does not shift. The
 * last release puts back exactly the inline values that were there before (value and priority, or none; no `style`
 * attribute when there was none).
 *
 * Only CSSOM property writes: allowed under a `style-src` without 'unsafe-inline'. The count is kept on the document
 * under a registered symbol, so locks taken by separately bundled parts (the renderer script, the HTML view) nest.
 */

const LOCKS = Symbol.for('hackle-kit.scroll-lock')

interface Locks {
  count: number
  restore?: () => void
}

export function lockPageScroll(doc: Document): () => void {
  const held = doc as Document & { [LOCKS]?: Locks }
  const locks = (held[LOCKS] ??= { count: 0 })
  if (!locks.count++) {
    try {
      locks.restore = applyLock(doc)
    } catch {
      // a document without a body or a window: nothing to lock (and nothing to restore)
      locks.restore = undefined
    }
  }
  let holding = true
  return () => {
    if (!holding) return
    holding = false
    if (--locks.count === 0) locks.restore?.()
  }
}

/** Sets the lock's styles; returns what puts the previous inline values back. */
function applyLock(doc: Document): () => void {
  const root = doc.documentElement
  const body = doc.body
  const restores: Array<() => void> = []
  // (run last) an element that had no style attribute loses the empty one the CSSOM writes leave
  for (const element of [root, body]) {
    if (!element.hasAttribute('style')) restores.push(() => element.style.length || element.removeAttribute('style'))
  }
  const set = (element: HTMLElement, name: string, value: string) => {
    const style = element.style
    const before = style.getPropertyValue(name)
    const priority = style.getPropertyPriority(name)
    // (an empty value removes the property)
    restores.push(() => style.setProperty(name, before, priority))
    style.setProperty(name, value, 'important')
  }
  // Measured before the scrollbar goes: the width of the page's classic vertical scrollbar (0 for overlay ones).
  const gap = doc.defaultView!.innerWidth - root.clientWidth
  if (gap > 0) set(body, 'padding-right', `${parseFloat(doc.defaultView!.getComputedStyle(body).paddingRight) + gap}px`)
  for (const element of [root, body]) for (const axis of 'xy') set(element, `overflow-${axis}`, 'hidden')
  return () => restores.reverse().forEach((restore) => restore())
}
