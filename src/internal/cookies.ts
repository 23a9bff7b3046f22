import { cookieText, readCookie } from '../kernel/storage/cookies'

/**
 * The values of these cookies from `document.cookie` (a read is a trip to the browser's cookie store, shared with the
 * cookie stores' reads of the same synchronous run): null for a missing one, all null where the page has no cookies
 * to read.
 */
export function readCookies(names: readonly string[]): Array<string | null> {
  let text = ''
  try {
    text = cookieText(document)
  } catch {
    // a sandboxed frame or no document: no cookies
  }
  return names.map((name) => readCookie(text, name))
}
