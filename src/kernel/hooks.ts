import { SyncBailHook, SyncHook, SyncWaterfallHook } from './tapable'
import type { Experiment, Workspace } from './evaluation'
import type { SdkEvent } from './events/model'
import type { EvaluationUser } from './types'
import type { HackleUser } from './identity/user'

/** A tap threw or rejected; the kernel isolated it so the host page never sees it. */
export interface PluginError {
  plugin: string
  hook: string
  error: unknown
}

/** Why buffered work should be written out now. All but `manual` mean the page may be going away. */
export type FlushReason = 'pagehide' | 'close' | 'redirect' | 'manual'

/** A user call changed the current user. Taps may delay the caller's promise with `waitFor`. */
export interface UserUpdate {
  readonly previous: HackleUser
  readonly current: HackleUser
  waitFor(work: Promise<unknown>): void
}

/**
 * Creates the kernel's hooks: the whole extension API. Naming: an imperative verb may change or decide,
 * a past participle is a read-only notification.
 */
export function createHooks() {
  return Object.freeze({
    /**
     * Fill the user that a decision or event is made for: hackle properties, campaign properties, cohorts.
     * The object is freshly built for this call and the tap may mutate it; return a replacement or nothing.
     */
    resolveUser: new SyncWaterfallHook<[EvaluationUser]>(),
    /** Force a variation id for an experiment or flag (DevTool). The first tap returning a number wins. */
    overrideVariation: new SyncBailHook<[Experiment], number | void>(),
    /** A workspace became active (cache, `workspaceConfig` option, fetch or poll). */
    workspaceLoaded: new SyncHook<[Workspace]>(),
    /** The current user became a different user (userId or deviceId changed). */
    userChanged: new SyncHook<[HackleUser, HackleUser, number]>(),
    /**
     * A user call updated the current user (same user or not). Follow-up syncs (cohorts, user targets) go here,
     * registered with `update.waitFor` so the caller's promise settles after them.
     */
    userUpdated: new SyncHook<[UserUpdate]>(),
    /** An exposure, remote-config or track event was created. Read-only: queueing and sending tap here. */
    eventCreated: new SyncHook<[SdkEvent]>(),
    /** Write out buffered work now: synchronously (beacon) when the page may be going away, else in the background. */
    flush: new SyncHook<[FlushReason]>(),
    /**
     * Every plugin has applied: the end of `createKernel`, before the page can call the client. Start-up work that
     * needs the other plugins' taps runs here (the reference does it at the end of `createInstance`).
     */
    applied: new SyncHook<[]>(),
    /** The initial workspace load settled (successfully or not). */
    initialized: new SyncHook<[boolean]>(),
    /** A tap threw or rejected; the kernel isolated it. */
    pluginError: new SyncHook<[PluginError]>(),
    /** The client is being closed; release listeners and timers. */
    destroy: new SyncHook<[]>(),
  })
}

export type KernelHooks = ReturnType<typeof createHooks>
