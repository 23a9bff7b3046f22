import { SyncHook, SyncWaterfallHook, definePluginHooks, type Kernel, type SdkEvent } from '../../kernel'

/**
 * The events plugin's own hooks, for plugins that work on the event stream (webpack's `getCompilationHooks`
 * pattern). Every event the kernel creates goes through them in this order (browser-behaviour §6.1):
 *
 * 1. `beforeProcess(event)`: before duplicate suppression. Sessions start or extend the session here.
 * 2. duplicate suppression (exposure and remote-config events, §6.2): a duplicate stops here.
 * 3. `decorate(event)`: a waterfall; a tap returns the event to queue instead (sessions add `$sessionId` to
 *    `event.user.identifiers`, on a copy) or nothing to keep it.
 * 4. the event is queued for delivery unless tracking is opted out.
 * 5. `processed(event)`: every event that passed suppression, opted out or not (in-app triggers, gtag).
 *
 * A tap that throws is reported like a kernel hook tap (`Plugin [name] failed in hook [events.decorate]`, and
 * `hooks.pluginError`); the event goes on (a failed `decorate` tap leaves it unchanged).
 *
 * ```ts
 * apply(kernel) {
 *   getEventPipelineHooks(kernel).processed.tap('gtag', (event) => forward(event))
 * }
 * ```
 * The hooks exist per client; they may be requested before or after the events plugin applies.
 */
export interface EventPipelineHooks {
  readonly beforeProcess: SyncHook<[SdkEvent]>
  readonly decorate: SyncWaterfallHook<[SdkEvent]>
  readonly processed: SyncHook<[SdkEvent]>
}

/** The event pipeline hooks of a client. */
export const getEventPipelineHooks: (kernel: Kernel) => EventPipelineHooks = /* @__PURE__ */ definePluginHooks('events', () => ({
  beforeProcess: new SyncHook<[SdkEvent]>(),
  decorate: new SyncWaterfallHook<[SdkEvent]>(),
  processed: new SyncHook<[SdkEvent]>(),
}))
