import type { Decision, FeatureFlagDecision, HackleRemoteConfig } from '../index'

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
