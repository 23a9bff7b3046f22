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
  close(): void
}

/**
 * Methods that plugins supply (`kernel.extend`); the full preset has them all. Listed here so every plugin
 * shares one client type; a slim client built without the plugin simply lacks them.
 */
export interface PluginMethods {
  // identity plugin
  setUser(user: User): Promise<void>
  setUserId(userId: string | number | null | undefined): Promise<void>
  setDeviceId(deviceId: string): Promise<void>
  setUserProperty(key: string, value: unknown): Promise<void>
  setUserProperties(properties: Properties): Promise<void>
  /** Applies property operations (`PropertyOperationsBuilder`). */
  updateUserProperties(operations: unknown): Promise<void>
  resetUser(): Promise<void>
  // identity plugin: user events (browser-behaviour §2.3)
  updatePushSubscriptions(operations: unknown): Promise<void>
  updateSmsSubscriptions(operations: unknown): Promise<void>
  updateKakaoSubscriptions(operations: unknown): Promise<void>
  setPhoneNumber(phoneNumber: string): Promise<void>
  unsetPhoneNumber(): Promise<void>
  // sync plugin: refresh config, cohorts and user targets now (throttled to one call per 60 s)
  fetch(): Promise<void>
  // sessions plugin: the current session id, `0.ffffffff` when there is none
  getSessionId(): string
  // events plugin (browser-behaviour §6.5)
  isOptOutTracking(): boolean
  setOptOutTracking(optOut: boolean): void
}

/** The client of a kernel with any set of plugins: plugin methods are present only when their plugin is. */
export interface HackleClient extends KernelMethods, Partial<PluginMethods> {}

/** The client of the full preset (`createInstance`): the reference SDK's names, arguments and return shapes. */
export interface FullHackleClient extends KernelMethods, PluginMethods {}
