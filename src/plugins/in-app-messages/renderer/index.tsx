/**
 * hackle-kit's in-app message renderer (React + react-dom, bundled in: an app needs neither). It speaks the same
 * protocol as the service's hosted renderer script, so either SDK can use either renderer:
 * - `new HackleInAppMessageRenderer(container)`, then `await render({ messageId, message, renderType })` draws the
 *   message (the config's message JSON) into a shadow root of `container`; the promise settles once the first images
 *   are loaded (or after a short wait) and rejects only for a message this renderer cannot draw. `destroy()` removes
 *   everything it added and gives the focus back.
 * - It answers the SDK's window `hackle-iam-lifecycle-start` events with `hackle-iam-lifecycle-end` (same `type`
 *   and `id`) once the open / close animation has finished (at once under `prefers-reduced-motion`; a close also at
 *   once when the page starts to leave, so a link that navigates does not lose it), and reports
 *   clicks and image impressions as window `hackle-iam-interaction` events. It never runs an action itself.
 * - A modal or bottom sheet keeps the page behind it from scrolling from its OPEN until `destroy()` (any close path
 *   ends there); the page keeps its scroll position and inline styles. A banner leaves the page alone.
 * - `installRenderer(win)` puts `{ HackleInAppMessageRenderer }` on `win.HackleInAppMessageRenderer` unless a
 *   renderer is already there.
 */
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { readMessage, safeImageUrl, type Message } from './message'
import { INTERACTION, LIFECYCLE_END, LIFECYCLE_START, dispatch, lifecycleDetail, type Interaction } from './protocol'
import { CLOSE_MS, OPEN_MS, adoptStyles } from './styles'
import { viewContext, type ViewContext } from './parts'
import { Banner, BottomSheet, Modal, type Phase, type RenderType } from './views'
import { trapTab, focusableIn } from './focus'
import { lockPageScroll } from './scroll-lock'

export interface RenderInput {
  messageId: number
  message: unknown
  renderType: 'mobile' | 'pc'
}

type Win = Window & typeof globalThis

/** How long `render` waits for the first images before drawing them as loading placeholders. */
const IMAGE_WAIT_MS = 2500
/** After a click that closes, further clicks are ignored this long (or until the SDK starts the close). */
const CLOSE_CLICK_GUARD_MS = 1000

export class HackleInAppMessageRenderer {
  private root: Root | null = null
  private mount: HTMLElement | null = null
  private message: Message | null = null
  private renderType: RenderType = 'pc'
  private phase: Phase = 'rendered'
  private clicksBlockedUntil = 0
  private seenImages = new Set<number>()
  private returnFocus: Element | null = null
  /** Releases the page scroll lock a shown modal or sheet holds (nothing otherwise). */
  private unlockScroll: () => void = noop
  private timers = new Set<ReturnType<typeof setTimeout>>()
  private readonly win: Win

  constructor(readonly container: HTMLElement) {
    this.win = (container?.ownerDocument?.defaultView ?? window) as Win
  }

  async render(input: RenderInput): Promise<void> {
    const message = readMessage(input?.message)
    if (message instanceof Error) throw new Error(`hackle-kit in-app renderer cannot draw message ${input?.messageId}: ${message.message}`)
    if (this.root) this.unmount()
    this.message = message
    this.renderType = input.renderType === 'mobile' ? 'mobile' : 'pc'
    this.phase = 'rendered'
    this.seenImages.clear()

    const shadow = this.container.shadowRoot ?? this.container.attachShadow({ mode: 'open' })
    adoptStyles(shadow)
    this.mount = this.container.ownerDocument.createElement('div')
    shadow.appendChild(this.mount)
    this.root = createRoot(this.mount)
    this.win.addEventListener(LIFECYCLE_START, this.onLifecycle)
    this.win.addEventListener('keydown', this.onKey, true)
    this.win.document.addEventListener('focusin', this.onFocusIn)
    flushSync(() => this.draw())
    await preloadImages(message, this.win, IMAGE_WAIT_MS)
  }

  destroy(): void {
    this.unmount()
    const target = this.returnFocus as HTMLElement | null
    this.returnFocus = null
    if (target?.isConnected && typeof target.focus === 'function') {
      try {
        target.focus({ preventScroll: true })
      } catch {
        // an element that cannot take focus any more: nothing to give back
      }
    }
  }

  private unmount(): void {
    this.win.removeEventListener(LIFECYCLE_START, this.onLifecycle)
    this.win.removeEventListener('keydown', this.onKey, true)
    this.win.document.removeEventListener('focusin', this.onFocusIn)
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.stopLeaveWatch()
    this.unlockScroll()
    this.unlockScroll = noop
    const root = this.root
    this.root = null
    try {
      root?.unmount()
    } catch {
      // already gone with its container
    }
    this.mount?.remove()
    this.mount = null
  }

  private draw(): void {
    const message = this.message
    if (!this.root || !message) return
    const shown = this.phase === 'opening' || this.phase === 'open'
    const context: ViewContext = {
      report: this.report,
      imageShown: this.imageShown,
      shown,
    }
    const View = message.displayType === 'BANNER' ? Banner : message.displayType === 'BOTTOM_SHEET' ? BottomSheet : Modal
    const phaseClass = this.phase === 'rendered' ? '' : this.phase === 'closing' ? ' closing' : ' open'
    const Ctx = viewContext()
    this.root.render(
      <Ctx.Provider value={context}>
        <div className={`root ${this.renderType}${phaseClass}`} data-display={message.displayType}>
          <View message={message} renderType={this.renderType} />
        </div>
      </Ctx.Provider>,
    )
  }

  private setPhase(phase: Phase): void {
    this.phase = phase
    flushSync(() => this.draw())
  }

