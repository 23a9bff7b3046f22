import { describeError } from '../../internal'
import type { Kernel } from '../../kernel'
import type { Display, InAppMessageListener, Presentation } from './model'
import type { DisplayHost, OpenedView, RendererSettings } from './view/host'

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/**
 * The SDK's own `<script>` element, read while the script-tag build runs its top level (the only moment the browser
 * exposes it): hackle-kit's renderer is loaded from the same folder, with the same CSP nonce.
 */
const sdkScript: HTMLScriptElement | null =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ && typeof document !== 'undefined'
    ? (document.currentScript as HTMLScriptElement | null)
    : null

export interface InAppDisplayOptions {
  /**
   * Which renderer draws MODAL / BANNER / BOTTOM_SHEET messages when the page has none of its own
   * (`window.HackleInAppMessageRenderer`, always used as is): `'own'` (default) hackle-kit's renderer — a lazy chunk in
   * the npm build, the script `hackle-kit-iam-renderer.global.js` beside the SDK's script in the script-tag build;
   * `'hosted'` the service's renderer script under `cdnUrl`.
   */
  renderer?: 'own' | 'hosted'
  /** Loads hackle-kit's renderer from this script URL instead (`renderer: 'own'`). */
  inAppRendererUrl?: string
  /** Base URL of the hosted renderer (default: the client's `cdnUrl`). */
  cdnUrl?: string
}

/**
 * The view side of in-app messages. Kept small because it is part of the page's first load: the listener, the
 * displayed view and the one-message-at-a-time guard live here; everything that draws a message is loaded by the
 * first `present`.
 */
export function createDisplay(kernel: Kernel, options: InAppDisplayOptions = {}): Display {
  let listener: InAppMessageListener | null = null
  let current: OpenedView | null = null
  let loading = false
  let disposed = false
  const settings: RendererSettings = {
    renderer: options.renderer === 'hosted' ? 'hosted' : 'own',
    rendererUrl: typeof options.inAppRendererUrl === 'string' && options.inAppRendererUrl ? options.inAppRendererUrl : undefined,
    cdnUrl: typeof options.cdnUrl === 'string' && options.cdnUrl ? options.cdnUrl : kernel.config.cdnUrl,
    sdkScriptSrc: sdkScript?.src || undefined,
    nonce: sdkScript?.nonce || undefined,
  }
  const host: DisplayHost = {
    kernel,
    settings,
    listener: () => listener,
    current: () => current,
    setCurrent(view) {
      current = view
    },
  }

  return {
    present(presentation: Presentation) {
      if (disposed || loading || current) return
      loading = true
      import('./view/index')
        .then((view) => {
          loading = false
          if (!disposed && !current) view.openView(host, presentation)
        })
        .catch((error) => {
          loading = false
          kernel.logger.error(`Failed to open inAppMessageView: ${describeError(error)}`)
        })
    },
    setListener(next) {
      listener = next && typeof next === 'object' ? next : null
    },
    displayedView: () => current?.handle ?? null,
    dispose() {
      disposed = true
      current?.destroy()
    },
  }
}
