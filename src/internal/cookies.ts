import { readCookie } from '../kernel/storage/cookies'

/** The value of this cookie from `document.cookie`, or null (also where the page has no cookies to read). */
export function readPageCookie(name: string): string | null {
  try {
    return readCookie(document.cookie, name)
  } catch {
    // a sandboxed frame or no document: no cookies
    return null
  }
}
