import { createKernel, definePlugin, Stage, type Kernel, type PageSnapshot, type PluginDefinition } from '../../kernel'
import { describeError, readString, snapshotPage } from '../../internal'
import { loadUserAgentInfo } from '../properties'
import type { HacklePage } from '../pages'
import { appModeOf, hackleAppOf, NATIVE, WEB_VIEW_WRAPPER, webViewConfigOf, type AppWindow, type WebViewConfig } from './host-app'
import { createInvoker, type Invoke } from './invoker'
import { createAppClient } from './app-client'
import { appStorage } from './app-storage'
import { installInAppMessageBridge, type InAppMessageBridgeOptions } from './in-app-message-bridge'

export { APP_DECIDED, createAppClient, type AppClient } from './app-client'
export { hackleAppOf, webViewConfigOf, type HackleApp, type WebViewConfig } from './host-app'
export { createInvoker, invocationRequest, responseData, type Invoke } from './invoker'
export { installInAppMessageBridge, type InAppMessageBridge, type InAppMessageBridgeOptions } from './in-app-message-bridge'

const NAME = 'web-view-bridge'
const PAGE_VIEW = '$page_view'
const ENGAGEMENT = '$engagement'
const PAGE_NAME = '$page_name'
/** After these calls, wrapper mode sends the browser's current user to the app. */
const USER_CALLS = new Set([
  'setUser',
  'setUserId',
  'setDeviceId',
  'setUserProperty',
  'setUserProperties',
  'updateUserProperties',
  'resetUser',
  'setPhoneNumber',
  'unsetPhoneNumber',
])

/** `webViewBridge(options)`: a page in a Hackle app's web view speaks through the app. */
export interface WebViewBridgeOptions {
  /** The window whose `_hackleApp` is the host app (default: the global one). */
  window?: Window
}

/** The calls native mode answers without the app: the reference's app client does these locally. */
function localCalls(kernel: Kernel, startPage: (page: HacklePage) => void) {
  const { logger } = kernel
  const calls: Record<string, (...args: any[]) => unknown> = {
    onReady(block: () => void) {
      try {
        block()
      } catch (error) {
        logger.error(`Unexpected exception in onReady callback: ${describeError(error)}`)
      }
    },
    onInitialized: () => Promise.resolve({ success: true }),
    fetch: () => Promise.resolve(),
    setCurrentPage: startPage,
  }
  // logged only (`trackPageView` as a warning)
  for (const method of ['trackPageView', 'close', 'getExperiment', 'setInAppMessageListener']) {
    calls[method] = () => void logger[method === 'trackPageView' ? 'warn' : 'info'](`Web to app integration feature is not support '${method}' method`)
  }
  return calls
}

/**
 * Native mode: the app answers every call. The client makes no request and keeps no state of its own: every public
 * call is answered here (`hooks.answerCall`) by a command to the app; methods the installed plugins lack are added. The
 * workspace source answers "none" without a request, every request and beacon is answered without the network, and
 * every event of the stream is dropped. Pages (from `setCurrentPage`, and from route changes when a page tracker such
 * as the pages plugin runs and the web view config keeps `automaticRouteTracking`) send `$page_view` to the app with
 * `automaticScreenTracking`; the page tracker's engagements go to the app as `$engagement` with
 * `automaticEngagementTracking`. Both without a user: the app's user is used. Nothing is stored in the page: the
 * plugin's `storage()` gave the kernel and every plugin memory (`appStorage`).
 */
function applyNative(kernel: Kernel, win: Window, config: WebViewConfig, invoke: Invoke) {
  const { hooks, logger } = kernel
  // The browser part of each command names the browser: read it now, the full parser loaded for an uncommon one.
  kernel.waitFor(loadUserAgentInfo(readString(() => win.navigator.userAgent), undefined, logger.warn))
  const send = (event: { key: string; properties: object }, page: PageSnapshot | undefined) => {
    try {
      invoke('track', { event, user: undefined }, page)
    } catch (error) {
      logger.error(`Unexpected exception while tracking event: ${describeError(error)}`)
    }
  }

  let settingPage = false
  const startPage = (page: HacklePage) => {
    settingPage = true
    try {
      kernel.pages.set(snapshotPage(page?.pageName, page?.properties, win))
    } finally {
      settingPage = false
    }
  }
  hooks.pageChanged.tap(NAME, (page) => {
    if (config.automaticScreenTracking && (settingPage || config.automaticRouteTracking))
      send({ key: PAGE_VIEW, properties: { ...page.properties, [PAGE_NAME]: page.pageName } }, page)
  })
  const first = { name: NAME, stage: Stage.FIRST }
  const early = { name: NAME, stage: Stage.EARLY }
  hooks.filterEvent.tap(first, (event) => {
    if (config.automaticEngagementTracking && event.type === 'track' && event.key === ENGAGEMENT)
      send({ key: ENGAGEMENT, properties: event.properties }, kernel.pages.current())
    return false
  })
  // The kernel builds events only when something may take them; this tap (never reached: every event is dropped
  // above) makes the page tracker's engagements reach the filter.
  hooks.deliverEvent.tap(first, () => false)
  hooks.loadWorkspace.tap(early, () => Promise.resolve(undefined))
  hooks.sendRequest.tap(early, () => Promise.resolve({ status: 0, body: '', header: () => null }))
  hooks.sendBeacon.tap(early, () => true)

  const methods: Record<string, (...args: any[]) => unknown> = {
    ...createAppClient({
      invoke,
      logger,
      hackleDeviceId: kernel.users.hackleDeviceId,
      decided: (info) => hooks.decided.call(info),
    }),
    ...localCalls(kernel, startPage),
  }
  const client = kernel.client as unknown as Record<string, unknown>
  kernel.extend(Object.fromEntries(Object.entries(methods).filter(([name]) => !(name in client))))
  hooks.answerCall.tap(NAME, (method, args) =>
    Object.prototype.hasOwnProperty.call(methods, method) ? { value: methods[method](...args) } : undefined,
  )
}