  private reducedMotion(): boolean {
    try {
      return !!this.win.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    } catch {
      return false
    }
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      run()
    }, ms)
    this.timers.add(timer)
  }

  private readonly onLifecycle = (event: Event): void => {
    const detail = lifecycleDetail(event)
    if (!detail || !this.root) return
    const answer = () => dispatch(this.win, LIFECYCLE_END, detail)
    const instant = this.reducedMotion()
    if (detail.type === 'OPEN') {
      // A modal or sheet covers the page: the page stops scrolling until the message is gone (unmount releases).
      if (this.isModal() && this.unlockScroll === noop) this.unlockScroll = lockPageScroll(this.win.document)
      // The SDK shows the container just before this: read layout so the closed state is painted before it animates.
      this.mount?.getBoundingClientRect()
      this.setPhase('opening')
      this.takeFocus()
      const opened = () => {
        if (this.phase === 'opening') this.setPhase('open')
        answer()
      }
      if (instant) opened()
      else this.later(OPEN_MS, opened)
    } else {
      this.setPhase('closing')
      if (instant) {
        answer()
        return
      }
      // A link that closes the message (LINK_AND_CLOSE) may take the page away before the animation ends: then the
      // close is answered as the page starts to leave, so the SDK still records it (and sends it as the page goes).
      let answered = false
      const closed = () => {
        if (answered) return
        answered = true
        this.stopLeaveWatch()
        answer()
      }
      this.stopLeaveWatch = () => {
        for (const type of LEAVE_EVENTS) this.win.removeEventListener(type, closed)
        this.stopLeaveWatch = noop
      }
      for (const type of LEAVE_EVENTS) this.win.addEventListener(type, closed)
      this.later(CLOSE_MS, closed)
    }
  }

  /** Removes the page-leave listeners of a close in progress (nothing when none is). */
  private stopLeaveWatch: () => void = noop

  private readonly report = (interaction: Interaction | null): void => {
    if (!interaction || !this.root) return
    if (this.phase !== 'opening' && this.phase !== 'open') return
    const now = Date.now()
    if (now < this.clicksBlockedUntil) return
    if (interaction.type === 'CLOSE' || (interaction.type === 'ACTION' && closes(interaction.action.type))) {
      this.clicksBlockedUntil = now + CLOSE_CLICK_GUARD_MS
    }
    dispatch(this.win, INTERACTION, interaction)
  }

  private readonly imageShown = (url: string, order: number): void => {
    if (this.seenImages.has(order) || (this.phase !== 'opening' && this.phase !== 'open')) return
    this.seenImages.add(order)
    dispatch(this.win, INTERACTION, { type: 'IMAGE_IMPRESSION', imageUrl: url, imageOrder: order })
  }

  private isModal(): boolean {
    return !!this.message && this.message.displayType !== 'BANNER'
  }

  private dialog(): HTMLElement | null {
    return this.mount?.querySelector<HTMLElement>('[role="dialog"]') ?? null
  }

  /** A modal or sheet takes the focus (remembering where it was); a banner never does. */
  private takeFocus(): void {
    if (!this.isModal()) return
    const active = this.win.document.activeElement
    if (active && active !== this.container && !this.returnFocus) this.returnFocus = active
    this.dialog()?.focus({ preventScroll: true })
  }

  private readonly onKey = (event: KeyboardEvent): void => {
    if (!this.root || (this.phase !== 'opening' && this.phase !== 'open')) return
    const inside = this.container.contains(this.win.document.activeElement)
    if (event.key === 'Escape' && (this.isModal() || inside)) {
      event.preventDefault()
      event.stopPropagation()
      this.report({ type: 'CLOSE' })
      return
    }
    const dialog = this.dialog()
    if (event.key === 'Tab' && this.isModal() && dialog) trapTab(event, dialog, this.container.shadowRoot)
  }

  /** Focus that wanders out of an open modal (a click on the page, a script) is brought back into it. */
  private readonly onFocusIn = (event: FocusEvent): void => {
    if (!this.isModal() || (this.phase !== 'opening' && this.phase !== 'open')) return
    const path = typeof event.composedPath === 'function' ? event.composedPath() : [event.target]
    if (path.includes(this.container)) return
    const dialog = this.dialog()
    if (dialog) (focusableIn(dialog)[0] ?? dialog).focus({ preventScroll: true })
  }
}

/** The window events that tell the page is being left (a navigation started, then the page is hidden for good). */
const LEAVE_EVENTS = ['beforeunload', 'pagehide'] as const
const noop = () => {}

const closes = (type: string) => type === 'CLOSE' || type === 'HIDDEN' || type.endsWith('_AND_CLOSE')

/** Resolves once the images drawn first (each carousel's first slide) have loaded or failed, or after `waitMs`. */
function preloadImages(message: Message, win: Win, waitMs: number): Promise<void> {
  const first = message.layoutType === 'TEXT_ONLY' ? [] : message.images.slice(0, 1)
  const urls = first.map((image) => safeImageUrl(image.url)).filter((url): url is string => !!url)
  if (!urls.length || typeof win.Image !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    let pending = urls.length
    const timer = setTimeout(resolve, waitMs)
    const done = () => {
      if (--pending === 0) {
        clearTimeout(timer)
        resolve()
      }
    }
    for (const url of urls) {
      const image = new win.Image()
      image.onload = done
      image.onerror = done
      image.src = url
    }
  })
}

/** Puts this renderer on `win.HackleInAppMessageRenderer`, unless one is already there (it is then used as is). */
export function installRenderer(win: Window & { HackleInAppMessageRenderer?: unknown } = window): void {
  if (!win.HackleInAppMessageRenderer) win.HackleInAppMessageRenderer = { HackleInAppMessageRenderer }
}
