import type { Kernel } from '../../kernel'
import { createExplorer } from './explorer'
import type { PanelModule } from './panel/contract'
import { createPanelSource, type EventFeed } from './source'

export { createExplorer }
export { useTools } from './tools'

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/** The script-tag build: the view is in the DevTool's own script, which this module is part of there. */
const fromScript = () => {
  const loaded = (window as Window & { HackleKitDevtoolPanel?: PanelModule }).HackleKitDevtoolPanel
  return loaded ? Promise.resolve(loaded) : Promise.reject(new Error('the DevTool script is not loaded'))
}

/**
 * The npm build's view: without React when the page's React is known (`hooks.pageReact`), else the chunk that shares
 * React with the in-app renderer.
 */
function importView(kernel: Kernel): Promise<PanelModule> {
  const bundled = () => import('./panel-link')
  const page = kernel.hooks.pageReact.call()
  if (!page) return bundled()
  return import('./panel-link-page-react').then((view) => view.withPageReact(page, kernel.logger) ?? bundled())
}

/** The panel's view: a lazy chunk (npm), or the DevTool's script. */
const loadView: (kernel: Kernel) => Promise<PanelModule> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__ ? fromScript : importView

/** An open panel: `drawn` settles once it is drawn (or failed to load). */
export interface OpenPanel {
  /** Closes the panel (once; later calls do nothing). */
  close(): void
  /** Settles once the panel is drawn, or failed to load. */
  drawn: Promise<void>
}

/**
 * Opens hackle-kit's DevTool panel over the client: a `<div data-hackle-devtool>` at the end of `<body>` whose shadow
 * root holds the view. `onClosed` runs once, when it closes (its own button, Escape or `close()`); the focus goes back
 * to where it was.
 */
export function openPanel(kernel: Kernel, feed: EventFeed, onClosed: () => void): OpenPanel {
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
  const drawn = loadView(kernel).then((view) => {
    if (!closed) unmount = view.mountPanel(host, source)
  })
  drawn.catch((error) => {
    kernel.logger.error(`Failed to open the DevTool panel: ${String(error)}`)
    close()
  })
  return { close, drawn }
}