/**
 * Wrapper mode: the browser client answers every call, and the app is kept in step with its user: the current user
 * goes to the app with `setUser` once all plugins have applied and after each call that may change the user.
 */
function applyWrapper(kernel: Kernel, invoke: Invoke) {
  const app = createAppClient({ invoke, logger: kernel.logger, hackleDeviceId: kernel.users.hackleDeviceId, decided: () => undefined })
  const syncUser = () => app.setUser(kernel.client.getUser())
  kernel.hooks.applied.tap(NAME, () => void syncUser())
  kernel.hooks.answerCall.tap(NAME, (method, args, run) => {
    if (USER_CALLS.has(method)) return { value: Promise.resolve(run(...args)).then(syncUser) }
  })
}

/**
 * The web-view bridge: inside a Hackle app's web view (`window._hackleApp` whose `getAppSdkKey()` is this client's
 * key), the client works with the app. Mode `native` (default): the app answers every call (see `applyNative`).
 * Mode `web_view_wrapper`: the normal browser client, with the app kept in step with its user. Another mode, or an
 * invocation type other than `prompt` / `function`, is logged
 * `Unexpected exception while check WebApp client: Error: Unsupported HackleAppMode: <mode>` (or
 * `…Failed to get invocator with invocationType:<type>`) and the client stays a normal browser client; so does a
 * page without an app or with another app key. Requests go to the app by `window.prompt(request)` or
 * `_hackleApp.invoke(request)`. In native mode the client writes no cookie and no `localStorage` or IndexedDB entry
 * (the kernel's storage seam, `storage()`); the page's cookies are only read.
 */
export const webViewBridge = definePlugin((options: WebViewBridgeOptions = {}): PluginDefinition => {
  const win = (options.window ?? (typeof window === 'undefined' ? undefined : window)) as AppWindow | undefined
  /** The app of this client's key and how to reach it; undefined outside one; throws for an unsupported one. */
  const detect = (sdkKey: string) => {
    const app = hackleAppOf(win)
    if (!app || !win || app.getAppSdkKey() !== sdkKey) return undefined
    const invoke = createInvoker(app, win)
    const mode = appModeOf(app)
    if (mode !== NATIVE && mode !== WEB_VIEW_WRAPPER) throw new Error(`Unsupported HackleAppMode: ${mode}`)
    return { app, invoke, mode }
  }
  return {
    name: NAME,
    // Native mode stores nothing in the page: the app keeps the state (an unsupported app is reported by `apply`).
    storage(sdkKey) {
      try {
        if (detect(sdkKey)?.mode === NATIVE) return appStorage()
      } catch {
        // the page's storage, as for the normal browser client `apply` leaves
      }
    },
    apply(kernel) {
      let found: ReturnType<typeof detect>
      try {
        found = detect(kernel.sdkKey)
      } catch (error) {
        kernel.logger.error(`Unexpected exception while check WebApp client: ${describeError(error)}`)
        return
      }
      if (!found) return
      // read in both modes, as the reference does (an unreadable config is warned about in either)
      const config = webViewConfigOf(found.app, kernel.logger)
      if (found.mode === NATIVE) applyNative(kernel, win!, config, found.invoke)
      else applyWrapper(kernel, found.invoke)
    },
  }
})

/**
 * For an HTML in-app message the app draws in its own web view: installs `window.Hackle.bridge` (the calls the
 * message's script makes), with `PropertyOperationsBuilder`, `HackleSubscriptionOperationsBuilder` and
 * `HackleSubscriptionStatus`, and dispatches `hackleBridgeReady`. The bridge's client calls go to a client created
 * for the app's SDK key, by default the kernel with this plugin (so, in the app's web view, a native-mode client).
 */
export function setAppWebViewInAppMessageBridge(options: Partial<InAppMessageBridgeOptions> = {}): void {
  // The options are read where installing is guarded: unreadable ones (a throwing getter) are logged, never thrown.
  installInAppMessageBridge({
    createClient: (sdkKey) => (options.createClient ?? ((key: string) => createKernel(key, { plugins: [webViewBridge()] })))(sdkKey),
    get window() {
      return options.window
    },
  })
}
