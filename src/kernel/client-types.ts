import type { Decision, FeatureFlagDecision, HackleExperiment, RemoteConfigDetail } from './decision'
import type { Properties, User } from './types'

export interface HackleEvent {
  key: string
  value?: number
  properties?: Properties
}

export interface HackleRemoteConfig {
  get<T extends string | number | boolean | null | undefined>(key: string, defaultValue: T): T
  /** The value with the reason it was chosen (hackle-kit addition). */
  getDetail<T extends string | number | boolean | null | undefined>(key: string, defaultValue: T): RemoteConfigDetail<T>
}

/** What the kernel itself answers. Every method is pre-bound and never throws. */
export interface KernelMethods {
  variation(experimentKey: number, user?: User | string, defaultVariation?: string): string
  variationDetail(experimentKey: number, user?: User | string, defaultVariation?: string): Decision
  isFeatureOn(featureKey: number, user?: User | string): boolean
  featureFlagDetail(featureKey: number, user?: User | string): FeatureFlagDecision
  remoteConfig(user?: User | string): HackleRemoteConfig
  getExperiment(experimentKey: number): HackleExperiment | undefined
  track(event: HackleEvent | string, user?: User | string): void
  getUser(): User
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
  close(): void
}

/** The client of a kernel without plugins; a kernel with plugins adds theirs (`ClientOf<Plugins>`). */
export interface HackleClient extends KernelMethods {}
