import { properties } from './plugins/properties'
import { campaign } from './plugins/campaign'
import { manualOverrides } from './plugins/manual-overrides'
import { events } from './plugins/events'
import { sync } from './plugins/sync'
import { identity } from './plugins/identity'
import { sessions, type HackleSessionPolicy } from './plugins/sessions'
import { pages } from './plugins/pages'
import { startup } from './plugins/startup'
import { gtag } from './plugins/gtag'
import { trace } from './plugins/trace'
import { splitUrl, type SplitUrlOptions } from './plugins/split-url'
import { inAppMessages, type InAppMessagesOptions } from './plugins/in-app-messages'
import { devtool, type DevToolOptions } from './plugins/devtool'
import { webViewBridge } from './plugins/web-view-bridge'

/** The reference's flat `createInstance` options that configure built-in plugins. */
export interface PresetOptions {
  /** sync: poll the config, cohorts and user targets this often (at least 60000 ms; default: no polling). */
  pollingIntervalMillis?: number
  /** sessions: `{ timeoutMillis, persistCondition }`. */
  sessionPolicy?: HackleSessionPolicy
  /** @deprecated sessions: use `sessionPolicy.timeoutMillis`. */
  sessionTimeoutMillis?: number
  /** events: start opted out of tracking. */
  optOutTracking?: boolean
  /** pages: `$page_view` whenever a page starts (default true). */
  automaticPageTracking?: boolean
  /** @deprecated pages: use `automaticPageTracking` (either one `true` turns page views on). */
  auto_track_page_view?: boolean
  /** pages: `pageshow` and history changes (`pushState`, `replaceState`, `popstate`) start pages (default true). */
  automaticRouteTracking?: boolean
  /** trace: capture uncaught errors as `$trace` (default true). */
  errorCapture?: boolean
  /** split-url: `decideAtStart`, `antiFlicker`, `navigationTimeoutMillis`. */
  splitUrl?: SplitUrlOptions
  /** in-app-messages: renderer script URL (`inAppRendererUrl`). */
  inAppRendererUrl?: string
  /** in-app-messages: URL of the script-tag build's in-app view script, for an SDK run from an inline script. */
  inAppViewUrl?: string
  /** in-app-messages: base URL of the hosted renderer (the reference's option). */
  cdnUrl?: string
  /** devtool: the reference's DevTool manager; without one, `showUserExplorer()` opens hackle-kit's panel. */
  devTool?: {
    /** Opens the DevTool on the client's user explorer. */
    userExplorer(explorer: unknown): void
    /** Closes it (`hideUserExplorer()`). */
    close?(): void
  }
  /** devtool: open the DevTool (or the panel) once start-up has completed. */
  autoOpenDevTool?: boolean
  /**
   * devtool: hackle-kit's panel. `false`: the reference's behaviour without a `devTool` (a logged message);
   * `{ openParameter }`: open it after start-up when the page URL has this query parameter; `panelUrl`: the script-tag
   * build's DevTool script (default: beside the SDK's script).
   */
  devToolPanel?: boolean | Pick<DevToolOptions, 'openParameter' | 'panelUrl'>
}

/** The reference's rule: on unless a boolean is given; when one is, either one `true` turns it on. */
const pageTracking = (options: PresetOptions): boolean =>
  typeof options.automaticPageTracking !== 'boolean' && typeof options.auto_track_page_view !== 'boolean'
    ? true
    : !!options.automaticPageTracking || !!options.auto_track_page_view

/** The in-app plugin's options from the flat ones (only those given). */
function inAppOptions({ inAppRendererUrl, inAppViewUrl, cdnUrl }: PresetOptions): InAppMessagesOptions {
  const options: InAppMessagesOptions = {}
  if (inAppRendererUrl !== undefined) options.inAppRendererUrl = inAppRendererUrl
  if (inAppViewUrl !== undefined) options.inAppViewUrl = inAppViewUrl
  if (cdnUrl !== undefined) options.cdnUrl = cdnUrl
  return options
}

/** The devtool plugin's options from the flat ones. */
function devToolOptions({ devTool, autoOpenDevTool, devToolPanel, inAppRendererUrl }: PresetOptions): DevToolOptions {
  const panel = devToolPanel !== null && typeof devToolPanel === 'object' ? devToolPanel : {}
  return { devTool: devTool as DevToolOptions['devTool'], autoOpenDevTool, panel: devToolPanel !== false, openParameter: panel.openParameter, panelUrl: panel.panelUrl, rendererUrl: inAppRendererUrl }
}

/**
 * Every built-in plugin, in the order they should apply, configured from the reference's flat option names (the one
 * place that maps them). The only module that imports all plugins.
 */
export function preset(options: PresetOptions = {}) {
  const { pollingIntervalMillis, sessionPolicy, sessionTimeoutMillis, optOutTracking, automaticRouteTracking, errorCapture } = options
  return [
    properties(),
    campaign(),
    manualOverrides(),
    sync({ pollingIntervalMillis }),
    identity(),
    // Before sessions and events: its page-hide `$engagement` goes out with their flush.
    pages({ automaticPageTracking: pageTracking(options), automaticRouteTracking: automaticRouteTracking !== false }),
    sessions({ sessionPolicy, sessionTimeoutMillis }),
    events({ optOutTracking }),
    gtag(),
    trace({ enabled: errorCapture !== false }),
    splitUrl(options.splitUrl),
    inAppMessages(inAppOptions(options)),
    devtool(devToolOptions(options)),
    startup(),
    // Last: inside a Hackle app's web view (native mode) it answers every call and adds the methods the others lack.
    webViewBridge(),
  ] as const
}

/** The preset's plugins, as `createInstance` passes them to a `plugins` function. */
export type PresetPlugins = ReturnType<typeof preset>
