import type { AnyHook, Tap } from './tapable'
import type { PluginError } from './hooks'

/**
 * Wraps every tap of a hook so that a throwing or rejecting plugin is reported instead of reaching the caller
 * (ultimately the host page). A failed waterfall tap leaves the value unchanged; a failed bail tap lets the next
 * tap answer.
 */
export function isolateHook(hook: AnyHook, hookName: string, report: (error: PluginError) => void): void {
  hook.intercept({
    register(tap: Tap): Tap {
      const fn = tap.fn
      const fail = (error: unknown) => report({ plugin: tap.name, hook: hookName, error })
      if (tap.type === 'async') {
        return {
          ...tap,
          fn: (...args: unknown[]) => {
            const callback = args.pop() as (error?: unknown, result?: unknown) => void
            const done = (error?: unknown, result?: unknown) => {
              if (error) fail(error)
              callback(undefined, error ? undefined : result)
            }
            try {
              fn(...args, done)
            } catch (error) {
              done(error)
            }
          },
        }
      }
      return {
        ...tap,
        fn: (...args: unknown[]) => {
          try {
            const result = fn(...args)
            if (result && typeof (result as Promise<unknown>).then === 'function') {
              return (result as Promise<unknown>).then(undefined, (error) => {
                fail(error)
                return undefined
              })
            }
            return result
          } catch (error) {
            fail(error)
            return undefined
          }
        },
      }
    },
  })
}
