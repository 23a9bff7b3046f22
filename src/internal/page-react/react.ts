/**
 * `react` in the React-free builds of hackle-kit's views: each export calls the page's React (`setPageReact`) when it
 * runs, so the module itself can be evaluated before the page's React is given. Only what the views use is here (the
 * build fails on a missing name). Types come from the real `react` when the views are type-checked.
 */
import { useStoreWith, type StoreHooks } from '../store-fallback'
import { pageReact } from './holder'

type Call = (...args: any[]) => any
const call =
  (name: string): Call =>
  (...args) =>
    pageReact().react[name](...args)

export const createElement = call('createElement')
export const createContext = call('createContext')
export const useContext = call('useContext')
export const useEffect = call('useEffect')
export const useLayoutEffect = call('useLayoutEffect')
export const useReducer = call('useReducer')
export const useRef = call('useRef')
export const useState = call('useState')

/**
 * React's `useSyncExternalStore` (18 and later); before 18 a stand-in: renders with the current snapshot and renders
 * again when a notification finds a different one (`Object.is`). A page has one React, so each component always takes
 * the same branch (the order of its hooks never changes).
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const React = pageReact().react
  if (typeof React.useSyncExternalStore === 'function') return React.useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return useStoreWith(React as StoreHooks, subscribe, getSnapshot)
}
