import { Logger } from '../index'

/** Listener of one event. */
export type EventReceiver<T> = (params: T) => void

/**
 * The reference React client's event methods (`on` / `off` / `emit` by event name, the same listener added twice is
 * called twice, as there). A listener that throws is logged and the others still run.
 */
export interface Emitter<M extends Record<string, unknown>> {
  /** Adds `fn` as a listener of `eventName`. */
  on<K extends string & keyof M>(eventName: K, fn: EventReceiver<M[K]>): void
  /** Removes `fn` from the listeners of `eventName` (every registration of it). */
  off<K extends string & keyof M>(eventName: K, fn: EventReceiver<M[K]>): void
  /** Calls every listener of `eventName` with `params`, in the order they were added. */
  emit<K extends string & keyof M>(eventName: K, params: M[K]): void
}

export function createEmitter<M extends Record<string, unknown>>(): Emitter<M> {
  const listeners = new Map<string, Array<EventReceiver<never>>>()
  const listOf = (name: string) => listeners.get(String(name)) ?? []
  return {
    on(eventName, fn) {
      if (typeof fn === 'function') listeners.set(String(eventName), [...listOf(eventName), fn as EventReceiver<never>])
    },
    off(eventName, fn) {
      listeners.set(String(eventName), listOf(eventName).filter((it) => it !== fn))
    },
    emit(eventName, params) {
      for (const fn of listOf(eventName)) {
        try {
          ;(fn as EventReceiver<typeof params>)(params)
        } catch (error) {
          Logger.log.error(`Unexpected exception in a '${String(eventName)}' listener: ${String(error)}`)
        }
      }
    },
  }
}
