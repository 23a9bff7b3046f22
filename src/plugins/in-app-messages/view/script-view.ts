import { tools } from '../tools'
import { parseAction } from './actions'
import { BaseView } from './base'
import { renderTypeOf, toMessageJson } from './message-json'
import { loadRenderer, rendererGlobal, type RendererInstance } from './renderer-loader'

export const INTERACTION_EVENT = 'hackle-iam-interaction'
export const LIFECYCLE_START_EVENT = 'hackle-iam-lifecycle-start'
export const LIFECYCLE_END_EVENT = 'hackle-iam-lifecycle-end'
export const CONTAINER_CLASS = 'hackle-iam'
/** How long the renderer has to answer a lifecycle start. */
export const LIFECYCLE_TIMEOUT_MILLIS = 5000

type LifecycleType = 'OPEN' | 'CLOSE'

/**
 * MODAL, BANNER and BOTTOM_SHEET: drawn by the renderer on the page (`window.HackleInAppMessageRenderer`) into a
 * `<div class="hackle-iam">`. Open and close each end with a handshake: the view dispatches
 * `hackle-iam-lifecycle-start {type, id}` and the renderer answers `hackle-iam-lifecycle-end` with the same detail
 * within 5000 ms. Clicks and image impressions come back as `hackle-iam-interaction` events.
 */
export class ScriptView extends BaseView {
  private container: HTMLDivElement | null = null
  private renderer: RendererInstance | null = null
  /** Lifecycle handshakes waiting for their answer, by `type:id`. */
  private readonly pending = new Map<string, () => void>()

  private readonly onLifecycleEnd = (event: Event) => {
    const detail = (event as CustomEvent).detail as { type?: unknown; id?: unknown } | null
    if (!detail || typeof detail.id !== 'string' || (detail.type !== 'OPEN' && detail.type !== 'CLOSE')) return
    const key = `${detail.type}:${detail.id}`
    const answer = this.pending.get(key)
    this.pending.delete(key)
    answer?.()
  }

  private readonly onInteraction = (event: Event) => {
    const detail = (event as CustomEvent).detail as Record<string, unknown> | null
    if (!detail || typeof detail !== 'object') return
    if (detail.type === 'CLOSE') this.close()
    else if (detail.type === 'IMAGE_IMPRESSION') this.imageImpression(detail.imageUrl, detail.imageOrder)
    else if (detail.type === 'ACTION') {
      const action = parseAction(detail.action)
      if (!action) return
      this.click({ action, area: detail.area, buttonText: detail.buttonText, imageUrl: detail.imageUrl, imageOrder: detail.imageOrder })
    }
  }

  async open(): Promise<void> {
    if (!this.canOpen()) return
    try {
      this.openStarted()
      window.addEventListener(INTERACTION_EVENT, this.onInteraction)
      window.addEventListener(LIFECYCLE_END_EVENT, this.onLifecycleEnd)
      await loadRenderer(this.host.settings, this.host.kernel)
      if (this.abandoned()) return
      const container = this.addContainer()
      container.style.display = 'none'
      container.classList.add(`${CONTAINER_CLASS}--loading`)
      const { HackleInAppMessageRenderer } = rendererGlobal()
      const renderer = new HackleInAppMessageRenderer(container)
      this.renderer = renderer
      const { presentation } = this
      await renderer.render({
        messageId: presentation.message.id,
        message: toMessageJson(presentation.layout),
        renderType: renderTypeOf(presentation.user),
      })
      if (this.abandoned()) return
      container.classList.remove(`${CONTAINER_CLASS}--loading`)
      container.style.display = 'block'
      this.handshake('OPEN', () => this.openCompleted(), () => this.openFailed(new Error('Timeout expired.')))
    } catch (error) {
      this.openFailed(error)
    }
  }

  close(): void {
    if (!this.canClose()) return
    try {
      this.closeStarted()
      this.handshake('CLOSE', () => this.closeCompleted(), () => this.closeFailed(new Error('Timeout expired.')))
    } catch (error) {
      this.closeFailed(error)
    }
  }

  destroy(): void {
    window.removeEventListener(INTERACTION_EVENT, this.onInteraction)
    window.removeEventListener(LIFECYCLE_END_EVENT, this.onLifecycleEnd)
    this.pending.clear()
    const renderer = this.renderer
    this.renderer = null
    try {
      renderer?.destroy()
    } catch (error) {
      this.host.kernel.logger.error(`Failed to destroy the in-app message renderer: ${String(error)}`)
    }
    this.container?.remove()
    this.container = null
    this.released()
  }

  private addContainer(): HTMLDivElement {
    if (!this.container) {
      this.container = document.createElement('div')
      this.container.classList.add(CONTAINER_CLASS)
    }
    if (!this.container.parentNode) document.body.appendChild(this.container)
    return this.container
  }

  /** Dispatches the lifecycle start and waits for the renderer's answer (`onAnswer`) or the timeout (`onTimeout`). */
  private handshake(type: LifecycleType, onAnswer: () => void, onTimeout: () => void): void {
    const id = tools.uuid()
    const key = `${type}:${id}`
    this.pending.set(key, onAnswer)
    window.dispatchEvent(new CustomEvent(LIFECYCLE_START_EVENT, { detail: { type, id } }))
    setTimeout(() => {
      if (!this.pending.has(key)) return
      this.pending.delete(key)
      onTimeout()
    }, LIFECYCLE_TIMEOUT_MILLIS)
  }
}
