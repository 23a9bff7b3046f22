/** A string read from the page; `''` when the API is missing, throws or answers something else. */
const str = (get: () => unknown): string => {
  try {
    const value = get()
    return typeof value === 'string' ? value : ''
  } catch {
    return ''
  }
}

/**
 * The page part of the hackle properties, read from `win.location` and `win.document` (empty strings outside a
 * browser); protocol without its `:`. The properties plugin sends it, the pages plugin snapshots it.
 */
export function readPage(win: Window = globalThis as unknown as Window) {
  const location = () => win.location
  return {
    pagePath: str(() => location().pathname),
    pageTitle: str(() => win.document.title),
    host: str(() => location().host),
    url: str(() => location().href),
    referrer: str(() => win.document.referrer),
    queryParameter: str(() => location().search),
    protocol: str(() => location().protocol).replace(':', ''),
  }
}

/** `location.hostname` of `win`, `''` when unavailable. */
export const readHostname = (win: Window = globalThis as unknown as Window): string => str(() => win.location.hostname)
