export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 }

/**
 * Console logger with the reference's message texts, prefixed `[LEVEL] Hackle:`.
 * `disabled` wins over `debug`; without `debug` the threshold is info.
 */
export function createLogger(options: { debug?: boolean; disabled?: boolean } = {}): Logger {
  const threshold = options.disabled ? 4 : options.debug ? 0 : 1
  const at =
    (level: LogLevel) =>
    (message: string): void => {
      if (RANK[level] < threshold || typeof console === 'undefined') return
      try {
        console[level](`[${level.toUpperCase()}] Hackle: ${message}`)
      } catch {
        // A console that throws must not break the page.
      }
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** Text of an unknown thrown value, as the reference prints it (`Error: message`, Error's own toString). */
export const describeError = (error: unknown): string => String(error)
