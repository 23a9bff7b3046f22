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

/**
 * The client returned by `createInstance`: the reference SDK's names, arguments and return shapes.
 * Every method is pre-bound and never throws.
 */
export interface HackleClient {
  variation(experimentKey: number, user?: User | string, defaultVariation?: string): string
  variationDetail(experimentKey: number, user?: User | string, defaultVariation?: string): Decision
  isFeatureOn(featureKey: number, user?: User | string): boolean
  featureFlagDetail(featureKey: number, user?: User | string): FeatureFlagDecision
  remoteConfig(user?: User | string): HackleRemoteConfig
  getExperiment(experimentKey: number): HackleExperiment | undefined
  track(event: HackleEvent | string, user?: User | string): void
  getUser(): User
  setUser(user: User): Promise<void>
  setUserId(userId: string | number | null | undefined): Promise<void>
  setDeviceId(deviceId: string): Promise<void>
  setUserProperty(key: string, value: unknown): Promise<void>
  setUserProperties(properties: Properties): Promise<void>
  /** Applies property operations (`PropertyOperationsBuilder` from the identity plugin). */
  updateUserProperties(operations: unknown): Promise<void>
  resetUser(): Promise<void>
  onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }>
  /** @deprecated use onInitialized */
  onReady(block: () => void, timeout?: number): void
  close(): void
}
