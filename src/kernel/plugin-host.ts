import { describeError, type Logger } from './logger'
import { isObject } from './util/object'
import type { HookHost } from './isolate'
import type { Kernel, Plugin } from './plugin'
import type { AnyHook, Tap } from './tapable'

/**
 * Applies plugins to a kernel, in order, and keeps what each added:
 *
 * - `kernel.extend` adds client methods under the plugin's name; a name the kernel or another plugin already has is
 *   refused with a warning that names both (the first keeps it).
 * - While a plugin applies, its taps (on any hook, plugin hooks included) and methods are recorded, and replays of
 *   remembered hook calls wait in `replays`; if `apply` throws, the taps and methods are removed, the plugin is no
 *   longer installed, and its replays are dropped. Otherwise the replays run once `apply` has returned.
 * - A plugin's `requires` that are not installed are reported once each.
 */
export function createPluginHost(plugins: Plugin[], client: object, logger: Logger, host: HookHost) {
  const methods = client as Record<string, unknown>
  /** Client method name → the plugin that added it. */
  const owners = new Map<string, string>()
  let replays: Array<() => void> | undefined
  const installed = new Set(plugins.map((plugin) => plugin.name))

  const extendAs = (plugin: string) => (given: Record<string, unknown>) => {
    for (const [name, method] of Object.entries(isObject(given) ? given : {})) {
      if (typeof method !== 'function') continue
      const by = owners.get(name)
      if (by !== plugin && (by || name in methods)) {
        logger.warn(`Plugin [${plugin}] adds client method [${name}] that ${by ? `plugin [${by}]` : 'the kernel'} has`)
        continue
      }
      owners.set(name, plugin)
      methods[name] = method
    }
  }

  return {
    extendAs,
    /** Where replays wait while a plugin applies (undefined between plugins). */
    replays: () => replays,
    /** Whether a plugin of this name is installed (listed, and its `apply` did not throw). */
    has: (name: string) => installed.has(name),
    /** The installed plugins' names, in the order they apply. */
    names: () => [...installed],
    /** Applies each plugin; returns their teardowns. */
    apply(kernel: Kernel): Array<() => void> {
      const teardowns: Array<() => void> = []
      for (const plugin of plugins) {
        const recorded: Array<[AnyHook, Tap]> = (host.recording = [])
        const waiting: Array<() => void> = (replays = [])
        try {
          const teardown = plugin.apply({ ...kernel, extend: extendAs(plugin.name) })
          if (typeof teardown === 'function') teardowns.push(teardown)
        } catch (error) {
          logger.error(`Failed to apply plugin [${plugin.name}]: ${describeError(error)}`)
          // `>>> 0` turns the -1 of a tap that is gone already into an index past the end: nothing is removed.
          for (const [hook, tap] of recorded) hook.taps.splice(hook.taps.indexOf(tap) >>> 0, 1)
          for (const [name, by] of owners) {
            if (by !== plugin.name) continue
            owners.delete(name)
            delete methods[name]
          }
          installed.delete(plugin.name)
          waiting.length = 0
        } finally {
          host.recording = replays = undefined
        }
        for (const replay of waiting) replay()
      }
      for (const plugin of plugins) {
        for (const required of Array.isArray(plugin.requires) ? plugin.requires : []) {
          if (installed.has(plugin.name) && !installed.has(required)) logger.warn(`Plugin [${plugin.name}] requires plugin [${required}], which is not installed`)
        }
      }
      return teardowns
    },
  }
}
