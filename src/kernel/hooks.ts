import { SyncBailHook, SyncHook, SyncWaterfallHook } from './tapable'
import type { Workspace } from './evaluation'
import type { SdkEvent } from './events/model'
import type { EvaluationUser } from './types'
import type { HackleUser } from './identity/user'
import type { LogLevel } from './logger'
import type { DecisionInfo, ExperimentInfo, PageSnapshot, HttpRequest, HttpResponse, Navigation, PageReact, RemoteConfigInfo } from './contract'

/** A tap threw or rejected; the kernel isolated it so the host page never sees it. */
export interface PluginError {
  /** The name of the plugin whose tap failed. */
  plugin: string
  /** The hook it was tapping. */
  hook: string
  /** What it threw or rejected with. */
  error: unknown
}

/** Why buffered work should be written out now. All but `manual` mean the page may be going away. */
export type FlushReason = 'pagehide' | 'close' | 'redirect' | 'manual'

/** A value a remote-config override may answer with. */
export type RemoteConfigValue = string | number | boolean

/**
 * Creates the kernel's hooks: the whole extension API. Naming: an imperative verb (`resolveUser`, `filterEvent`)
 * may change or decide something; a past participle (`eventAccepted`) is a notification whose taps only observe.
 *
 * Every event the kernel creates (a decision's exposures, remote-config events, tracks) goes through the stream in
 * this order, with or without the events plugin:
 *
 * 1. `filterEvent`: a tap returning `false` drops the event here (consent, sampling, internal traffic, bots);
 * 2. `eventCreated`: every event that passed the filter (the sessions plugin starts or extends sessions here);
 * 3. duplicate suppression of exposure and remote-config events (`exposureEventDedupIntervalMillis`);
 * 4. `enrichEvent`: a waterfall that may return a changed copy (the sessions plugin adds `$sessionId`);
 * 5. `deliverEvent`: the events plugin queues the event and answers `true`; `false` or no tap: not sent;
 * 6. `eventAccepted(event, delivered)`: every event that passed suppression, with whether it will be sent.
 *
 * One seam is not a hook, because it is settled before any plugin applies (a hook is tapped in `apply`): the storage
 * seam. Where the client keeps data (`kernel.storage`: cookies, the `localStorage` area, IndexedDB) is given by the
 * first plugin whose `PluginDefinition.storage(sdkKey)` returns a `Storage`, else the page's own; the kernel's
 * device-id and user cookies and every built-in plugin's data go through it (a web-view bridge in native mode gives
 * memory, so the page's storage is never written).
 */
