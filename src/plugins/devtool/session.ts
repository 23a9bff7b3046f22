import type { Kernel } from '../../kernel'
import { createExplorer } from './explorer'
import type { PanelModule } from './panel/contract'
import { createPanelSource, type EventFeed } from './source'

export { createExplorer }
export { useTools } from './tools'

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/** Where the script-tag build finds the panel's scripts. */
export interface PanelScripts {
  /** `hackle-kit-devtool.global.js` (the panel's view, without React). */
  panelUrl?: string
  /** `hackle-kit-iam-renderer.global.js`, which carries React and lends it to the panel. */
  rendererUrl?: string
  /** The SDK's own script: both are beside it by default. */
  sdkScriptSrc?: string
  nonce?: string
}

/** The file names of the script-tag distribution, beside the SDK's own script. */
export const PANEL_SCRIPT = 'hackle-kit-devtool.global.js'
export const RENDERER_SCRIPT = 'hackle-kit-iam-renderer.global.js'

type PanelWindow = Window & { HackleKitDevtoolPanel?: PanelModule; HackleKitReact?: unknown }

function loadScript(src: string, nonce: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
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

/**
 * The script-tag build's panel view: its script takes React from the in-app renderer's script (loaded first when the
 * page does not have it yet), so a page that showed an in-app message loads only the panel's own code.
 */
async function loadPanelScripts(scripts: PanelScripts): Promise<PanelModule> {
  const win = window as PanelWindow
  if (win.HackleKitDevtoolPanel) return win.HackleKitDevtoolPanel
  const beside = (file: string, given: string | undefined) => {
    if (given) return given
    if (!scripts.sdkScriptSrc) throw new Error('the SDK script URL is unknown: set the devtool plugin’s panelUrl and rendererUrl')
    return new URL(file, scripts.sdkScriptSrc).href
  }
  if (!win.HackleKitReact) await loadScript(beside(RENDERER_SCRIPT, scripts.rendererUrl), scripts.nonce)
  await loadScript(beside(PANEL_SCRIPT, scripts.panelUrl), scripts.nonce)
  if (!win.HackleKitDevtoolPanel) throw new Error(`${PANEL_SCRIPT} did not provide the panel`)
  return win.HackleKitDevtoolPanel
}

/** The panel's view: a lazy chunk sharing React with the in-app renderer (npm), or scripts (script-tag build). */
const loadView: (scripts: PanelScripts) => Promise<PanelModule> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? loadPanelScripts : () => import('./panel-link')

/** An open panel: `closed` settles once it is drawn (or failed to load). */
export interface OpenPanel {
  close(): void
  drawn: Promise<void>
}

/**
 * Opens hackle-kit's DevTool panel over the client: a `<div data-hackle-devtool>` at the end of `<body>` whose shadow
 * root holds the view. `onClosed` runs once, when it closes (its own button, Escape or `close()`); the focus goes back
 * to where it was.
 */
export function openPanel(kernel: Kernel, feed: EventFeed, scripts: PanelScripts, onClosed: () => void): OpenPanel {
  const returnFocus = document.activeElement as HTMLElement | null
  const host = document.createElement('div')
  host.setAttribute('data-hackle-devtool', '')
  document.body.appendChild(host)
  let unmount: (() => void) | undefined
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    try {
      unmount?.()
    } finally {
      host.remove()
      onClosed()
      if (returnFocus?.isConnected) returnFocus.focus?.({ preventScroll: true })
    }
  }
  const source = createPanelSource(kernel, createExplorer(kernel), feed, close)
  const drawn = loadView(scripts).then((view) => {
    if (!closed) unmount = view.mountPanel(host, source)
  })
  drawn.catch((error) => {
    kernel.logger.error(`Failed to open the DevTool panel: ${String(error)}`)
    close()
  })
  return { close, drawn }
}
