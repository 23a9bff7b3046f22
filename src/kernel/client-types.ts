import type { Decision, FeatureFlagDecision, HackleExperiment, RemoteConfigDetail } from './decision'
import type { Properties, User } from './types'

/** An event to track (`track(event)`; a string is `{ key }`). */
export interface HackleEvent {
  /** The event key (a non-empty string; anything else is dropped with a warning). */
  key: string
  /** A numeric value (sum, price…); 0 when absent. */
  value?: number
  /** Event properties. */
  properties?: Properties
}

/** The remote-config parameters of one user (`remoteConfig(user)`). */
export interface HackleRemoteConfig {
  /**
   * The parameter's value for the user; `defaultValue` when the parameter is unknown, the SDK is not ready, or the
   * value's type differs from the default's. Records a remote-config event.
   */
  get<T extends string | number | boolean | null | undefined>(key: string, defaultValue: T): T
  /** The value with the reason it was chosen (hackle-kit addition). */
  getDetail<T extends string | number | boolean | null | undefined>(key: string, defaultValue: T): RemoteConfigDetail<T>
}

/** What the kernel itself answers. Every method is pre-bound and never throws. */
export interface KernelMethods {
  /**
   * The user's variation of A/B test `experimentKey` (`defaultVariation`, default `A`, when it cannot be decided) and
   * records the exposure. `user` (an object, or a string as `{ id }`) updates the current user first; without it the
   * current user is used. An empty key is logged and answers the default (reason `INVALID_INPUT`).
   */
  variation(experimentKey: number, user?: User | string, defaultVariation?: string): string
  /** `variation` with the reason and the variation's parameters. */
  variationDetail(experimentKey: number, user?: User | string, defaultVariation?: string): Decision
  /** Whether feature flag `featureKey` is on for the user (false when it cannot be decided); records the exposure. */
  isFeatureOn(featureKey: number, user?: User | string): boolean
  /** `isFeatureOn` with the reason and the flag's parameters. */
  featureFlagDetail(featureKey: number, user?: User | string): FeatureFlagDecision
  /** The remote-config parameters for `user` (default: the current user); each `get` decides and records. */
  remoteConfig(user?: User | string): HackleRemoteConfig
  /** The experiment with key `experimentKey` in the loaded workspace; undefined before it loads or for an unknown key (an empty key is logged). */
  getExperiment(experimentKey: number): HackleExperiment | undefined
  /** Tracks an event (a string is the key) for `user` (default: the current user); an invalid event is dropped with a warning. */
  track(event: HackleEvent | string, user?: User | string): void
  /** A copy of the current user (with the device id the SDK keeps). */
  getUser(): User
  /**
   * Settles once the first workspace load is over or `timeout` ms (default 3000) passed: `success` tells whether a
   * workspace is available (a timeout logs an error). Never rejects.
   */
  onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }>
  /** @deprecated use onInitialized */
  onReady(block: () => void, timeout?: number): void
  /**
   * Calls `listener` (at most once per microtask) after anything that answers depend on changed: the workspace, the
   * user, overrides, cohorts. Returns the function that unsubscribes. For React's `useSyncExternalStore`.
   */
  subscribe(listener: () => void): () => void
  /** A number that changes whenever any answer may have changed (see `subscribe`). */
  version(): number
  /**
   * Flushes queued events and tells every plugin to stop (`hooks.closed`); events made afterwards are refused with a
   * warning. A second call does nothing. (`createInstance` then frees the SDK key for a new client.)
   */
  close(): void
}

/** The client of a kernel without plugins; a kernel with plugins adds theirs (`ClientOf<Plugins>`). */
export interface HackleClient extends KernelMethods {}
