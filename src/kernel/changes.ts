import { describeError, type Logger } from './logger'

/**
 * `client.version()` and `client.subscribe()`: `invalidate()` bumps the version at once and wakes the subscribers
 * once per microtask, however many changes came in it. A throwing subscriber is logged; the others still run.
 */
export function createChanges(logger: Logger) {
  let version = 0
  let notifying = false
  const listeners = new Set<() => void>()
  return {
    version: () => version,
    subscribe(listener: () => void): () => void {
      if (typeof listener !== 'function') return () => undefined
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    invalidate(): void {
      version++
      if (notifying || !listeners.size) return
      notifying = true
      void Promise.resolve().then(() => {
        notifying = false
        for (const listener of [...listeners]) {
          try {
            listener()
          } catch (error) {
            logger.error(`Unexpected exception in a subscriber: ${describeError(error)}`)
          }
        }
      })
    },
    clear: () => listeners.clear(),
  }
}
