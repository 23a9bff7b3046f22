import type { PageSnapshot } from '../kernel/contract'
import type { Properties } from '../kernel/types'

/** Runs a browser API read; a missing or throwing API, or a value `ok` refuses, gives `fallback`. */
export function readOr<T>(get: () => unknown, ok: (v: unknown) => v is T, fallback: T): T {
  try {
    const value = get()
    return ok(value) ? value : fallback
  } catch {
    return fallback
  }
}

const isString = (v: unknown): v is string => typeof v === 'string'

/** A string read from the page; `''` when the API is missing, throws or answers something else. */
export const readString = (get: () => unknown): string => readOr(get, isString, '')

/**
 * The page part of the hackle properties, read from `win.location` and `win.document` (empty strings outside a
 * browser); protocol without its `:`. The properties plugin sends it, the pages plugin snapshots it.
 */
export function readPage(win: Window = globalThis as unknown as Window) {
  const location = () => win.location
  return {
    pagePath: readString(() => location().pathname),
    pageTitle: readString(() => win.document.title),
    host: readString(() => location().host),
    url: readString(() => location().href),
    referrer: readString(() => win.document.referrer),
    queryParameter: readString(() => location().search),
    protocol: readString(() => location().protocol).replace(':', ''),
  }
}

/** `location.hostname` of `win`, `''` when unavailable. */
export const readHostname = (win: Window = globalThis as unknown as Window): string => readString(() => win.location.hostname)

/**
 * A snapshot of the location of `win` (default: the page's) as a page named `pageName` (default: the title) with
 * `properties`; empty strings outside a browser or where the page refuses.
 */
export function snapshotPage(pageName?: unknown, properties?: unknown, win?: Window): PageSnapshot {
  const { pageTitle, ...page } = readPage(win)
  return { ...page, hostname: readHostname(win), pageName: (pageName ?? pageTitle) as string, properties: (properties ?? {}) as Properties }
}
