import type { Kernel } from '../kernel'

/** What a plugin hears of the page's lifecycle. */
export interface PageLifecycleListener {
  /** The page was hidden (`leaving` false) or is going away (`pagehide`, `leaving` true). */
  hidden?(leaving: boolean): void
  /** The page is visible again: `visibilitychange` to visible, `pageshow`, or `resume` after a frozen tab. */
  shown?(): void
}

/** The parsed browser name is a Safari (`Safari`, `Mobile Safari`), as the reference checks it. */
export const isSafariBrowserName = (name: unknown): boolean => typeof name === 'string' && /safari/i.test(name)

/**
 * Whether the page runs in Safari, where `beforeunload` counts as hidden: the browser name of the current user's
 * hackle properties (the properties plugin parses it from the user agent), asked when the event comes.
 */
export const isSafari = (kernel: Pick<Kernel, 'users'>): boolean => isSafariBrowserName(kernel.users.resolve().hackleProperties.browserName)

/**
 * Listens to the page's lifecycle. Like the reference, `beforeunload` counts as hidden in Safari, where
 * `visibilitychange` does not always come before the page goes away; the browser name is asked of the kernel's
 * `users.resolve()` then. Returns the function that removes the listeners; outside a browser there is nothing to
 * listen to.
 */
export function watchPageLifecycle(kernel: Pick<Kernel, 'users'>, listener: PageLifecycleListener): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined
  const hidden = (leaving: boolean) => listener.hidden?.(leaving)
  const shown = () => listener.shown?.()
  const on: Array<[EventTarget, string, () => void]> = [
    [window, 'pagehide', () => hidden(true)],
    [window, 'pageshow', shown],
    [window, 'beforeunload', () => isSafari(kernel) && hidden(false)],
    [document, 'visibilitychange', () => (document.visibilityState === 'hidden' ? hidden(false) : shown())],
    [document, 'resume', shown],
  ]
  return listen(on)
}

/** Adds each `[target, type, listener]`; returns the function that removes them all. */
export function listen(on: ReadonlyArray<[EventTarget, string, (event: Event) => void]>): () => void {
  for (const [target, type, fn] of on) target.addEventListener(type, fn)
  return () => {
    for (const [target, type, fn] of on) target.removeEventListener(type, fn)
  }
}
