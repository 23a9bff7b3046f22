import { createLogger, describeError, sharedLogLevel } from '../internal'
import { textOf } from './text'

/** The reference's log levels, from silent to the most verbose. */
const LEVELS = { DISABLE: 0, ERROR: 1, WARN: 2, INFO: 3, DEBUG: 4 } as const

const printer = /* @__PURE__ */ createLogger()

/** `Logger.log`: prints at the shared level with the SDK's prefix; an `Error` given to `error` prints with its stack. */
const log = {
  /** Prints an error (an `Error` with its stack). */
  error: (message: string | Error) => printer.error(textOf(message, true)),
  /** Prints a warning. */
  warn: (message: string) => printer.warn(textOf(message)),
  /** Prints an info line. */
  info: (message: string) => printer.info(textOf(message)),
  /** Prints a debug line (shown at level 4 only). */
  debug: (message: string) => printer.debug(textOf(message)),
}

/**
 * The reference's process-wide logger: `Logger.setLogLevel(level)` (0 = nothing … 4 = debug, default 3 = info)
 * sets the level of every client's logs until `createInstance` runs again (which, as in the reference, goes back to
 * the new client's `debug` / `log_disabled` options); `Logger.log.*` prints with the SDK's prefix at that level.
 */
export class Logger {
  /** Sets every client's log level: 0 nothing, 1 error, 2 warn, 3 info (default, also for an invalid value), 4 debug; numbers between are rounded and clamped. */
  static setLogLevel(logLevel: number = LEVELS.INFO): void {
    const level = typeof logLevel === 'number' && logLevel === logLevel ? Math.min(Math.max(Math.round(logLevel), 0), 4) : LEVELS.INFO
    // the reference's levels count up to debug; the kernel's thresholds count up to silence
    sharedLogLevel.threshold = 4 - level
  }

  /**
   * The level `setLogLevel` set (the reference's writable field: assigning it sets the level); 3 (info) while every
   * client follows its own options.
   */
  static get logLevel(): number {
    const threshold = sharedLogLevel.threshold
    return threshold === undefined ? LEVELS.INFO : 4 - threshold
  }

  static set logLevel(level: number) {
    Logger.setLogLevel(level)
  }

  // getters, not static fields: a static field is an assignment that keeps the class in every bundle
  /** The SDK's logger: `error`, `warn`, `info`, `debug`. */
  static get log(): typeof log {
    return log
  }
}

/** Back to each client's own options (what the reference's `createInstance` does to the shared level). */
export const resetSharedLogLevel = (): void => {
  sharedLogLevel.threshold = undefined
}

export { describeError }
