import type { Presentation } from '../model'
import type { BaseView } from './base'
import type { DisplayHost } from './host'
import { useTools } from '../tools'
import { HtmlView } from './html-view'
import { ScriptView } from './script-view'

/**
 * Shows a presentation (the lazily loaded half of the display): MODAL, BANNER and BOTTOM_SHEET through the renderer,
 * HTML in an iframe, NONE not at all. The view becomes the displayed one at once, so no second message starts while
 * it opens.
 */
export function openView(host: DisplayHost, presentation: Presentation): void {
  useTools(host.tools)
  const view = createView(host, presentation)
  if (!view) return
  host.setCurrent(view)
  void view.open()
}

function createView(host: DisplayHost, presentation: Presentation): BaseView | undefined {
  const { displayType } = presentation.layout.layout
  if (displayType === 'MODAL' || displayType === 'BANNER' || displayType === 'BOTTOM_SHEET') return new ScriptView(host, presentation)
  if (displayType === 'NONE') return undefined
  if (displayType === 'HTML' && presentation.layout.html) return new HtmlView(host, presentation)
  host.kernel.logger.error(`Failed to open inAppMessageView: Error: Unsupported InAppMessage display type: ${String(displayType)}`)
  return undefined
}
