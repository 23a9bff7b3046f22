import { SyncHook, definePluginHooks, type Kernel } from '../../kernel'

/** Which override list changed: A/B tests or feature flags (remote-config overrides are not reported). */
export type OverrideType = 'AB_TEST' | 'FEATURE_FLAG'
/** What was done to it: one override set, one removed, or the whole list cleared. */
export type OverrideOperation = 'set' | 'reset' | 'reset.all'

/** One change a developer made to the manual overrides. */
export interface OverrideChange {
  /** Which list changed. */
  readonly type: OverrideType
  /** What was done to it. */
  readonly operation: OverrideOperation
}

/**
 * The manual-overrides hooks, for the plugins that change overrides (a devtool) and those that follow them
 * (monitoring). The writer calls them after the change is stored; the hooks do not store anything themselves.
 *
 * - `overrideChanged(change)`: an override was set, reset, or all overrides of one type were reset.
 * - `userExplorerShown()`: the user explorer (the devtool's override panel) was opened.
 *
 * The hooks exist per client; they may be requested before or after any plugin applies.
 */
export interface ManualOverrideHooks {
  /** An override changed (see above). */
  readonly overrideChanged: SyncHook<[change: OverrideChange]>
  /** The user explorer was opened. */
  readonly userExplorerShown: SyncHook<[]>
}

/** The manual-overrides hooks of a client. */
export const getManualOverrideHooks: (kernel: Kernel) => ManualOverrideHooks = /* @__PURE__ */ definePluginHooks('manual-overrides', () => ({
  overrideChanged: new SyncHook<[change: OverrideChange]>(),
  userExplorerShown: new SyncHook<[]>(),
}))
