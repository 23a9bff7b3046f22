/**
 * `hackle-kit/react`: React bindings with the names and call shapes of `@hackler/react-sdk` (an app switches by
 * changing the import), built on the client's change subscription. Everything of `hackle-kit` is re-exported, as
 * the reference re-exports its JavaScript SDK; `createInstance` here returns the React client (`on` / `off` / `emit`).
 */
export * from '../index'
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
