import { Decision, FeatureFlagDecision, type HackleRemoteConfig } from '../index'

/** What the bindings need of a client: the kernel's answers and its change subscription. */
export interface StoreClient {
  variationDetail(experimentKey: number): Decision
  featureFlagDetail(featureKey: number): FeatureFlagDecision
  remoteConfig(): HackleRemoteConfig
  onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }>
  subscribe?(listener: () => void): () => void
  version?(): number
}

interface Answer {
  version: number
  value: unknown
}

interface ClientState {
  /** Whether the client holds a workspace now (known for clients made by this entry's `createInstance`). */
  hasWorkspace: () => boolean
  /** The client got a workspace from `workspaceConfig` when it was made: a server render had it too. */
  serverReady: boolean
  /** `onInitialized` settled (success, failure or time-out). */
  settled: boolean
  readyListeners: Set<() => void>
  /** The answers of the current version, by question; an answer equal to the previous one keeps its object. */
  answers: Map<string, Answer>
  subscribe: (listener: () => void) => () => void
  subscribeReady: (listener: () => void) => () => void
}

const states = new WeakMap<object, ClientState>()
const noWorkspace = () => false

/** The state of `client` (made on first use, for any client object). */
export function stateOf(client: StoreClient): ClientState {
  let state = states.get(client)
  if (state) return state
  const readyListeners = new Set<() => void>()
  const subscribe = (listener: () => void): (() => void) => {
    try {
      if (typeof client.subscribe === 'function') return client.subscribe(listener)
    } catch {
      // a foreign client whose subscribe throws: no updates, no crash
    }
    return () => undefined
  }
  state = {
    hasWorkspace: noWorkspace,
    serverReady: false,
    settled: false,
    readyListeners,
    answers: new Map(),
    subscribe,
    subscribeReady(listener) {
      readyListeners.add(listener)
      const stop = subscribe(listener)
      return () => {
        readyListeners.delete(listener)
        stop()
      }
    },
  }
  states.set(client, state)
  return state
}

/** Tells the state how to see the client's workspace, and whether it had one from `workspaceConfig` at creation. */
export function describeClient(client: StoreClient, hasWorkspace: () => boolean, fromWorkspaceConfig: boolean): void {
  const state = stateOf(client)
  state.hasWorkspace = hasWorkspace
  state.serverReady = fromWorkspaceConfig && hasWorkspace()
}

/** Ready: a workspace is at hand, or the initialization settled without one (answers are then the defaults). */
export const isReady = (client: StoreClient): boolean => {
  const state = stateOf(client)
  return state.settled || state.hasWorkspace()
}

/** What a server render (and so the hydration that follows it) took for readiness. */
export const isServerReady = (client: StoreClient): boolean => stateOf(client).serverReady

/** Waits for the client's initialization (at most `timeout` ms), then marks it ready for every provider. */
export function awaitInitialization(client: StoreClient, timeout: number): void {
  const state = stateOf(client)
  if (state.settled) return
  const settle = () => {
    if (state.settled) return
    state.settled = true
    for (const listener of [...state.readyListeners]) listener()
  }
  try {
    void client.onInitialized({ timeout }).then(settle, settle)
  } catch {
    settle()
  }
}

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
