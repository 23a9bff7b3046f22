/**
 * `hackle-kit/react`: React bindings with the names and call shapes of `@hackler/react-sdk` (an app switches by
 * changing the import), built on the client's change subscription. Everything of `hackle-kit` is re-exported, as
 * the reference re-exports its JavaScript SDK; `createInstance` here returns the React client (`on` / `off` / `emit`).
 */
// Everything of hackle-kit's main entry but its `createInstance` (the reference re-exports its JavaScript SDK), the
// values named one by one: a CommonJS build cannot shadow a star re-export with an own `createInstance`. The boundary
// test `react-surface` fails when the main entry gains a name this list lacks.
export type * from '../index'
export {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  Decision,
  DecisionReason,
  DefaultBrowserPropertyProvider,
  EmptyHackleRemoteConfig,
  EmptyParameterConfig,
  FeatureFlagDecision,
  HackleSessionPersistConditions,
  HackleSubscriptionOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus,
  Hook,
  IdentifierType,
  IdentifiersBuilder,
  Logger,
  ParameterConfig,
  PropertyOperations,
  PropertyOperationsBuilder,
  RemoteConfigDecision,
  Stage,
  SyncBailHook,
  SyncHook,
  SyncWaterfallHook,
  createKernel,
  definePlugin,
  definePluginHooks,
  getUserId,
  prepareNavigation,
  preset,
  removeUserId,
  resolveIdentifiers,
  sanitizeUser,
  setAppWebViewInAppMessageBridge,
  setUserId,
} from '../index'
export { createInstance, type HackleReactSDKClient, type HackleReactSDKClientEventMap, type HackleReactConfig } from './client'
export type { Emitter, EventReceiver } from './emitter'
export { HackleProvider, type ProviderProps } from './provider'
export { HackleContext, HackleContextProvider, HackleContextConsumer } from './context'
export {
  useVariation,
  useVariationDetail,
  useTrack,
  useFeature,
  useFeatureFlagDetail,
  useLoadableVariation,
  useLoadableVariationDetail,
  useLoadableFeature,
  useLoadableFeatureDetail,
  useLoadableRemoteConfig,
  useRemoteConfig,
  type VariationResult,
  type VariationDetailResult,
  type FeatureFlagResult,
  type FeatureFlagDetailResult,
  type RemoteConfigResult,
  type Track,
} from './hooks'
export {
  HackleExperiment,
  HackleVariation,
  HackleFeature,
  type ExperimentProps,
  type VariationProps,
  type FeatureProps,
  type ChildrenFunction,
} from './components'
