/**
 * The panel as a script of its own (script-tag build): loading it installs `window.HackleKitDevtoolPanel`. It is built
 * without React: its `react` imports read `window.HackleKitReact`, which the in-app renderer's script provides (the
 * SDK loads that script first when the page does not have it yet).
 */
import { mountPanel } from './index'

;(window as Window & { HackleKitDevtoolPanel?: unknown }).HackleKitDevtoolPanel = { mountPanel }
