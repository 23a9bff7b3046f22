import type { AnyHook, Tap } from './tapable'

/**
 * Makes a hook remember its last call, so that state announced before a plugin listened still reaches it: a tap
 * added afterwards hears that call once, at once, or, when `deferred()` gives a queue (a plugin is applying), when
 * the queue is run after that plugin's `apply`. A tap that has meanwhile heard a newer call is not called again.
 */
export function replayLastCall(hook: AnyHook, deferred: () => Array<() => void> | undefined): void {
  let calling: unknown[] | undefined
  let last: unknown[] | undefined
  hook.intercept({
    call: (...args: unknown[]) => void (calling = args),
    // Recorded once every tap ran, so a tap added by another tap during the call is not called twice.
    done: () => void (last = calling),
    register(tap: Tap) {
      const args = last
      if (args) {
        const replay = () => last === args && tap.fn(...args)
        const queue = deferred()
        queue ? queue.push(replay) : replay()
      }
      return tap
    },
  })
}
