import { words } from './evaluation/words'

/** A log line's level, from the lowest. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** Prints the SDK's messages at four levels (lines below the client's threshold are dropped); never throws. */
export interface Logger {
  /** Details, printed only with `debug: true`. */
  debug(message: string): void
  /** Progress worth knowing. */
  info(message: string): void
  /** Bad input or a recoverable problem; the SDK went on with a safe default. */
  warn(message: string): void
  /** A failure (a request, a plugin, a timeout); the SDK went on. */
  error(message: string): void
}

/** Characters of a message that are printed (the rest is cut). */
const MAX_MESSAGE = 2048

/** The levels, from the lowest. */
const LEVELS: readonly LogLevel[] = /* @__PURE__ */ words('debug info warn error')

/**
 * A threshold every logger uses instead of its own while set (0 = debug … 3 = error, 4 = nothing): the reference's
 * process-wide `Logger.setLogLevel`. Undefined: each logger follows its options.
 */
export const sharedLogLevel: { threshold?: number } = {}

/**
 * Console logger with the reference's message texts, prefixed `[LEVEL] Hackle:`.
 * `logDisabled` wins over `debug`; without `debug` the threshold is info (unless `sharedLogLevel` is set).
 * `printed` hears the level of every line at or above the threshold, except lines logged while it runs.
 */
export function createLogger(options: { debug?: boolean; logDisabled?: boolean } = {}, printed?: (level: LogLevel) => void): Logger {
  const threshold = options.logDisabled ? 4 : options.debug ? 0 : 1
  const logger = {} as Logger
  let hearing = false
  LEVELS.forEach((level, rank) => {
    logger[level] = (message) => {
      if (rank < (sharedLogLevel.threshold ?? threshold)) return
      // `printed` does not throw (the kernel passes an isolated hook call); a line its taps log is not heard again.
      if (!hearing) {
        hearing = true
        printed?.(level)
        hearing = false
      }
      if (typeof console === 'undefined') return
      try {
        // a message quoting a huge argument is cut: printing megabytes would block the page
        console[level](`[${level.toUpperCase()}] Hackle: ${String(message).slice(0, MAX_MESSAGE)}`)
      } catch {
        // A console that throws must not break the page.
      }
    }
  })
  return logger
}

/**
 * Text of an unknown thrown value, as the reference prints it (`Error: message`, Error's own toString); a value that
 * cannot be turned into text (no prototype, a throwing `toString`) reads as "unprintable error" instead of throwing.
 */
export function describeError(error: unknown): string {
  try {
    return String(error)
  } catch {
    return 'unprintable error'
  }
}
