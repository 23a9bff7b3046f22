/**
 * Keeps the page behind a blocking message (a dimmed backdrop, focus kept inside) from scrolling.
 *
 * `lockPageScroll(doc)` returns its release; releasing twice is harmless. While at least one lock of the document is
 * held, `<html>` and `<body>` have `overflow: hidden` (inline, `!important`), so neither wheel, touch nor keys move the
 * page; the page keeps its scroll position, and a scroll container inside a message still scrolls. When the page had a
 * classic scrollbar, the body gets that width added to its right padding (no layout shift) and `<html>` gets
 * `--hackle-iam-scrollbar-width` (for the page's own fixed elements). The last release puts back exactly the inline
 * values that were there before (value and priority, or none).
 *
 * Only CSSOM property writes: allowed under a `style-src` without 'unsafe-inline'. The count is kept on the document
 * under a registered symbol, so locks taken by separately bundled parts (the renderer script, the HTML view) nest.
 */

const LOCKS = Symbol.for('hackle-kit.page-scroll-lock')
export const SCROLLBAR_WIDTH_PROPERTY = '--hackle-iam-scrollbar-width'

interface Locks {
  count: number
  restore: () => void
}

type LockedDocument = Document & { [LOCKS]?: Locks }

export function lockPageScroll(doc: Document): () => void {
  const held = doc as LockedDocument
  let locks = held[LOCKS]
  if (!locks?.count) {
    locks = { count: 0, restore: applyLock(doc) }
    held[LOCKS] = locks
  }
  locks.count++
  let released = false
  return () => {
    if (released) return
    released = true
    if (--locks.count > 0) return
    delete held[LOCKS]
    locks.restore()
  }
}

/** Sets the lock's styles; returns what puts the previous inline values back. */
function applyLock(doc: Document): () => void {
  const root = doc.documentElement
  const body = doc.body as HTMLElement | null
  const restores: Array<() => void> = []
  const set = (element: HTMLElement | null, name: string, value: string) => {
    if (!element) return
    const style = element.style
    const before = style.getPropertyValue(name)
    const priority = style.getPropertyPriority(name)
    restores.push(() => (before ? style.setProperty(name, before, priority) : style.removeProperty(name)))
    style.setProperty(name, value, 'important')
  }
  // Measured before the scrollbar goes: the width of the page's classic vertical scrollbar (0 for overlay ones).
  const gap = Math.max(0, (doc.defaultView?.innerWidth ?? 0) - root.clientWidth)
  if (gap && body) {
    const padding = parseFloat(doc.defaultView!.getComputedStyle(body).paddingRight) || 0
    set(root, SCROLLBAR_WIDTH_PROPERTY, `${gap}px`)
    set(body, 'padding-right', `${padding + gap}px`)
  }
  for (const element of [root, body]) {
    set(element, 'overflow-x', 'hidden')
    set(element, 'overflow-y', 'hidden')
  }
  return () => {
    for (const restore of restores.reverse()) restore()
  }
}
