import { hookHosts, isolateHooks } from './isolate'
import type { Kernel } from './plugin'
import type { AnyHook } from './tapable'

/**
 * A plugin's own hooks, for other plugins to tap: the returned accessor gives one set per client, made by `create`
 * on first request, before or after the owning plugin applies. `namespace` is the owning plugin's name.
 *
 * - Each hook is isolated like the kernel's: a throwing tap is reported as `Plugin [name] failed in hook
 *   [namespace.hook]` and on `hooks.pluginFailed`, and the other taps still run.
 * - Taps that a plugin adds while it applies are undone with the rest of it if its `apply` throws.
 * - When every plugin has applied and no plugin named `namespace` is installed, a set that has taps is reported
 *   once (a warning naming the tapping plugins): those taps will never be called.
 */
export function definePluginHooks<T extends object>(namespace: string, create: () => T): (kernel: Kernel) => T {
  const byClient = new WeakMap<object, T>()
  return (kernel) => {
    let hooks = byClient.get(kernel.hooks)
    if (!hooks) {
      const created = Object.freeze(create())
      hooks = created
      const host = hookHosts.get(kernel.hooks)
      if (host) isolateHooks(created, `${namespace}.`, host)
      byClient.set(kernel.hooks, created)
      kernel.hooks.applied.tap(`${namespace}:owner-check`, () => {
        if (kernel.has(namespace)) return
        const tappers = new Set<string>()
        for (const hook of Object.values(created) as AnyHook[]) for (const tap of hook.taps) tappers.add(tap.name)
        if (tappers.size) kernel.logger.warn(`Plugin [${[...tappers].join(', ')}] taps hooks of plugin [${namespace}], which is not installed`)
      })
    }
    return hooks
  }
}
