import * as React from 'react'

type Subscribe = (onStoreChange: () => void) => () => void

/**
 * `useSyncExternalStore` for React before 18 (the bindings support React 16.8 and later): renders with the current
 * snapshot and re-renders when a notification finds a different one (`Object.is`). React 18 and later use their
 * own hook, which also takes the server snapshot used by server renders and hydration.
 */
export function useStoreFallback<T>(subscribe: Subscribe, getSnapshot: () => T): T {
  const value = getSnapshot()
  const [, rerender] = React.useReducer((count: number) => count + 1, 0)
  const latest = React.useRef({ value, getSnapshot })
  React.useEffect(() => {
    latest.current = { value, getSnapshot }
  })
  React.useEffect(() => {
    const check = () => {
      const { value: shown, getSnapshot: read } = latest.current
      if (!Object.is(shown, read())) rerender()
    }
    // a change between the render and this subscription
    check()
    return subscribe(check)
  }, [subscribe])
  return value
}

const builtIn = (React as { useSyncExternalStore?: typeof React.useSyncExternalStore }).useSyncExternalStore

/** React's `useSyncExternalStore` where it exists, else the fallback above. */
export const useStore: <T>(subscribe: Subscribe, getSnapshot: () => T, getServerSnapshot: () => T) => T = builtIn ?? useStoreFallback