export function createHooks() {
  return Object.freeze({
    /**
     * Fill the user that a decision or event is made for: hackle properties, campaign properties, cohorts.
     * The object is freshly built for this call and the tap may mutate it; return a replacement or nothing.
     */
    resolveUser: new SyncWaterfallHook<[user: EvaluationUser]>(),
    /** Force a variation id for an experiment or flag (DevTool overrides). The first tap returning a number wins. */
    overrideVariation: new SyncBailHook<[experiment: ExperimentInfo], number | void>(),
    /**
     * Force a remote-config value (DevTool overrides). The first tap returning a value wins; the answer's reason is
     * `OVERRIDDEN` and no event is made. A value whose type differs from the page's default is not used.
     */
    overrideRemoteConfig: new SyncBailHook<[parameter: RemoteConfigInfo], RemoteConfigValue | void>(),
    /**
     * Answer a public client call in place of the method's own code (a web-view bridge whose host app answers every
     * call). Called with the method's name, its arguments and `run`, the method's own code, for each call of a method
     * the client had when the plugins had applied (the kernel's and those plugins added then); the first tap returning
     * `{ value }` answers the call with `value`. A tap may call `run` itself to work around it. With no tap at the end
     * of start-up, methods are left as they are (no cost per call).
     */
    answerCall: new SyncBailHook<[method: string, args: unknown[], run: (...args: unknown[]) => unknown], { value: unknown } | void>(),
    /** Every decision of the public API, also those that make no event (not ready, not found, invalid, overridden). */
    decided: new SyncHook<[decision: DecisionInfo]>(),

    /**
     * Load the workspace config now. The first tap that returns a promise handles the load; the promise resolves
     * with the config, or `undefined` when it is unchanged or could not be had. The sync plugin calls it (start,
     * polling, `client.fetch()`) and answers last, at `Stage.FALLBACK`, with its HTTP loader; a web-view bridge
     * answers before it from the host app.
     */
    loadWorkspace: new SyncBailHook<[], Promise<unknown> | void>(),
    /**
     * A workspace became active (`workspaceConfig` option, cache, fetch or poll), with the config it was parsed from
     * (plugins parse their own sections of it). A tap added while a workspace is active hears it once: after its
     * plugin's `apply` during start-up, at once later.
     */
    workspaceLoaded: new SyncHook<[workspace: Workspace, config: Readonly<Record<string, unknown>>]>(),

    /** The current user became a different user (userId or deviceId changed). */
    userChanged: new SyncHook<[previous: HackleUser, current: HackleUser, timestamp: number]>(),

    /** Step 1 of the event stream: a tap returning `false` drops the event. */
    filterEvent: new SyncBailHook<[event: SdkEvent], boolean | void>(),
    /** Step 2: an event passed the filter (before duplicate suppression). */
    eventCreated: new SyncHook<[event: SdkEvent]>(),
    /** Step 4: return a changed copy of the event (never mutate it) or nothing to keep it. */
    enrichEvent: new SyncWaterfallHook<[event: SdkEvent]>(),
    /** Step 5: take the event for sending; answer `true` when it will be sent, `false` when it will not (opt-out). */
    deliverEvent: new SyncBailHook<[event: SdkEvent], boolean | void>(),
    /** Step 6: an event passed duplicate suppression; `delivered` says whether it will be sent. */
    eventAccepted: new SyncHook<[event: SdkEvent, delivered: boolean]>(),
    /** Write out buffered work now: synchronously (beacon) when the page may be going away, else in the background. */
    flush: new SyncHook<[reason: FlushReason]>(),

    /**
     * Send an HTTP request (workspace config, cohorts, user targets, events, metrics). The first tap that returns a
     * promise handles it; with none, the built-in `fetch` / `XMLHttpRequest` transport sends it.
     */
    sendRequest: new SyncBailHook<[request: HttpRequest], Promise<HttpResponse> | void>(),
    /**
     * Hand events to the browser as the page goes away (`navigator.sendBeacon`): the first tap returning a boolean
     * answers whether they were accepted; with none, the built-in beacon sends the form.
     */
    sendBeacon: new SyncBailHook<[url: string, data: string], boolean | void>(),
    /**
     * A request sent through the transport seam settled, whoever answered it: its response, or `undefined` when it
     * failed (rejected); `millis` from the send to the settlement. For observers (metrics); it cannot change anything.
     */
    requestSettled: new SyncHook<[request: HttpRequest, response: HttpResponse | undefined, millis: number]>(),
    /** The client's logger printed a line at `level` (lines below the log threshold are not printed, so not heard). */
    logged: new SyncHook<[level: LogLevel]>(),

    /** The current page changed (`kernel.pages.set`): a route change or `setCurrentPage`. */
    pageChanged: new SyncHook<[page: PageSnapshot, previous: PageSnapshot | undefined]>(),
    /**
     * The page is about to navigate away on the SDK's behalf (a split-URL redirect). Taps flush what they buffer and
     * may delay the navigation with `navigation.waitFor(promise)`, up to the navigation's time limit.
     */
    prepareNavigation: new SyncHook<[navigation: Navigation]>(),
    /**
     * The page's own React, asked for when a plugin loads a view drawn with React (an in-app message, the DevTool
     * panel): the first tap returning one wins (`hackle-kit/react`'s `createInstance` answers with the app's React
     * when it was given `reactDom`); with none, the views load the variants that bundle React.
     */
    pageReact: new SyncBailHook<[], PageReact | void>(),

    /**
     * Every plugin has applied: the end of `createKernel`, before the page can call the client. Start-up work that
     * needs the other plugins' taps runs here.
     */
    applied: new SyncHook<[]>(),
    /** The initial workspace load settled; whether a workspace is available. */
    initialized: new SyncHook<[ready: boolean]>(),
    /** A tap threw or rejected; the kernel isolated it. */
    pluginFailed: new SyncHook<[failure: PluginError]>(),
    /** The client is closing: release listeners and timers. */
    closed: new SyncHook<[]>(),
  })
}

/** The kernel's hooks, by name (`kernel.hooks`): each one's comment above says when it runs and what its taps may do. */
export type KernelHooks = ReturnType<typeof createHooks>
