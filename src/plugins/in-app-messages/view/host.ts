import type { Kernel } from '../../../kernel'
import type { InAppMessageListener, InAppMessageView } from '../model'

/** Where the renderer of script views comes from (resolved display options). */
export interface RendererSettings {
  renderer: 'own' | 'hosted'
  /** An explicit URL for hackle-kit's renderer script. */
  rendererUrl: string | undefined
  /** Base URL of the hosted renderer. */
  cdnUrl: string
  /** The script-tag build's own script URL: hackle-kit's renderer script sits beside it. */
  sdkScriptSrc: string | undefined
  /** The CSP nonce of the SDK's script, given to every script the view side adds. */
  nonce: string | undefined
}

/** A view that is opening, shown or closing: what the display keeps between `present` calls. */
export interface OpenedView {
  /** The public view (`getDisplayedInAppMessageView`). */
  readonly handle: InAppMessageView
  /** Removes the view at once, without events (client close). */
  destroy(): void
}

/** What the lazily loaded view code needs from the display that loaded it. */
export interface DisplayHost {
  readonly kernel: Kernel
  readonly settings: RendererSettings
  listener(): InAppMessageListener | null
  current(): OpenedView | null
  setCurrent(view: OpenedView | null): void
}
