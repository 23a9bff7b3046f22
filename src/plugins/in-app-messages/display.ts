/**
 * Placeholder for the view side of in-app messages: the view session replaces this file with the real display
 * (renderer protocol, HTML view, actions, `$in_app_*` events). This one shows nothing and says so.
 */
import type { Kernel } from '../../kernel'
import type { Display } from './model'

/** Options the view reads (passed whole from the plugin's options). */
export interface InAppDisplayOptions {
  /** URL of the renderer script when no renderer is on the page. */
  inAppRendererUrl?: string
  /** Base URL of the hosted renderer. */
  cdnUrl?: string
}

export function createDisplay(kernel: Kernel, _options: InAppDisplayOptions): Display {
  return {
    present: () => kernel.logger.warn('in-app view not installed'),
    setListener: () => {},
    displayedView: () => null,
    dispose: () => {},
  }
}
