import { Decision, FeatureFlagDecision } from '../../kernel'
import { describeError } from '../../internal'
import { HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus, PropertyOperationsBuilder } from '../identity'
import { hackleAppOf, type AppWindow } from './host-app'
import { createInvoker, type Invoke } from './invoker'

const ONE_DAY_MILLIS = 24 * 60 * 60 * 1000
const BRIDGE_READY = 'hackleBridgeReady'

/** A link an HTML in-app message opens: a URL (current window, then close) or the full form. */
type Link = string | { url?: string; target?: 'CURRENT' | 'NEW_TAB' | 'NEW_WINDOW'; shouldCloseAfterLink?: boolean }

/** The event that triggered the in-app message, as the app gives it. */
export interface TriggerEvent {
  key: string
  value?: unknown
  properties?: Record<string, unknown>
}

/** The object an HTML in-app message's script calls (`window.Hackle.bridge`). */
export type InAppMessageBridge = Record<string, (...args: any[]) => unknown>

/** How the bridge of an HTML in-app message drawn by the app is set up (`setAppWebViewInAppMessageBridge`). */
export interface InAppMessageBridgeOptions {
  /** The client calls of the bridge go to this client, created for the app's SDK key. */
  createClient(sdkKey: string): object
  /** The window of the message (default: the global one). */
  window?: Window
}

/** The internal action type of a link, as the app expects it in a view event. */
function linkActionType(link: Exclude<Link, string> | undefined): string {
  if (!link) return 'WEB_LINK'
  const close = !!link.shouldCloseAfterLink
  if (link.target === 'NEW_WINDOW') return close ? 'LINK_NEW_WINDOW_AND_CLOSE' : 'LINK_NEW_WINDOW'
  if (link.target === 'NEW_TAB') return close ? 'LINK_NEW_TAB_AND_CLOSE' : 'LINK_NEW_TAB'
  return close ? 'LINK_AND_CLOSE' : 'WEB_LINK'
}

/** The view event of a click: a link (a string is "current window, then close"; none is a plain web link). */
function actionEvent(url: Link | undefined, elementId?: string) {
  const link = url ? (typeof url === 'string' ? { url, target: 'CURRENT' as const, shouldCloseAfterLink: true } : url) : undefined
  return {
    type: 'ACTION',
    action: { behavior: 'CLICK', type: linkActionType(link), value: link?.url ?? null },
    element: { elementId },
  }
}

/** The view event of "hide this message for a while". */
const hiddenEvent = (hideDurationMillis: number) => ({
  type: 'ACTION',
  action: { behavior: 'CLICK', type: 'HIDDEN', value: String(hideDurationMillis) },
  element: {},
})

/** The trigger event from its JSON: an object with a string `key`, else undefined (logged). */
function parseTriggerEvent(json: string | null | undefined, logError: (message: string) => void): TriggerEvent | undefined {
  if (!json) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (error) {
    logError(`Failed to parse trigger event: ${describeError(error)}`)
    return undefined
  }
  const event = parsed as TriggerEvent | null
  if (event === null || typeof event !== 'object' || Array.isArray(event) || typeof event.key !== 'string') {
    logError(`Invalid trigger event shape: ${json}`)
    return undefined
  }
  return { key: event.key, value: event.value, properties: event.properties }
}

/** The client methods the bridge hands to the client (same names, same arguments). */
const DELEGATED = [
  'getSessionId',
  'getUser',
  'setUser',
  'setUserId',
  'setDeviceId',
  'setUserProperty',
  'setUserProperties',
  'updateUserProperties',
  'updatePushSubscriptions',
  'updateSmsSubscriptions',
  'updateKakaoSubscriptions',
  'resetUser',
  'setPhoneNumber',
  'unsetPhoneNumber',
  'variation',
  'variationDetail',
  'isFeatureOn',
  'featureFlagDetail',
  'track',
  'trackPageView',
  'setCurrentPage',
  'remoteConfig',
  'showUserExplorer',
  'hideUserExplorer',
  'fetch',
  'setInAppMessageListener',
  'getDisplayedInAppMessageView',
  'getExperiment',
  'onReady',
  'onInitialized',
  'close',
  'isOptOutTracking',
  'setOptOutTracking',
]

const console_ = (level: 'error' | 'debug', message: string) => {
  try {
    console[level](`[${level.toUpperCase()}] Hackle: ${message}`)
  } catch {
    // a console that throws must not break the message
  }
}

