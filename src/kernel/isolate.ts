import type { AnyHook, Tap } from './tapable'
import type { PluginError } from './hooks'
import { describeError, type Logger } from './logger'

/** What one client's isolated hooks share: where failures go, and who records the taps a plugin adds. */
export interface HookHost {
  readonly logger: Logger
  /** The kernel's `pluginFailed` hook. */
  readonly failed: { call(failure: PluginError): void }
  /** While a plugin applies: receives every tap it adds, to undo them if `apply` throws. */
  recording?: Array<[AnyHook, Tap]>
}

/**
 * Wraps every tap of these hooks so that a throwing (or rejecting) plugin is reported instead of reaching the caller,
 * ultimately the host page: a failed waterfall tap leaves the value unchanged, a failed bail tap lets the next tap
 * answer. Hook names are reported as `prefix + key`.
 */
export function isolateHooks(hooks: object, prefix: string, host: HookHost): void {
  for (const [key, hook] of Object.entries(hooks) as Array<[string, AnyHook]>) {
    const hookName = prefix + key
    hook.intercept({
      register(tap) {
        const fn = tap.fn
        // reported as an error in the log, and on `hooks.pluginFailed` (unless that hook is what failed)
        const fail = (error: unknown) => {
          host.logger.error(`Plugin [${tap.name}] failed in hook [${hookName}]: ${describeError(error)}`)
          if (hookName !== 'pluginFailed') host.failed.call({ plugin: tap.name, hook: hookName, error })
        }
        const isolated: Tap = {
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
        host.recording?.push([hook, isolated])
        return isolated
      },
    })
  }
}

/** Hosts by the kernel hooks object they belong to, so plugin hooks of a client share its host. */
export const hookHosts = new WeakMap<object, HookHost>()
