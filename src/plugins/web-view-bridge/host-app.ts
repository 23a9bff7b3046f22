import type { Logger } from '../../kernel'
import { describeError } from '../../internal'

/** What a Hackle app puts in its web views as `window._hackleApp`. */
export interface HackleApp {
  /** The app's SDK key (the web view's client uses it). */
  getAppSdkKey(): string
  /** `prompt` (requests go through `window.prompt`) or `function` (through `invoke`). */
  getInvocationType(): string
  /** `native` (default) or `web_view_wrapper`, any case. */
  getAppMode?(): string | null | undefined
  /** Sends a JSON request to the app (invocation type `function`) and returns its JSON answer. */
  invoke?(request: string): string | null | undefined
  /** JSON of the web view's page options (`WebViewConfig`). */
  getWebViewConfig?(): string
  /** The id of the in-app message view that shows this page (an HTML in-app message the app draws). */
  getInAppMessageViewId?(): string | null | undefined
  /** JSON of the event that triggered that in-app message. */
  getInAppMessageTriggerEvent?(): string | null | undefined
}

/** A window that may be a Hackle app's web view. */
export type AppWindow = Window & {
  /** The host app's bridge, when the page is in a Hackle app's web view. */
  _hackleApp?: unknown
}

export const NATIVE = 'native'
export const WEB_VIEW_WRAPPER = 'web_view_wrapper'

/** The page options a Hackle app gives its web view in native mode. */
export interface WebViewConfig {
  /** Pages start on route changes (default true); otherwise only `setCurrentPage` starts one. */
  automaticRouteTracking: boolean
  /** A page start sends `$page_view` to the app (default false). */
  automaticScreenTracking: boolean
  /** Engagement is sent to the app as `$engagement` (default false). */
  automaticEngagementTracking: boolean
}

const DEFAULT_CONFIG: WebViewConfig = { automaticRouteTracking: true, automaticScreenTracking: false, automaticEngagementTracking: false }

const isFunction = (value: unknown): boolean => typeof value === 'function'

/** The host app of `win`: an object with `getAppSdkKey()` and `getInvocationType()`; otherwise undefined. */
export function hackleAppOf(win: AppWindow | undefined): HackleApp | undefined {
  try {
    const app = win?._hackleApp as Partial<HackleApp> | null | undefined
    if (typeof app !== 'object' || app === null) return undefined
    return isFunction(app.getAppSdkKey) && isFunction(app.getInvocationType) ? (app as HackleApp) : undefined
  } catch {
    return undefined
  }
}

/** The app mode, lower-cased; `native` when the app does not say. */
export const appModeOf = (app: HackleApp): string => app.getAppMode?.()?.toLowerCase() ?? NATIVE

/**
 * The web view config from `getWebViewConfig()`: each option a boolean, else its default. A missing function gives the
 * defaults; a config that cannot be read or parsed gives them with a warning.
 */
export function webViewConfigOf(app: HackleApp, logger: Logger): WebViewConfig {
  try {
    if (app.getWebViewConfig === undefined || app.getWebViewConfig === null) return DEFAULT_CONFIG
    const parsed = JSON.parse(app.getWebViewConfig()) as Record<string, unknown>
    const config = { ...DEFAULT_CONFIG }
    for (const key of Object.keys(DEFAULT_CONFIG) as Array<keyof WebViewConfig>) {
      if (typeof parsed[key] === 'boolean') config[key] = parsed[key] as boolean
    }
    return config
  } catch (error) {
    logger.warn(`Failed to resolve web view config: ${describeError(error)}`)
    return DEFAULT_CONFIG
  }
}
