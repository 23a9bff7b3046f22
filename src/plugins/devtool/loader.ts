import type * as Session from './session'

/** What the DevTool's lazy part exports: the lazy chunk (npm), or the DevTool script's global (script-tag build). */
export type SessionModule = typeof Session

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/** Where the script-tag build finds the DevTool's scripts. */
export interface DevtoolScripts {
  /** `hackle-kit-devtool.global.js`: the explorer, the panel's data side and view (no React). */
  panelUrl?: string
  /** `hackle-kit-iam-renderer.global.js`, which carries React and lends it to the DevTool's script. */
  rendererUrl?: string
}

/** The file names of the script-tag distribution, beside the SDK's own script. */
export const DEVTOOL_SCRIPT = 'hackle-kit-devtool.global.js'
export const RENDERER_SCRIPT = 'hackle-kit-iam-renderer.global.js'

/** The SDK's own `<script>` (script-tag build, read while it runs): the DevTool's scripts are beside it, with its nonce. */
const sdkScript: HTMLScriptElement | null =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ && typeof document !== 'undefined'
    ? (document.currentScript as HTMLScriptElement | null)
    : null

type DevtoolWindow = Window & { HackleKitDevtoolPanel?: SessionModule; HackleKitReact?: unknown }

/** Adds `<script async src>` to `<head>` with the SDK's nonce and settles on its load (a failed one is removed). */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.async = true
    if (sdkScript?.nonce) script.nonce = sdkScript.nonce
    script.addEventListener('load', () => resolve())
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(`Failed to load script: ${src}`))
    })
    script.src = src
    document.head.appendChild(script)
  })
}

/**
 * The script-tag build's DevTool code: its script, after the in-app renderer's script when the page has no
 * `HackleKitReact` yet (that script lends it React, so a page that showed an in-app message loads only the DevTool's
 * own code). Both beside the SDK's script unless given.
 */
async function loadScripts(scripts: DevtoolScripts): Promise<SessionModule> {
  const win = window as DevtoolWindow
  const beside = (file: string, given: string | undefined) => {
    if (given) return given
    if (!sdkScript?.src) throw new Error('the SDK script URL is unknown: set the devtool plugin’s panelUrl and rendererUrl')
    return new URL(file, sdkScript.src).href
  }
  if (!win.HackleKitDevtoolPanel) {
    if (!win.HackleKitReact) await loadScript(beside(RENDERER_SCRIPT, scripts.rendererUrl))
    await loadScript(beside(DEVTOOL_SCRIPT, scripts.panelUrl))
  }
  if (!win.HackleKitDevtoolPanel) throw new Error(`${DEVTOOL_SCRIPT} did not provide the DevTool`)
  return win.HackleKitDevtoolPanel
}

/**
 * The DevTool's lazy part: a lazy chunk in the npm build, scripts in the script-tag build (written inline so each
 * build drops the other).
 */
export const loadSession: (scripts: DevtoolScripts) => Promise<SessionModule> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? loadScripts : () => import('./session')
