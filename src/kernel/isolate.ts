import type { AnyHook, SyncHook } from './tapable'
import type { PluginError } from './hooks'
import { describeError, type Logger } from './logger'

/** Reports a plugin's failure: an error in the log, and the `pluginError` hook (unless that hook is what failed). */
export const pluginErrorReporter =
  (logger: Logger, hooks: { readonly pluginError: SyncHook<[PluginError]> }) =>
  (failure: PluginError): void => {
    logger.error(`Plugin [${failure.plugin}] failed in hook [${failure.hook}]: ${describeError(failure.error)}`)
    if (failure.hook !== 'pluginError') hooks.pluginError.call(failure)
  }

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
