import { createEngine } from '../engine'
import { openView } from './index'
import { VIEW_GLOBAL, type ViewModule } from './host'
import type { EngineModule } from '../engine'

/**
 * The in-app code of the script-tag build as its own script (`hackle-kit-iam-view.global.js`, loaded once a workspace
 * has in-app messages, so the SDK file stays small): it hands the decision engine and the view to the SDK through one
 * global.
 */
const win = window as unknown as Record<string, (ViewModule & EngineModule) | undefined>
win[VIEW_GLOBAL] = win[VIEW_GLOBAL] || { openView, createEngine }
