import type { Kernel } from '../../../kernel'
import type { InAppTools } from '../tools'
import type { InAppMessageListener, InAppMessageView } from '../model'

/** Where the renderer of script views comes from (resolved display options). */
export interface RendererSettings {
  renderer: 'own' | 'hosted'
  /** An explicit URL for hackle-kit's renderer script. */
  rendererUrl: string | undefined
  /** An explicit URL for the script-tag build's view script. */
  viewUrl: string | undefined
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

/**
 * The client's own property and subscription builders, handed to HTML messages (`window.Hackle`): operations an HTML
 * message builds must be the client's classes, also when the view code was loaded as a separate script.
 */
export interface Builders {
  PropertyOperationsBuilder: unknown
  HackleSubscriptionOperationsBuilder: unknown
  HackleSubscriptionStatus: unknown
}

/** What the lazily loaded view code needs from the display that loaded it. */
export interface DisplayHost {
  readonly kernel: Kernel
  readonly settings: RendererSettings
  /** The first load's toolbox (see `../tools.ts`). */
  readonly tools: InAppTools
  listener(): InAppMessageListener | null
  current(): OpenedView | null
  setCurrent(view: OpenedView | null): void
}

/** What the view code gives the display: the lazy chunk's exports, or the view script's global. */
export interface ViewModule {
  openView(host: DisplayHost, presentation: import('../model').Presentation): void
}

/** The global through which the script-tag build's view script hands over its `openView`. */
export const VIEW_GLOBAL = '__hackleKitInAppView'
/** The view script's file name, beside the SDK's own script. */
export const VIEW_SCRIPT = 'hackle-kit-iam-view.global.js'
