/** `fetch()` accepts one call per window. */
export const FETCH_THROTTLE_MILLIS = 60_000

/**
 * One accepted call per `intervalMillis` window; the window starts at the first accepted call and a call at exactly
 * its end is still inside it (the reference's ThrottleLimiter with a limit of 1). Returns whether this call may run.
 */
export function createThrottle(intervalMillis: number, now: () => number = Date.now): () => boolean {
  let windowEnd: number | undefined
  return () => {
    const time = now()
    if (windowEnd !== undefined && windowEnd >= time) return false
    windowEnd = time + intervalMillis
    return true
  }
}
