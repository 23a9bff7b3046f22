import * as React from 'react'
import { useStoreWith } from '../internal'

type Subscribe = (onStoreChange: () => void) => () => void

/**
 * `useSyncExternalStore` for React before 18 (the bindings support React 16.8 and later): renders with the current
 * snapshot and re-renders when a notification finds a different one (`Object.is`). React 18 and later use their
 * own hook, which also takes the server snapshot used by server renders and hydration.
 */
export const useStoreFallback = <T>(subscribe: Subscribe, getSnapshot: () => T): T => useStoreWith(React, subscribe, getSnapshot)

const builtIn = (React as { useSyncExternalStore?: typeof React.useSyncExternalStore }).useSyncExternalStore

/** React's `useSyncExternalStore` where it exists, else the fallback above. */
export const useStore: <T>(subscribe: Subscribe, getSnapshot: () => T, getServerSnapshot: () => T) => T = builtIn ?? useStoreFallback
