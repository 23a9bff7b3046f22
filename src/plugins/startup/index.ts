import { definePlugin, definePluginHooks, SyncBailHook, SyncHook, type Kernel, type PluginDefinition } from '../../kernel'

const NAME = 'startup'
const DEFAULT_TIMEOUT = 3000
const DONE_EVENT = 'hackle-initialize-done'

/** `startup(options)`. */
export interface StartupOptions {
  /** Start-up completes after the initial workspace load or after this many milliseconds, whichever is first (3000). */
  timeoutMillis?: number
}

/**
 * The start-up plugin's hooks, for plugins that run once start-up has completed (page tracking, DevTool auto-open,
 * in-app delays):
 *
 * - `completed()`: start-up completed (the initial workspace load settled, or the time limit passed); called once.
 * - `announce()`: just after `completed`; a tap returning `false` suppresses the `hackle-initialize-done` window
 *   event (a split-URL redirect is leaving the page).
 */
export interface StartupHooks {
  /** Start-up completed (see above). */
  readonly completed: SyncHook<[]>
  /** Whether to dispatch `hackle-initialize-done` (see above). */
  readonly announce: SyncBailHook<[], boolean | void>
}

/** The start-up hooks of a client (they exist per client, whether or not the startup plugin is installed). */
export const getStartupHooks: (kernel: Kernel) => StartupHooks = /* @__PURE__ */ definePluginHooks(NAME, () => ({
  completed: new SyncHook<[]>(),
  announce: new SyncBailHook<[], boolean | void>(),
}))

/**
 * Runs `fn` once when start-up completes: on the start-up plugin's `completed` hook when the client has that plugin,
 * else on the first of the initial workspace load and `timeoutMillis`. Call it while applying a plugin (start-up
 * completes later). Returns the function that cancels it.
 */
export function onStartupCompleted(kernel: Kernel, name: string, fn: () => void, timeoutMillis = DEFAULT_TIMEOUT): () => void {
  let pending = true
  const run = () => {
    if (!pending) return
    pending = false
    clearTimeout(timer)
    fn()
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  if (kernel.has(NAME)) getStartupHooks(kernel).completed.tap(name, run)
  else {
    timer = setTimeout(run, timeoutMillis)
    kernel.hooks.initialized.tap(name, run)
  }
  return () => {
    pending = false
    clearTimeout(timer)
  }
}

/**
 * Start-up completion: when the initial workspace load settled or `timeoutMillis` (3000) passed, whichever is
 * first, `getStartupHooks(kernel).completed` runs once (the pages plugin publishes the first `pageshow` there), then
 * the `hackle-initialize-done` window event (a `CustomEvent` without detail) is dispatched unless a tap of
 * `announce` answered `false`.
 */
export const startup = definePlugin(
  (options: StartupOptions = {}): PluginDefinition => ({
    name: NAME,
    apply(kernel) {
      const hooks = getStartupHooks(kernel)
      let done = false
      const complete = () => {
        if (done) return
        done = true
        clearTimeout(timer)
        hooks.completed.call()
        try {
          if (hooks.announce.call() !== false) window.dispatchEvent(new CustomEvent(DONE_EVENT))
        } catch {
          // outside a browser
        }
      }
      const timer = setTimeout(complete, options.timeoutMillis ?? DEFAULT_TIMEOUT)
      kernel.hooks.initialized.tap(NAME, complete)
      return () => {
        done = true
        clearTimeout(timer)
      }
    },
  }),
)
