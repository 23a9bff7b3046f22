/**
 * The renderer as a script tag of its own: loading it installs `window.HackleInAppMessageRenderer`, and lends the
 * React it carries to hackle-kit's other React script (the DevTool panel) as `window.HackleKitReact` (unless one is
 * there), so a page loads React once.
 */
import * as react from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import * as reactDom from 'react-dom'
import * as reactDomClient from 'react-dom/client'
import { installRenderer } from './index'

installRenderer(window)
const win = window as Window & { HackleKitReact?: unknown }
win.HackleKitReact ??= { react, jsxRuntime, reactDom, reactDomClient }
