import type { Kernel } from '../../../kernel'
import type { RendererSettings } from './host'

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/** The hosted renderer's version (part of its script URL). */
export const HOSTED_RENDERER_VERSION = '0.0.12'
/** The file name of hackle-kit's renderer script in the script-tag distribution, beside the SDK's own script. */
export const OWN_RENDERER_SCRIPT = 'hackle-kit-iam-renderer.global.js'

/** The renderer protocol's entry point: `new HackleInAppMessageRenderer(container)`. */
export interface RendererInstance {
  render(input: { messageId: number; message: unknown; renderType: 'mobile' | 'pc' }): Promise<unknown> | unknown
  destroy(): void
}
export interface RendererGlobal {
  HackleInAppMessageRenderer: new (container: HTMLElement) => RendererInstance
}
type RendererWindow = Window & { HackleInAppMessageRenderer?: RendererGlobal }

/** Adds `<script async src>` to `<head>` (with the CSP nonce) and settles on its load; a failed script is removed again. */
export function loadScript(src: string, nonce: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.type = 'text/javascript'
    script.async = true
    if (nonce) script.nonce = nonce
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(`Failed to load script: ${src}`))
    })
    script.src = src
    document.head.appendChild(script)
  })
}

function ownRendererUrl(settings: RendererSettings): string {
  if (settings.rendererUrl) return settings.rendererUrl
  if (!settings.sdkScriptSrc) throw new Error('the SDK script URL is unknown: set inAppRendererUrl')
  return new URL(OWN_RENDERER_SCRIPT, settings.sdkScriptSrc).href
}

/** The npm build's renderer chunk: without React when the page's React is known (`hooks.pageReact`), else with it. */
function importOwnRenderer(kernel: Kernel): Promise<unknown> {
  const bundled = () => import('../renderer/index').then((module) => module.installRenderer(window))
  const page = kernel.hooks.pageReact.call()
  if (!page) return bundled()
  return import('../renderer/page-react').then((module) => {
    if (!module.installWithPageReact(window, page, kernel.logger)) return bundled()
  })
}

/**
 * hackle-kit's renderer. The script-tag build loads its script (bundling it would put the renderer in the SDK file);
 * the npm build imports it as a lazy chunk, unless a script URL was given. The condition is written inline so that
 * the script-tag build drops the `import()` and its chunk altogether.
 */
const loadOwnRenderer: (settings: RendererSettings, kernel: Kernel) => Promise<unknown> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__
    ? (settings) => Promise.resolve().then(() => loadScript(ownRendererUrl(settings), settings.nonce))
    : (settings, kernel) => (settings.rendererUrl ? loadScript(settings.rendererUrl, settings.nonce) : importOwnRenderer(kernel))

let loading: Promise<unknown> | undefined
let loaded = false

/**
 * Makes `window.HackleInAppMessageRenderer` available, once per page: a renderer already there is used as is; else
 * the configured one is loaded (hackle-kit's own without React when `kernel` knows the page's React; a failed load,
 * or a renderer removed from the page since, is loaded again by the next message).
 */
export function loadRenderer(settings: RendererSettings, kernel: Kernel): Promise<unknown> {
  if ((window as RendererWindow).HackleInAppMessageRenderer) return Promise.resolve()
  if (!loading || loaded) {
    loaded = false
    loading =
      settings.renderer === 'hosted'
        ? loadScript(`${settings.cdnUrl}/sdk/iam-renderer/${HOSTED_RENDERER_VERSION}/iam-renderer.js`, settings.nonce)
        : loadOwnRenderer(settings, kernel)
    loading.then(
      () => (loaded = true),
      () => (loading = undefined),
    )
  }
  return loading
}

/** The renderer on the page; throws when loading did not provide one. */
export function rendererGlobal(): RendererGlobal {
  const renderer = (window as RendererWindow).HackleInAppMessageRenderer
  if (!renderer || typeof renderer.HackleInAppMessageRenderer !== 'function') throw new Error('HackleInAppMessageRenderer is not available')
  return renderer
}
