/** The renderer as a script tag of its own: loading it installs `window.HackleInAppMessageRenderer`. */
import { installRenderer } from './index'

installRenderer(window)
