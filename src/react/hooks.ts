import { useCallback, useContext, useMemo, useState } from 'react'
import { Decision, EmptyHackleRemoteConfig, FeatureFlagDecision, Logger, type HackleEvent, type HackleRemoteConfig } from '../index'
import { HackleContext } from './context'
import { answersOf, EXCEPTION, SDK_NOT_READY, UNREADY_ANSWERS, type Answers } from './answers'
import { isServerReady, stateOf } from './store'
import { useStore } from './use-store'

/** What every loadable hook answers besides its value. */
interface Loadable {
  /** No workspace yet (and the initialization has not settled): the answer is the default, not a decision. */
  isLoading: boolean
}
/** `useLoadableVariation`'s answer. */
export interface VariationResult extends Loadable {
  /** The user's variation (the default while loading). */
  variation: string
}
/** `useLoadableVariationDetail`'s answer. */
export interface VariationDetailResult extends Loadable {
  /** The decision (reason `SDK_NOT_READY` while loading). */
  decision: Decision
}
/** `useLoadableFeature`'s answer. */
export interface FeatureFlagResult extends Loadable {
  /** Whether the flag is on for the user (false while loading). */
  isOn: boolean
}
/** `useLoadableFeatureDetail`'s answer. */
export interface FeatureFlagDetailResult extends Loadable {
  /** The decision (off, reason `SDK_NOT_READY`, while loading). */
  decision: FeatureFlagDecision
}
/** `useLoadableRemoteConfig`'s answer. */
export interface RemoteConfigResult extends Loadable {
  /** The user's remote config (every read gives the default while loading). */
  remoteConfig: HackleRemoteConfig
}

/** Sends an event as the provider's user. */
export interface Track {
  (event: HackleEvent | string): void
}

// The answers without a decision, one object per default (a snapshot must be the same object every time).
const constants = new Map<string, Decision | FeatureFlagDecision>()
const constant = <T extends Decision | FeatureFlagDecision>(key: string, make: () => T): T => {
  let value = constants.get(key)
  if (!value) constants.set(key, (value = make()))
  return value as T
}
const defaultDecision = (variation: string, reason: string) => constant(`${reason} ${variation}`, () => new Decision(variation, reason))
const offDecision = (reason: string) => constant(reason, () => new FeatureFlagDecision(false, reason))
const EMPTY_REMOTE_CONFIG = /* @__PURE__ */ new EmptyHackleRemoteConfig() as unknown as HackleRemoteConfig

const ignore = () => () => undefined

/** The reference's error for a hook outside a provider (logged once per mounted component, in browsers only). */
function useMissingClientError(hackle: unknown): void {
  useState(() => {
    if (!hackle && typeof window !== 'undefined') Logger.log.error('HackleClient is not existed')
  })
}

/**
 * The calling component's answer from the provider's client: read through `useSyncExternalStore` over the client's
 * change subscription, so the component re-renders when its answer changes (user, workspace, overrides, page, cohorts)
 * and only then. A server render and the hydration after it read the answers the server had (the client's own when
 * it was made with `workspaceConfig`, else those of a client without a workspace). `orphan` is the answer without a
 * provider.
 */
function useAnswer<T>(read: (answers: Answers, ready: boolean) => T, orphan: T): { value: T; initialized: boolean } {
  const { hackle, initialized } = useContext(HackleContext)
  useMissingClientError(hackle)
  const subscribe = hackle ? stateOf(hackle).subscribe : ignore
  const snapshot = () => (hackle ? read(answersOf(hackle), initialized) : orphan)
  const serverSnapshot = () => (hackle ? read(isServerReady(hackle) ? answersOf(hackle) : UNREADY_ANSWERS, initialized) : orphan)
  return { value: useStore(subscribe, snapshot, serverSnapshot), initialized }
}

/** The variation for the current user; `defaultVariation` until the provider is ready. */
export function useVariation(experimentKey: number, defaultVariation = 'A'): string {
  return useAnswer((answers, ready) => (ready && answers.variation(experimentKey).variation) || defaultVariation, defaultVariation).value
}

/** The decision for the current user (`SDK_NOT_READY` before the workspace, as the client answers). */
export function useVariationDetail(experimentKey: number, defaultVariation = 'A'): Decision {
  return useAnswer((answers) => answers.variation(experimentKey), defaultDecision(defaultVariation, EXCEPTION)).value
}

/** The decision, with `isLoading` and a `SDK_NOT_READY` default until the provider is ready. */
export function useLoadableVariationDetail(experimentKey: number, defaultVariation = 'A'): VariationDetailResult {
  const { value: decision, initialized } = useAnswer(
    (answers, ready) => (ready ? answers.variation(experimentKey) : defaultDecision(defaultVariation, SDK_NOT_READY)),
    defaultDecision(defaultVariation, EXCEPTION),
  )
  return useMemo(() => ({ isLoading: !initialized, decision }), [initialized, decision])
}

/** The variation with `isLoading`. */
export function useLoadableVariation(experimentKey: number, defaultVariation = 'A'): VariationResult {
  const { isLoading, decision } = useLoadableVariationDetail(experimentKey, defaultVariation)
  const variation = decision.variation
  return useMemo(() => ({ isLoading, variation }), [isLoading, variation])
}

/** Whether the feature is on for the current user (off without a workspace). */
export function useFeature(featureKey: number): boolean {
  return useAnswer((answers) => answers.feature(featureKey).isOn, false).value
}

/** The feature flag decision for the current user. */
export function useFeatureFlagDetail(featureKey: number): FeatureFlagDecision {
  return useAnswer((answers) => answers.feature(featureKey), offDecision(EXCEPTION)).value
}

/** The feature flag decision, with `isLoading` and an off `SDK_NOT_READY` default until the provider is ready. */
export function useLoadableFeatureDetail(featureKey: number): FeatureFlagDetailResult {
  const { value: decision, initialized } = useAnswer(
    (answers, ready) => (ready ? answers.feature(featureKey) : offDecision(SDK_NOT_READY)),
    offDecision(EXCEPTION),
  )
  return useMemo(() => ({ isLoading: !initialized, decision }), [initialized, decision])
}

/** Whether the feature is on, with `isLoading`. */
export function useLoadableFeature(featureKey: number): FeatureFlagResult {
  const { isLoading, decision } = useLoadableFeatureDetail(featureKey)
  const isOn = decision.isOn
  return useMemo(() => ({ isLoading, isOn }), [isLoading, isOn])
}

/** The remote config for the current user: a new object when anything changed, each value asked once per change. */
export function useRemoteConfig(): HackleRemoteConfig {
  return useAnswer((answers) => answers.remoteConfig(), EMPTY_REMOTE_CONFIG).value
}

/** The remote config with `isLoading`: every read gives its default until the provider is ready. */
export function useLoadableRemoteConfig(): RemoteConfigResult {
  const { value: remoteConfig, initialized } = useAnswer((answers, ready) => (ready ? answers.remoteConfig() : EMPTY_REMOTE_CONFIG), EMPTY_REMOTE_CONFIG)
  return useMemo(() => ({ isLoading: !initialized, remoteConfig }), [initialized, remoteConfig])
}

/** A function (the same one while the client is) that tracks an event for the current user. */
export function useTrack(): Track {
  const { hackle } = useContext(HackleContext)
  useMissingClientError(hackle)
  return useCallback<Track>((event) => void hackle?.track(event), [hackle])
}
