import { tools } from '../tools'
import type { InAppMessageInfo, InAppMessageListener, InAppMessageView, MessageAction, Presentation } from '../model'
import { runAction, toPublicAction } from './actions'
import { actionProperties, closeProperties, impressionProperties, imageImpressionProperties, trackViewEvent, type ViewAction } from './events'
import type { DisplayHost, OpenedView } from './host'

/** CLOSED → OPENING → OPENED → CLOSING → CLOSED. */
export type ViewStatus = 'CLOSED' | 'OPENING' | 'OPENED' | 'CLOSING'

type Notification = Exclude<keyof InAppMessageListener, 'onInAppMessageClick'>

/**
 * What every message view shares: the status machine, the listener calls, the `$in_app_*` events and the click
 * handling. A view opens at most once; `destroy` removes everything it added and frees the display for the next message.
 */
export abstract class BaseView implements OpenedView {
  status: ViewStatus = 'CLOSED'
  readonly info: InAppMessageInfo
  readonly handle: InAppMessageView

  constructor(
    readonly host: DisplayHost,
    readonly presentation: Presentation,
  ) {
    this.info = { key: presentation.message.key }
    this.handle = { inAppMessage: this.info, close: () => this.close() }
  }

  /** Shows the message; failures are logged and leave nothing behind. Never rejects. */
  abstract open(): Promise<void>
  /** Closes the message (listener calls, `$in_app_close`); nothing when it is closed or closing. */
  abstract close(): void
  /** Removes the view at once, without events. */
  abstract destroy(): void

  canOpen = () => this.status !== 'OPENED' && this.status !== 'OPENING'
  canClose = () => this.status !== 'CLOSED' && this.status !== 'CLOSING'

  protected openStarted(): void {
    this.status = 'OPENING'
    this.notify('beforeInAppMessageOpen')
  }

  protected openCompleted(): void {
    this.track('$in_app_impression', impressionProperties(this.presentation))
    this.status = 'OPENED'
    this.notify('afterInAppMessageOpen')
  }

  protected openFailed(error: unknown): void {
    this.host.kernel.logger.error(`Failed to open inAppMessageView: ${tools.describeError(error)}`)
    this.destroy()
  }

  protected closeStarted(): void {
    this.notify('beforeInAppMessageClose')
    this.status = 'CLOSING'
  }

  protected closeCompleted(): void {
    this.track('$in_app_close', closeProperties(this.presentation))
    this.destroy()
    this.notify('afterInAppMessageClose')
  }

  protected closeFailed(error: unknown): void {
    this.host.kernel.logger.error(`Failed to close inAppMessageView: ${tools.describeError(error)}`)
    this.destroy()
    this.notify('afterInAppMessageClose')
  }

  /** Whether the view was destroyed while it waited (client closed): then whatever it added since goes too. */
  protected abandoned(): boolean {
    if (this.status !== 'CLOSED') return false
    this.destroy()
    return true
  }

  /** Called by `destroy`: the view is CLOSED and no longer the displayed one. */
  protected released(): void {
    if (this.host.current() === this) this.host.setCurrent(null)
    this.status = 'CLOSED'
  }

  /** A click: `$in_app_action` (`track`), then the action (`act`, see `runAction`). */
  click(event: ViewAction, { track = true, act = true } = {}): void {
    if (track) this.track('$in_app_action', actionProperties(this.presentation, event))
    if (act) runAction(this, event.action)
  }

  imageImpression(imageUrl: unknown, imageOrder: unknown): void {
    this.track('$in_app_image_impression', imageImpressionProperties(this.presentation, imageUrl, imageOrder))
  }

  /** The listener's answer to a click: true when it handled it. A throwing listener is logged and counts as not handled. */
  notifyClick(action: MessageAction): boolean {
    const listener = this.host.listener()
    if (typeof listener?.onInAppMessageClick !== 'function') return false
    try {
      return !!listener.onInAppMessageClick({ ...this.info }, this.handle, toPublicAction(action))
    } catch (error) {
      this.host.kernel.logger.error(`Unexpected exception in InAppMessageListener.onInAppMessageClick: ${tools.describeError(error)}`)
      return false
    }
  }

  private notify(name: Notification): void {
    const listener = this.host.listener()
    const callback = listener?.[name]
    if (typeof callback !== 'function') return
    try {
      callback.call(listener, { ...this.info })
    } catch (error) {
      this.host.kernel.logger.error(`Unexpected exception in InAppMessageListener.${name}: ${tools.describeError(error)}`)
    }
  }

  private track(key: string, properties: Record<string, unknown>): void {
    try {
      trackViewEvent(this.host.kernel, this.presentation, key, properties)
    } catch (error) {
      this.host.kernel.logger.error(`Failed to track ${key}: ${tools.describeError(error)}`)
    }
  }
}