/** The bridge of a message view the app shows: view commands go to the app, client calls to `client`. */
function appBridge(viewId: string, client: Record<string, unknown>, invoke: Invoke, triggerEvent: TriggerEvent | undefined): InAppMessageBridge {
  /** Sends a view command; the view id is the app's (or the current view's); failures are logged. */
  const forView = (failure: string, command: string, parameters: (viewId: string) => Record<string, unknown>) => {
    try {
      const id = viewId || (invoke('getCurrentInAppMessageView') as { id?: string } | null)?.id
      if (!id) return console_('error', `Failed to ${failure} because current in-app message view is not found`)
      invoke(command, parameters(id))
    } catch (error) {
      console_('error', `Unexpected exception while ${failure}: ${describeError(error)}`)
    }
  }
  const handle = (failure: string, handleTypes: string[], event: object) =>
    forView(failure, 'handleInAppMessageView', (id) => ({ viewId: id, handleTypes, event }))
  const hide = (millis: number) => handle('hide in-app message', ['TRACK', 'ACTION'], hiddenEvent(millis))
  const bridge: InAppMessageBridge = {
    openUrl: (url: Link) => handle('open url', ['ACTION'], actionEvent(url)),
    trackClick: (elementId?: string) => handle('track click', ['TRACK'], actionEvent(undefined, elementId)),
    handleUrl: (url: Link, elementId?: string) => handle('handle url', ['TRACK', 'ACTION'], actionEvent(url, elementId)),
    /** `true`: hide for a day; a number: hide for that many minutes; otherwise close. */
    closeInAppMessage(hideDuration?: unknown) {
      if (hideDuration === true) return hide(ONE_DAY_MILLIS)
      if (typeof hideDuration === 'number') return hide(hideDuration * 60_000)
      forView('close in-app message', 'closeInAppMessageView', (id) => ({ viewId: id }))
    },
    getTriggerEvent: () => triggerEvent,
    getTriggerEventProperty: (key: string, defaultValue?: unknown) => triggerEvent?.properties?.[key] ?? defaultValue,
  }
  for (const name of DELEGATED) bridge[name] = (...args: unknown[]) => (client[name] as (...a: unknown[]) => unknown)?.(...args)
  return bridge
}

/** The bridge outside an app's message view: every call answers a safe default. */
function noopBridge(): InAppMessageBridge {
  const resolved = () => Promise.resolve()
  const bridge: InAppMessageBridge = {}
  for (const name of DELEGATED) bridge[name] = resolved
  const nothing = () => undefined
  return Object.assign(bridge, {
    openUrl: nothing,
    trackClick: nothing,
    handleUrl: nothing,
    closeInAppMessage: nothing,
    close: nothing,
    track: nothing,
    trackPageView: nothing,
    setCurrentPage: nothing,
    showUserExplorer: nothing,
    hideUserExplorer: nothing,
    setInAppMessageListener: nothing,
    onReady: nothing,
    setOptOutTracking: nothing,
    getExperiment: nothing,
    getTriggerEvent: nothing,
    getSessionId: () => '',
    getUser: () => ({}),
    isOptOutTracking: () => false,
    getDisplayedInAppMessageView: () => null,
    onInitialized: () => Promise.resolve({ success: true }),
    variation: (_key: unknown, _user: unknown, defaultVariation?: string) => defaultVariation ?? 'A',
    variationDetail: (_key: unknown, _user: unknown, defaultVariation?: string) => new Decision(defaultVariation ?? 'A', 'UNSUPPORTED_PLATFORM'),
    isFeatureOn: () => false,
    featureFlagDetail: () => new FeatureFlagDecision(false, 'UNSUPPORTED_PLATFORM'),
    remoteConfig: () => ({ get: (_key: unknown, defaultValue: unknown) => defaultValue, getDetail: (_key: unknown, value: unknown) => ({ value, reason: 'UNSUPPORTED_PLATFORM' }) }),
    getTriggerEventProperty: (_key: unknown, defaultValue?: unknown) => defaultValue,
  })
}

/**
 * Installs the bridge of an HTML in-app message the app draws: `window.Hackle = { bridge, PropertyOperationsBuilder,
 * HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus }` (added to an existing `window.Hackle`), then
 * dispatches `hackleBridgeReady` on the window. Skipped (debug log) when a bridge is installed already. Outside an app
 * environment, or without the app's `getInAppMessageViewId()`, a bridge that does nothing is installed and the
 * reason logged `Failed to install AppWebViewInAppMessageBridge: <error>`. Never throws.
 */
export function installInAppMessageBridge(options: InAppMessageBridgeOptions): void {
  try {
    const win = (options.window ?? window) as AppWindow & { Hackle?: Record<string, unknown> }
    if (win.Hackle && typeof win.Hackle.bridge !== 'undefined') return console_('debug', 'AppWebViewInAppMessageBridge is already installed')
    let bridge: InAppMessageBridge
    try {
      const app = hackleAppOf(win)
      if (!app) throw new Error('AppWebViewInAppMessageBridge is only supported in WebApp integrated environment')
      const invoke = createInvoker(app, win)
      const client = options.createClient(app.getAppSdkKey()) as Record<string, unknown>
      const viewId = app.getInAppMessageViewId?.()
      if (!viewId) throw new Error('ViewId is not found')
      const triggerEvent = parseTriggerEvent(app.getInAppMessageTriggerEvent?.(), (message) => console_('error', message))
      bridge = appBridge(viewId, client, invoke, triggerEvent)
    } catch (error) {
      console_('error', `Failed to install AppWebViewInAppMessageBridge: ${describeError(error)}`)
      bridge = noopBridge()
    }
    win.Hackle = Object.assign(win.Hackle || {}, { bridge, PropertyOperationsBuilder, HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus })
    // the event of the message's own window (it may be another realm than this script's)
    const Ready = (win as unknown as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? CustomEvent
    win.dispatchEvent(new Ready(BRIDGE_READY))
  } catch (error) {
    console_('error', `Failed to install AppWebViewInAppMessageBridge: ${describeError(error)}`)
  }
}
