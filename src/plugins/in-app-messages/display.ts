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
    // What would have been shown, with the `$in_app_*` events' common properties (tests compare them).
    present: ({ message, layout, reason, properties }) =>
      kernel.logger.warn(
        `in-app view not installed: ${JSON.stringify({ ...properties, in_app_message_id: message.id, in_app_message_key: message.key, in_app_message_display_type: layout.layout.displayType, decision_reason: reason })}`,
      ),
    setListener: () => {},
    displayedView: () => null,
    dispose: () => {},
  }
}
