import { isolateHook, pluginErrorReporter } from './isolate'
import type { Kernel } from './plugin'
import type { AnyHook } from './tapable'

/**
 * A plugin's own hooks, for other plugins to tap (webpack's `getCompilationHooks` pattern): the returned accessor gives
 * one set per client, made by `create` on first request, before or after the owning plugin applies. Each hook is
 * isolated like the kernel's: a throwing tap is reported as `Plugin [name] failed in hook [namespace.hook]` and on
 * `hooks.pluginError`, and the other taps still run.
 */
export function definePluginHooks<T extends object>(namespace: string, create: () => T): (kernel: Kernel) => T {
  const byKernel = new WeakMap<Kernel, T>()
  return (kernel) => {
    let hooks = byKernel.get(kernel)
    if (!hooks) {
      hooks = Object.freeze(create())
      const report = pluginErrorReporter(kernel.logger, kernel.hooks)
      for (const [name, hook] of Object.entries(hooks)) isolateHook(hook as AnyHook, `${namespace}.${name}`, report)
      byKernel.set(kernel, hooks)
    }
    return hooks
  }
}
