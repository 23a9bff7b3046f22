import { words } from './evaluation/words'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** The levels, from the lowest. */
const LEVELS: readonly LogLevel[] = words('debug info warn error')

/**
 * Console logger with the reference's message texts, prefixed `[LEVEL] Hackle:`.
 * `logDisabled` wins over `debug`; without `debug` the threshold is info.
 */
export function createLogger(options: { debug?: boolean; logDisabled?: boolean } = {}): Logger {
  const threshold = options.logDisabled ? 4 : options.debug ? 0 : 1
  const logger = {} as Logger
  LEVELS.forEach((level, rank) => {
    logger[level] = (message) => {
      if (rank < threshold || typeof console === 'undefined') return
      try {
        console[level](`[${level.toUpperCase()}] Hackle: ${message}`)
      } catch {
        // A console that throws must not break the page.
      }
    }
  })
  return logger
}

/** Text of an unknown thrown value, as the reference prints it (`Error: message`, Error's own toString). */
export const describeError = (error: unknown): string => String(error)
