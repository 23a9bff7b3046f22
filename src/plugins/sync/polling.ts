import { type Logger } from '../../kernel'
import { describeError } from '../../internal'

/** The reference's browser minimum. */
export const MIN_POLLING_INTERVAL_MILLIS = 60_000
/** setTimeout fires at once for longer delays (32-bit overflow); a longer interval would poll in a tight loop. */
const MAX_TIMER_DELAY_MILLIS = 2_147_483_647

/**
 * The `pollingIntervalMillis` option: not a number (NaN included), undefined or ≤ 0 → off (undefined);
 * otherwise at least 60 000 ms.
 */
export function pollingInterval(value: unknown): number | undefined {
  if (typeof value !== 'number' || !(value > 0)) return undefined
  return Math.min(Math.max(value, MIN_POLLING_INTERVAL_MILLIS), MAX_TIMER_DELAY_MILLIS)
}

/**
 * Runs `task` every `intervalMillis` (first run after one interval) with a setTimeout chain re-armed right after each
 * run starts, as the reference's periodic job does. A task that throws is logged `Failed to run task: …` and the
 * schedule continues. Returns the function that stops it.
 */
export function startPolling(intervalMillis: number, task: () => unknown, logger: Logger): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    try {
      task()
    } catch (error) {
      logger.error(`Failed to run task: ${describeError(error)}`)
    }
    if (!stopped) timer = setTimeout(run, intervalMillis)
  }
  timer = setTimeout(run, intervalMillis)
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
