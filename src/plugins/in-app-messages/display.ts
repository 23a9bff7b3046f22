import { describeError } from '../../internal'
import { inAppTools } from './toolbox'
import type { Kernel } from '../../kernel'
import type { EngineModule } from './engine'
import type { Display, InAppMessageListener, Presentation } from './model'
import { VIEW_GLOBAL, VIEW_SCRIPT, type DisplayHost, type OpenedView, type RendererSettings, type ViewModule } from './view/host'

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

/** What the script-tag build's in-app script hands over through its global: the view and the decision engine. */
type InAppScript = ViewModule & EngineModule

let pendingScript: Promise<InAppScript> | undefined

/**
 * The script-tag build's in-app code (the decision engine and the view): its own script beside the SDK's (with the
 * SDK's CSP nonce), so the SDK file does not carry it; it hands both over through one global. Loaded once per page
 * (a failed load is tried again by the next call).
 */
function loadInAppScript(settings: RendererSettings): Promise<InAppScript> {
  const win = window as unknown as Record<string, InAppScript | undefined>
  const loaded = win[VIEW_GLOBAL]
  if (loaded) return Promise.resolve(loaded)
  pendingScript ??= new Promise<InAppScript>((resolve, reject) => {
    if (!settings.viewUrl && !settings.sdkScriptSrc) throw new Error('the SDK script URL is unknown: set inAppViewUrl')
    const src = settings.viewUrl ?? new URL(VIEW_SCRIPT, settings.sdkScriptSrc).href
    const script = document.createElement('script')
    script.async = true
    if (settings.nonce) script.nonce = settings.nonce
    script.addEventListener('load', () => {
      const view = win[VIEW_GLOBAL]
      if (view) resolve(view)
      else reject(new Error(`${src} did not provide the in-app view`))
    })
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(`Failed to load script: ${src}`))
    })
    script.src = src
    document.head.appendChild(script)
  }).catch((error) => {
    pendingScript = undefined
    throw error
  })
  return pendingScript
}

/**
 * The view code and the decision engine: lazy chunks in the npm build, one script in the script-tag build (written
 * inline so each build drops the other).
 */
const loadView: (settings: RendererSettings) => Promise<ViewModule> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? loadInAppScript : () => import('./view/index')
const loadEngine: (settings: RendererSettings) => Promise<EngineModule> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? loadInAppScript : () => import('./engine')

/** How in-app messages are drawn: which renderer, from where. */
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
  /**
   * Script-tag build: where its in-app view script is (default: `hackle-kit-iam-view.global.js` beside the SDK's
   * script; needed when the SDK runs from an inline script, e.g. pasted by a tag manager).
   */
  inAppViewUrl?: string
}

/**
 * The view side of in-app messages (and the loader of the decision engine's code). Kept small because it is part of the page's first load: the listener, the
 * displayed view and the one-message-at-a-time guard live here; everything that draws a message is loaded by the
 * first `present` (a failed load is logged `Failed to open inAppMessageView: <error>` and tried again by the next).
 */
export function createDisplay(kernel: Kernel, options: InAppDisplayOptions = {}): Display & { loadEngine(): Promise<EngineModule> } {
  let listener: InAppMessageListener | null = null
  let current: OpenedView | null = null
  let loading = false
  let disposed = false
  const settings: RendererSettings = {
    renderer: options.renderer === 'hosted' ? 'hosted' : 'own',
    rendererUrl: typeof options.inAppRendererUrl === 'string' && options.inAppRendererUrl ? options.inAppRendererUrl : undefined,
    viewUrl: typeof options.inAppViewUrl === 'string' && options.inAppViewUrl ? options.inAppViewUrl : undefined,
    cdnUrl: typeof options.cdnUrl === 'string' && options.cdnUrl ? options.cdnUrl : kernel.config.cdnUrl,
    sdkScriptSrc: sdkScript?.src || undefined,
    nonce: sdkScript?.nonce || undefined,
  }
  const host: DisplayHost = {
    kernel,
    settings,
    tools: inAppTools,
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
      loadView(settings)
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
    /** The decision engine's code, from where the view's comes from. */
    loadEngine: () => loadEngine(settings),
    dispose() {
      disposed = true
      current?.destroy()
    },
  }
}
