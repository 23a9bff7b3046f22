/**
 * The DevTool's lazy part as a script of its own (script-tag build): the user explorer, the panel's data side and its
 * view, installed as `window.HackleKitDevtoolPanel` on load. The SDK's script loads it when the DevTool opens and hands
 * it its toolbox (so this script carries no copy of the client). It is built without React: its `react` imports read
 * `window.HackleKitReact`, which the in-app renderer's script provides (the SDK loads that script first when the page
 * does not have it yet).
 */
import { createExplorer, openPanel, useTools } from './session'
import { mountPanel } from './panel/index'

;(window as Window & { HackleKitDevtoolPanel?: unknown }).HackleKitDevtoolPanel = { createExplorer, openPanel, useTools, mountPanel }
