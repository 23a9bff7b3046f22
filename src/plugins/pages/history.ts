import type { Logger } from '../../kernel'
import { describeError } from '../../internal'

type HistoryMethod = 'pushState' | 'replaceState'

/**
 * Wraps `history.pushState` and `history.replaceState`: each wrapper calls the method that was installed before it
 * (the browser's or another script's patch), then `changed()`. An exception of that method is logged and swallowed
 * (the call answers `undefined`), as the reference does. Returns the undo: a wrapper that is still installed is
 * replaced by the method it wrapped; one that another script wrapped since stays in place as a pass-through, so that
 * script's chain keeps working.
 */
export function wrapHistory(changed: () => void, logger: Logger): () => void {
  if (typeof history === 'undefined') return () => undefined
  const undo: Array<() => void> = []
  for (const method of ['pushState', 'replaceState'] as HistoryMethod[]) {
    const original = history[method]
    if (typeof original !== 'function') continue
    let active = true
    const wrapper = function (...args: unknown[]) {
      let result: unknown
      try {
        result = (original as (...args: unknown[]) => unknown).apply(history, args)
      } catch (error) {
        logger.error(describeError(error))
        return undefined
      }
      if (active) changed()
      return result
    }
    history[method] = wrapper as History[HistoryMethod]
    undo.push(() => {
      active = false
      try {
        if (history[method] === (wrapper as unknown)) history[method] = original
      } catch {
        // stays a pass-through
      }
    })
  }
  return () => {
    for (const fn of undo) fn()
  }
}
