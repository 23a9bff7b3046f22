import type { AnyHook } from './tapable'
import type { PluginError } from './hooks'

/**
 * Wraps every tap of a hook so that a throwing (or rejecting) plugin is reported instead of reaching the caller,
 * ultimately the host page. A failed waterfall tap leaves the value unchanged; a failed bail tap lets the next
 * tap answer.
 */
export function isolateHook(hook: AnyHook, hookName: string, report: (error: PluginError) => void): void {
  hook.intercept({
    register(tap) {
      const fn = tap.fn
      const fail = (error: unknown) => void report({ plugin: tap.name, hook: hookName, error })
      return {
        ...tap,
        fn(...args: unknown[]) {
          try {
            const result = fn(...args)
            return result instanceof Promise ? result.catch(fail) : result
          } catch (error) {
            fail(error)
          }
        },
      }
    },
  })
}
