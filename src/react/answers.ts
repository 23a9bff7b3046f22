// The hooks' answers: asked once per client version and question, kept as the same object while unchanged.
import { Decision, FeatureFlagDecision, type HackleRemoteConfig } from '../index'
import { stateOf, type StoreClient } from './store'

const versionOf = (client: StoreClient): number => {
  try {
    return typeof client.version === 'function' ? client.version() : 0
  } catch {
    return 0
  }
}

/**
 * The answer to `question` for the client's current version: asked once per version (so once per exposure, however
 * many components, renders or StrictMode double renders ask), and the previous object kept when `same` says the new
 * answer equals it (so a component re-renders only when its answer changed).
 */
export function answerOf<T>(client: StoreClient, question: string, ask: () => T, same: (a: T, b: T) => boolean): T {
  const { answers } = stateOf(client)
  const version = versionOf(client)
  const previous = answers.get(question)
  if (previous && previous.version === version) return previous.value as T
  let value = ask()
  if (previous && same(previous.value as T, value)) value = previous.value as T
  answers.set(question, { version, value })
  return value
}

const sameParameters = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]))
}

/** Two decisions that a page cannot tell apart: same class, answer, reason, parameters and experiment version. */
export function sameDecision(a: Decision | FeatureFlagDecision, b: Decision | FeatureFlagDecision): boolean {
  return (
    a.constructor === b.constructor &&
    (a as Decision).variation === (b as Decision).variation &&
    (a as FeatureFlagDecision).isOn === (b as FeatureFlagDecision).isOn &&
    a.reason === b.reason &&
    a.experiment?.key === b.experiment?.key &&
    a.experiment?.version === b.experiment?.version &&
    sameParameters(a.parameters, b.parameters)
  )
}

const never = () => false

// The reasons the bindings answer themselves (literals: the `DecisionReason` table is not in a client's bundle).
export const SDK_NOT_READY = 'SDK_NOT_READY'
export const EXCEPTION = 'EXCEPTION'

/** `client.variationDetail(key)` for the current version (the reference's hooks pass no default variation). */
export const variationOf = (client: StoreClient, experimentKey: number): Decision =>
  answerOf(client, `v ${String(experimentKey)}`, () => client.variationDetail(experimentKey), sameDecision)

/** `client.featureFlagDetail(key)` for the current version. */
export const featureOf = (client: StoreClient, featureKey: number): FeatureFlagDecision =>
  answerOf(client, `f ${String(featureKey)}`, () => client.featureFlagDetail(featureKey), sameDecision)

/**
 * The client's remote config for the current version: a new object per version, whose `get` / `getDetail` are asked
 * once per version, key and default (one remote-config event each).
 */
export function remoteConfigOf(client: StoreClient): HackleRemoteConfig {
  return answerOf(
    client,
    'rc',
    () => {
      const config = client.remoteConfig()
      const question = (method: string, key: string, defaultValue: unknown) => `rc ${method} ${typeof defaultValue} ${String(defaultValue)} ${String(key)}`
      return {
        get: (key, defaultValue) => answerOf(client, question('get', key, defaultValue), () => config.get(key, defaultValue), Object.is),
        getDetail: (key, defaultValue) =>
          answerOf(client, question('detail', key, defaultValue), () => config.getDetail(key, defaultValue), (a, b) => Object.is(a.value, b.value) && a.reason === b.reason),
      } as HackleRemoteConfig
    },
    never,
  )
}

/** The three questions the hooks ask, answered for the client's current version (or as without a workspace). */
export interface Answers {
  variation(experimentKey: number): Decision
  feature(featureKey: number): FeatureFlagDecision
  remoteConfig(): HackleRemoteConfig
}

const liveAnswers = new WeakMap<object, Answers>()

/** The client's answers, asked once per version (see `answerOf`). */
export function answersOf(client: StoreClient): Answers {
  let answers = liveAnswers.get(client)
  if (!answers) {
    answers = {
      variation: (key) => variationOf(client, key),
      feature: (key) => featureOf(client, key),
      remoteConfig: () => remoteConfigOf(client),
    }
    liveAnswers.set(client, answers)
  }
  return answers
}

const NOT_READY_VARIATION = /* @__PURE__ */ new Decision('A', SDK_NOT_READY)
const NOT_READY_FEATURE = /* @__PURE__ */ new FeatureFlagDecision(false, SDK_NOT_READY)
const NOT_READY_CONFIG: HackleRemoteConfig = {
  get: (_key, defaultValue) => defaultValue,
  getDetail: (_key, defaultValue) => ({ value: defaultValue, reason: SDK_NOT_READY }),
}

/**
 * The answers of a client without a workspace (the kernel's: variation "A", feature off, remote-config defaults, all
 * `SDK_NOT_READY`): what a server render without `workspaceConfig` showed, so the hydration that follows it renders
 * the same even when the browser's client already has a cached config (it then renders its answers right after).
 */
export const UNREADY_ANSWERS: Answers = {
  variation: () => NOT_READY_VARIATION,
  feature: () => NOT_READY_FEATURE,
  remoteConfig: () => NOT_READY_CONFIG,
}
