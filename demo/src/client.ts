import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { createInstance } from 'hackle-kit/react'

/** Any key: the demo server answers every SDK key with demo/workspace.json. */
export const SDK_KEY = 'demo-sdk-key-0123456789'

const origin = window.location.origin

/**
 * The shop's client: the full preset (page views, sessions, split URL, in-app messages, error capture, the DevTool, …)
 * with every URL pointed at the demo server. Given the shop's own react-dom, in-app messages and the DevTool panel
 * draw with the shop's React (React-free chunks) instead of loading a second copy.
 */
export const hackle = createInstance(SDK_KEY, {
  sdkUrl: origin,
  eventUrl: origin,
  monitoringUrl: origin,
  cdnUrl: origin,
  reactDom: ReactDOM,
  reactDomClient: ReactDOMClient,
})

// handy in the browser console
;(window as unknown as { hackleClient: typeof hackle }).hackleClient = hackle
