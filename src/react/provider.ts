import { createElement, useEffect, useMemo, useState, type ReactNode } from 'react'
import { Logger, type User } from '../index'
import { HackleContextProvider } from './context'
import type { HackleReactSDKClient } from './client'
import { awaitInitialization, isReady, isServerReady, stateOf } from './store'
import { useStore } from './use-store'
import { isSameUser } from './user-equality'

/** `HackleProvider`'s props. */
export interface ProviderProps {
  /** The client the tree's hooks and components read (`createInstance` of `hackle-kit/react`). */
  hackleClient: HackleReactSDKClient
  /** The user to decide for: applied before the tree renders (on the server too), again whenever it changes. */
  user?: User | null
  /** How long to wait for the initialization before rendering with defaults (ms, default 3000). */
  timeout?: number
  /** Render the tree before the client is ready (with loading states and defaults) instead of nothing. */
  supportSSR?: boolean
  /** The tree. */
  children?: ReactNode
}

const DEFAULT_TIMEOUT = 3000
const ignore = () => () => undefined
const no = () => false

/** The user a provider last applied to each client, so a render (or StrictMode's second one) applies it once. */
const appliedUsers = new WeakMap<object, User>()

/**
 * Applies the provider's user during the render, before any child decides, so the first render (and a server render)
 * already answers for it. Idempotent: the same user again (a re-render, StrictMode) changes nothing; the client's
 * `user-updated` is announced after the render.
 */
function applyUser(client: HackleReactSDKClient, user: User | null | undefined): void {
  if (user === null || typeof user !== 'object') return
  if (isSameUser(appliedUsers.get(client), user)) return
  appliedUsers.set(client, { ...user, properties: user.properties && { ...user.properties }, identifiers: user.identifiers && { ...user.identifiers } })
  void client.setUser(user)
}

const isClient = (value: unknown): value is HackleReactSDKClient =>
  value !== null && typeof value === 'object' && typeof (value as HackleReactSDKClient).variationDetail === 'function'

/**
 * Gives its tree the client. The tree renders once the client is ready (a workspace at hand, from `workspaceConfig`
 * or the cache, or the initialization settled or timed out); with `supportSSR` it renders at once, with loading
 * states. A server render and the hydration after it take the readiness of a client made with `workspaceConfig`, so
 * both render the same answers.
 */
export function HackleProvider({ hackleClient, user, timeout = DEFAULT_TIMEOUT, supportSSR = false, children }: ProviderProps) {
  const client = isClient(hackleClient) ? hackleClient : undefined
  useState(() => {
    if (!client) Logger.log.error('HackleClient is not existed')
  })
  if (client) applyUser(client, user)
  const initialized = useStore(
    client ? stateOf(client).subscribeReady : ignore,
    client ? () => isReady(client) : no,
    client ? () => isServerReady(client) : no,
  )
  const [userVersion, setUserVersion] = useState(0)
  useEffect(() => {
    if (!client || typeof client.on !== 'function') return
    const onUserUpdated = () => setUserVersion((version) => version + 1)
    client.on('user-updated', onUserUpdated)
    return () => client.off('user-updated', onUserUpdated)
  }, [client])
  useEffect(() => {
    if (client) awaitInitialization(client, typeof timeout === 'number' ? timeout : DEFAULT_TIMEOUT)
  }, [client, timeout])
  const value = useMemo(() => ({ hackle: client, userVersion, initialized }), [client, userVersion, initialized])
  if (!supportSSR && !initialized) return null
  return createElement(HackleContextProvider, { value }, children)
}
