import { openView } from './index'
import { VIEW_GLOBAL, type ViewModule } from './host'

/**
 * The view code as its own script for the script-tag build (`hackle-kit-iam-view.global.js`, loaded by the first
 * message so the SDK file stays small): it hands `openView` to the SDK through one global.
 */
const win = window as unknown as Record<string, ViewModule | undefined>
win[VIEW_GLOBAL] = win[VIEW_GLOBAL] || { openView }
