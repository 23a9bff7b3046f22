import type { KernelHooks } from './hooks'
import type { Logger } from './logger'
import type { Storage } from './storage'
import type { ResolvedConfig } from './config'
import type { Workspace } from './evaluation'
import type { HackleUser } from './identity/user'
import type { HackleClient, HackleEvent } from './client-types'
import type { EvaluationUser, Properties, User } from './types'
import type { UserChange } from './identity/user-manager'
import type { PageSnapshot } from './contract'
import type { SdkEvent } from './events/model'

/** The current user and the ways plugins change it (`kernel.users`). */
export interface KernelUsers {
  /** The hackle device id (cookie `_hackle_hid`), fixed for the page's lifetime. */
  readonly hackleDeviceId: string
  /**
   * The user whose ids were in the reference's cookies when the page loaded (before the current user was saved),
   * undecorated: `{ deviceId, userId }` as the cookies had them; absent when there were none.
   */
  readonly stored?: User
  /** The current user, decorated (`id` and `deviceId` default to the hackle device id). */
  current(): HackleUser
  /** A fresh evaluation user for `user` (default: the current user, which is not changed), filled by `resolveUser`. */
  resolve(user?: User): EvaluationUser
  /** The reference's user update step: decorate, merge with the same user, replace; `userChanged` when it differs. */
  update(user: User): UserChange
  /** Back to the anonymous user of this device. */
  reset(): UserChange
  /** Replaces the current user's properties (same user: no `userChanged`). */
  setProperties(properties: Properties): void
}

/** The active workspace (`kernel.workspaces`). */
export interface KernelWorkspaces {
  /** The parsed workspace decisions are made from; undefined until a config was loaded. */
  current(): Workspace | undefined
  /** The config the current workspace was parsed from: plugins parse their own sections of it (in-app messages). */
  config(): Readonly<Record<string, unknown>> | undefined
  /** Parses a workspace config and makes it active; false (logged) when it is unusable. */
  set(config: unknown): boolean
}

/** The page the visitor is on (`kernel.pages`), set by a page tracker; none until one sets it. */
export interface KernelPages {
  /** The current page; undefined until a page tracker sets one. */
  current(): PageSnapshot | undefined
  /** Makes `page` current and notifies `hooks.pageChanged`. */
  set(page: PageSnapshot): void
}

/** What a plugin receives: the hooks, the kernel's state and the few things only the kernel can do. */
export interface Kernel<M extends object = any> {
  /** The client's SDK key (`''` when the page gave none). */
  readonly sdkKey: string
  /** The kernel's options, resolved over their defaults. */
  readonly config: ResolvedConfig
  /** The kernel's hooks: what plugins tap (see `KernelHooks`). */
  readonly hooks: KernelHooks
  /** The client's logger (honours `debug` and `log_disabled`). */
  readonly logger: Logger
  /** Where the client keeps data: the page's cookies, `localStorage` and IndexedDB, unless a plugin's `storage` gave another. */
  readonly storage: Storage
  /** The public client; plugins may call it like a page would. */
  readonly client: HackleClient
  /** The current user and the ways to change it. */
  readonly users: KernelUsers
  /** The active workspace. */
  readonly workspaces: KernelWorkspaces
  /** The page the visitor is on. */
  readonly pages: KernelPages
  /**
   * Creates a track event for `user` (default: the current user, which is not changed) at `timestamp`
   * (default: now), with the same validation as `client.track`. Sessions use it for `$session_end` of a past user.
   */
  track(event: HackleEvent, options?: { user?: User; timestamp?: number }): void
  /**
   * Hands an event the plugin built itself (an in-app message's nested exposures) to the event stream, as the kernel
   * does with its own: filter, created, duplicate suppression, enrich, deliver, accepted. The event is not validated.
   */
  emit(event: SdkEvent): void
  /** Delays `onInitialized` until the promise settles (call during `apply`). */
  waitFor(work: Promise<unknown>): void
  /**
   * Adds methods to the client. A name the kernel or another plugin already has is refused with a warning that
   * names both plugins (the first one keeps it). Methods added later (after start-up) reach the same client object.
   */
  extend(methods: {} extends M ? Record<string, (...args: any[]) => unknown> : M): void
  /** Whether a plugin of this name is installed in this client. */
  has(pluginName: string): boolean
  /** The names of the plugins installed in this client, in the order they apply (one whose `apply` threw is gone). */
  plugins(): string[]
  /** Something that answers depend on changed (overrides, cohorts): bumps `client.version()` and notifies subscribers. */
  invalidate(): void
}

