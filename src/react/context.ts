import { createContext } from 'react'
import type { HackleReactSDKClient } from './client'

/** What `HackleProvider` gives its tree (the reference's context shape). */
export interface HackleContext {
  /** The provider's client; undefined without a provider. */
  hackle: HackleReactSDKClient | undefined
  /** Counts the user changes the client announced (`user-updated`). */
  userVersion: number
  /** A workspace is at hand, or the initialization settled without one. */
  initialized: boolean
}

/** The context the hooks read: without a provider, no client and not initialized. */
export const HackleContext = /* @__PURE__ */ createContext<HackleContext>({ hackle: undefined, userVersion: 0, initialized: false })
/** The context's consumer (the reference's export). */
export const HackleContextConsumer = HackleContext.Consumer
/** The context's provider (the reference's export; `HackleProvider` uses it). */
export const HackleContextProvider = HackleContext.Provider
