/**
 * `hackle-kit/kernel`: the stable API for building a client and writing plugins. Everything exported here keeps its
 * shape across minor versions; helpers that only the built-in plugins use are internal and not exported.
 */
export { createKernel, type KernelConfig, type ClientFor } from './kernel'
export {
  definePlugin,
  type Kernel,
  type KernelUsers,
  type KernelWorkspaces,
  type KernelPages,
  type Plugin,
  type PluginDefinition,
  type PluginList,
  type ClientOf,
  type MethodsOf,
} from './plugin'
export type { KernelHooks, PluginError, FlushReason, RemoteConfigValue } from './hooks'
export { Stage } from './stages'
export * from './tapable'
export { definePluginHooks } from './plugin-hooks'
export { prepareNavigation } from './navigation'
export type { HackleConfig, ResolvedConfig } from './config'
export type { HackleClient, KernelMethods, HackleEvent, HackleRemoteConfig } from './client-types'
export { Decision, FeatureFlagDecision, ParameterConfig, type ParameterConfigLike, type HackleExperiment, type RemoteConfigDetail } from './decision'
export type {
  DecisionInfo,
  ExperimentInfo,
  RemoteConfigInfo,
  PageSnapshot,
  Navigation,
  HttpRequest,
  HttpResponse,
  PageReact,
} from './contract'
export type { HackleUser } from './identity/user'
export type { UserChange } from './identity/user-manager'
export { DecisionReason } from './evaluation'
export type { Workspace, Experiment, Variation, RemoteConfigParameter } from './evaluation'
export type { SdkEvent, ExposureEvent, TrackEvent, RemoteConfigEvent, TargetingRootType } from './events/model'
export type { Logger } from './logger'
export type { Storage, KeyValueStore } from './storage'
export type { User, Properties, Identifiers, EvaluationUser, TargetEvent } from './types'
