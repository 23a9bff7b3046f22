import { SyncHook, definePluginHooks, type HackleUser, type Kernel, type User } from '../../kernel'

/**
 * The sessions plugin's own hooks, for plugins that follow the session lifecycle (the reference's session
 * listeners). Campaign attribution taps `started` and `resumed`.
 *
 * - `ended(sessionId, user, lastEventTime)`: a session ended (idle timeout, or a user change that does not
 *   persist it); `user` is the user it belonged to, the time is its last event time.
 * - `started(sessionId, user, timestamp)`: a new session started for `user`.
 * - `resumed(sessionId, user, timestamp)`: the page loaded into the session it already had (the start-up refresh
 *   kept the id). Not called for a session started at load.
 *
 * The plugin tracks `$session_end` / `$session_start` from its own taps at `Stage.LATE`, so
 * taps at the default stage run before those events (a campaign's `$properties` precedes `$session_start`, as in
 * the reference); tap with a higher stage to run after them. A throwing tap is reported like a kernel hook tap
 * (`Plugin [name] failed in hook [sessions.started]`, `hooks.pluginFailed`) and the others still run.
 *
 * The hooks exist per client; they may be requested before or after the sessions plugin applies, and are simply
 * never called when the client has no sessions plugin.
 */
export interface SessionHooks {
  /** A session ended (see above). */
  readonly ended: SyncHook<[sessionId: string, user: User, lastEventTime: number]>
  /** A new session started. */
  readonly started: SyncHook<[sessionId: string, user: HackleUser, timestamp: number]>
  /** The page loaded into the session it already had. */
  readonly resumed: SyncHook<[sessionId: string, user: HackleUser, timestamp: number]>
}

/** The session hooks of a client. */
export const getSessionHooks: (kernel: Kernel) => SessionHooks = /* @__PURE__ */ definePluginHooks('sessions', () => ({
  ended: new SyncHook<[sessionId: string, user: User, lastEventTime: number]>(),
  started: new SyncHook<[sessionId: string, user: HackleUser, timestamp: number]>(),
  resumed: new SyncHook<[sessionId: string, user: HackleUser, timestamp: number]>(),
}))
