import { createInstance } from 'hackle-kit/react'
import { devtool } from 'hackle-kit/plugins/devtool'

/** Any key: the demo server answers every SDK key with demo/workspace.json. */
export const SDK_KEY = 'demo-sdk-key-0123456789'

const origin = window.location.origin

/**
 * The shop's client: the full preset (page views, sessions, split URL, in-app messages, error capture, …) plus the
 * DevTool, with every URL pointed at the demo server.
 */
export const hackle = createInstance(SDK_KEY, {
  sdkUrl: origin,
  eventUrl: origin,
  monitoringUrl: origin,
  cdnUrl: origin,
  plugins: [devtool()],
})

// handy in the browser console
;(window as unknown as { hackleClient: typeof hackle }).hackleClient = hackle
