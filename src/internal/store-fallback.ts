/** The hooks the fallback below uses, taken from whichever React the caller renders with (the app's or the page's). */
export interface StoreHooks {
  useReducer(reducer: (count: number) => number, initial: number): [number, () => void]
  useRef<T>(initial: T): { current: T }
  useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void
}

/**
 * `useSyncExternalStore` for React before 18, on the hooks of the React given: renders with the current snapshot and
 * renders again when a notification finds a different one (`Object.is`). A component must always be given the same
 * React (the order of its hooks never changes).
 */
export function useStoreWith<T>(React: StoreHooks, subscribe: (onStoreChange: () => void) => () => void, getSnapshot: () => T): T {
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
