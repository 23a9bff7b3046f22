import type { KernelHooks } from './hooks'
import type { Logger } from './logger'
import type { Storage } from './storage'
import type { ResolvedConfig } from './config'
import type { Workspace } from './evaluation'
import type { HackleUser } from './identity/user'
import type { HackleClient, HackleEvent, PluginMethods } from './client-types'
import type { Properties, User } from './types'
import type { UserChange } from './identity/user-manager'

/** What a plugin receives: the hooks plus read access to the kernel's state. */
export interface Kernel {
  readonly sdkKey: string
  readonly config: ResolvedConfig
  readonly hooks: KernelHooks
  readonly logger: Logger
  readonly storage: Storage
  /** The public client; plugins may call it like a page would. */
  readonly client: HackleClient
  /** The hackle device id (cookie `_hackle_hid`), fixed for the page's lifetime. */
  readonly hackleDeviceId: string
  workspace(): Workspace | undefined
  currentUser(): HackleUser
  /**
   * The user whose ids were in the reference's cookies when the page loaded (before the current user was saved),
   * undecorated: `{ deviceId, userId }` as the cookies had them.
   */
  readonly storedUser?: User
  /**
   * Creates a track event for `user` (default: the current user, which is not changed) at `timestamp`
   * (default: now), with the same validation as `client.track`. Sessions use it for `$session_end` of a past user.
   */
  track(event: HackleEvent, options?: { user?: User; timestamp?: number }): void
  /** Parses a workspace config and makes it active; false (logged) when it is unusable. */
  setWorkspace(config: unknown): boolean
  /** Delays `onInitialized` until the promise settles (call during `apply`). */
  waitFor(work: Promise<unknown>): void
  /** Supplies client methods that the kernel leaves to plugins (e.g. `updateUserProperties`). */
  extend(methods: Partial<PluginMethods>): void
  /** The reference's user update step: decorate, merge with the same user, replace (browser-behaviour §2.3). */
  updateUser(user: User): UserChange
  /** Back to the anonymous user of this device. */
  resetUser(): UserChange
  /** Replaces the current user's properties (same user: no user-change notifications). */
  setUserProperties(properties: Properties): void
}

export interface Plugin {
  /** Unique kebab-case id: the tap name for every hook it taps, and the key for de-duplication. */
  readonly name: string
  /** Taps kernel hooks; runs once per client. May return a teardown that runs when the client closes. */
  apply(kernel: Kernel): void | (() => void)
}

/** Identity helper that gives plugin factories their types. */
export const definePlugin = <A extends unknown[]>(factory: (...args: A) => Plugin): ((...args: A) => Plugin) => factory

/** Keeps the last plugin of each name, in the position where that name first appeared. */
export function dedupePlugins(plugins: ReadonlyArray<Plugin | false | null | undefined>): Plugin[] {
  const byName = new Map<string, Plugin>()
  for (const plugin of plugins) if (plugin && typeof plugin.name === 'string') byName.set(plugin.name, plugin)
  return [...byName.values()]
}