/** What a plugin is made of; `M` types the client methods its `apply` adds with `kernel.extend`. */
export interface PluginDefinition<M extends object = {}> {
  /** Unique kebab-case id: the tap name for every hook it taps, and the key for de-duplication. */
  readonly name: string
  /** Plugins this one needs: a missing one is reported once, by name, when the client is created. */
  readonly requires?: readonly string[]
  /**
   * The storage seam: where this client keeps data instead of the page's cookies, `localStorage` and IndexedDB.
   * Called with the SDK key when the client is created, before anything is read or stored and before any plugin
   * applies, in plugin order; the first plugin that returns a `Storage` gives `kernel.storage` to the kernel (its
   * device-id and user cookies) and to every plugin. Return nothing to keep the page's storage. A throw is logged like
   * a failed `apply` and the page's storage is kept. (A web-view bridge in native mode returns memory: the app keeps
   * the state, and the page's storage is never written.)
   */
  storage?(sdkKey: string): Storage | void
  /**
   * Taps kernel hooks; runs once per client. May return a teardown that runs when the client closes. When it
   * throws, everything it did is undone (its taps, on any hook, and its client methods) and the error is logged.
   */
  apply(kernel: Kernel<M>): void | (() => void)
}

/**
 * A plugin: a name and an `apply` that taps the kernel's hooks. `M` is the type of the client methods it adds;
 * `createKernel` and `createInstance` give the client the methods of the plugins they were given. Any `Plugin<M>`
 * is a `Plugin`, so plugins with and without methods go in one list.
 */
export interface Plugin<M extends object = {}> extends PluginDefinition<any> {
  /** Type only, never set: the client methods this plugin adds. */
  readonly clientMethods?: M
}

/** Gives plugin factories their types: `definePlugin((options) => ({ name, apply(kernel) {…} }))`. */
export const definePlugin = <A extends unknown[], M extends object = {}>(
  factory: (...args: A) => PluginDefinition<M>,
): ((...args: A) => Plugin<M>) => factory as (...args: A) => Plugin<M>

/**
 * The client methods a plugin adds. A plugin whose methods are unknown (`Plugin<any>`, e.g. a factory annotated
 * `(): Plugin => …`, which `definePlugin` reads as `any`) adds none, so one such plugin never turns the whole
 * client into `any`; declare methods with `PluginDefinition<M>`.
 */
export type MethodsOf<P> = P extends { readonly clientMethods?: infer M } ? KnownMethods<NonNullable<M>> : never
/** `M`, or no methods when `M` is `any` or `unknown`. */
type KnownMethods<M> = IsAny<M> extends true ? {} : unknown extends M ? {} : M
/** Whether `T` is `any`. */
type IsAny<T> = 0 extends 1 & T ? true : false
/** The intersection of the members of union `U` (`A | B` → `A & B`). */
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never

/** The client of a kernel given the plugins `P`: the kernel's methods and those of each plugin. */
export type ClientOf<P extends PluginList> = HackleClient & Intersect<MethodsOf<NonNullable<P[number]>>>

/** A list of plugins as `createKernel` / `createInstance` take it: `false`, `null` and `undefined` entries are skipped (for `cond && plugin()`). */
export type PluginList = ReadonlyArray<Plugin<any> | false | null | undefined>

/** Keeps the last plugin of each name, in the position where that name first appeared. */
export function dedupePlugins(plugins: PluginList): Plugin<any>[] {
  const byName = new Map<string, Plugin<any>>()
  for (const plugin of Array.isArray(plugins) ? plugins : []) if (plugin && typeof plugin.name === 'string') byName.set(plugin.name, plugin)
  return [...byName.values()]
}
