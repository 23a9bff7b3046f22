import { SyncHook, definePluginHooks, type HackleUser, type Kernel } from '../../kernel'

/** A user call changed the current user (the same user or not). Taps may delay the caller's promise with `waitFor`. */
export interface UserUpdate {
  /** The user before the call. */
  readonly previous: HackleUser
  /** The user after it. */
  readonly current: HackleUser
  /** Delays the caller's promise until `work` settles (a rejection is not passed on). */
  waitFor(work: Promise<unknown>): void
}

/**
 * The identity plugin's hooks, for plugins that follow the page's user calls.
 *
 * - `userUpdated(update)`: `setUser`, `setUserId`, `setDeviceId` or `resetUser` updated the current user. Follow-up
 *   syncs (cohorts, user targets) go here, registered with `update.waitFor` so the caller's promise settles after
 *   them. (`hooks.userChanged` of the kernel is about any change to a different user, whoever made it.)
 *
 * The hooks exist per client; they may be requested before or after the identity plugin applies.
 */
export interface IdentityHooks {
  /** A user call updated the current user (see above). */
  readonly userUpdated: SyncHook<[update: UserUpdate]>
}

/** The identity hooks of a client. */
export const getIdentityHooks: (kernel: Kernel) => IdentityHooks = /* @__PURE__ */ definePluginHooks('identity', () => ({
  userUpdated: new SyncHook<[update: UserUpdate]>(),
}))
