import { definePlugin, type PluginDefinition } from '../../kernel'
import { listen } from '../../internal'

const NAME = 'trace'
const STACK_LINES = 30
const DEFAULT_MAX_PER_MINUTE = 20

/** `trace(options)`: capture uncaught errors and unhandled rejections as `$trace` events. */
export interface TraceOptions {
  /** Capture errors (default true); `false` installs nothing. */
  enabled?: boolean
  /** At most this many `$trace` events per 60 s window (default 20); the rest are dropped. */
  maxPerMinute?: number
}

/** `$trace` properties of an error: its name, message and the first 30 lines of its stack. */
export const traceProperties = (error: Partial<Error>) => ({
  /** Always `error`. */
  level: 'error',
  /** The error's name (`TypeError`). */
  type: error.name,
  /** Its message (`''` without one). */
  message: error.message ?? '',
  /** The first 30 lines of its stack (`''` without one). */
  $stacktrace: error.stack == null ? '' : String(error.stack).split('\n').slice(0, STACK_LINES).join('\n'),
})

/**
 * Uncaught errors as `$trace` events: the `error` event of `window` with a non-null `error` (as the reference, any
 * value: a thrown string gives a `$trace` without `type`, with an empty message and stack), and `unhandledrejection`
 * whose reason (`reason`, else `detail.reason`) is an `Error`. An error with the name, message
 * and stack of the previous captured one is ignored; otherwise the queue is flushed, `$trace` is tracked for the
 * current user (`level`, `type`, `message`, `$stacktrace`), and the queue is flushed again.
 *
 * It listens with `addEventListener`, so the page's own `onerror` / `onunhandledrejection` handlers, set before or
 * after the client, run as they would without it. An error raised while a `$trace` is being tracked is not captured
 * again, and at most `maxPerMinute` (20) `$trace` events go out per minute (counted in windows of 60 s from the first). `close()` removes the listeners.
 */
export const trace = definePlugin(
  (options: TraceOptions = {}): PluginDefinition => ({
    name: NAME,
    apply(kernel) {
      const limit = options.maxPerMinute ?? DEFAULT_MAX_PER_MINUTE
      if (typeof window === 'undefined' || options.enabled === false) return

      let previous: Partial<Error> | undefined
      let capturing = false
      let windowStart = 0
      let inWindow = 0
      const capture = (error: Partial<Error>) => {
        if (capturing) return
        if (previous && error.name === previous.name && error.message === previous.message && error.stack === previous.stack) return
        const now = Date.now()
        if (now - windowStart >= 60_000) [windowStart, inWindow] = [now, 0]
        if (inWindow >= limit) return
        inWindow++
        previous = error
        capturing = true
        try {
          kernel.hooks.flush.call('manual')
          kernel.track({ key: '$trace', properties: traceProperties(error) })
          kernel.hooks.flush.call('manual')
        } finally {
          capturing = false
        }
      }
      const onError = (event: Event) => {
        const error = (event as ErrorEvent).error
        if (error != null) capture(Object(error))
      }
      const onRejection = (event: Event) => {
        let reason: unknown
        try {
          const e = event as unknown as { reason?: unknown; detail?: { reason?: unknown } }
          if ('reason' in e) reason = e.reason
          else if (e.detail && 'reason' in e.detail) reason = e.detail.reason
        } catch {
          // no reason
        }
        if (reason instanceof Error) capture(reason)
      }
      return listen([
        [window, 'error', onError],
        [window, 'unhandledrejection', onRejection],
      ])
    },
  }),
)
