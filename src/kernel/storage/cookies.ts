import { createMemoryStore, type KeyValueStore } from './key-value'
import { registrableDomain } from './domain'

export interface CookieOptions {
  /** Lifetime in days; the reference writes 3650. */
  days: number
  /** `SameSite` attribute; the reference means to write it but never does (spec §14). */
  sameSite?: string
  secure?: boolean
}

const DAY_MS = 86_400_000

function readCookie(cookieText: string, name: string): string | null {
  const prefix = name + '='
  for (let part of cookieText.split(';')) {
    part = part.replace(/^ +/, '')
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length))
      } catch {
        return null
      }
    }
  }
  return null
}

/**
 * Cookies under the registrable domain (so subdomains share the visitor), `path=/`, encoded with
 * encodeURIComponent. If the page cannot use cookies (sandboxed frame, disabled), values live in memory.
 */
export function createCookieStore(
  options: CookieOptions,
  onFailure: (message: string) => void,
  doc: () => Document = () => document,
): KeyValueStore & { setFor(key: string, value: string, days: number): void } {
  const memory = createMemoryStore()
  let broken = false
  const fail = (error: unknown) => {
    if (!broken) onFailure(`cookies are unavailable, keeping data in memory: ${String(error)}`)
    broken = true
  }
  const write = (key: string, value: string, days: number) => {
    const domain = registrableDomain(doc().location.hostname)
    let text = `${key}=${encodeURIComponent(value)}; expires=${new Date(Date.now() + days * DAY_MS).toUTCString()}; path=/`
    if (domain) text += `; domain=.${domain}`
    if (options.sameSite) text += `; SameSite=${options.sameSite}`
    if (options.secure) text += '; secure'
    doc().cookie = text
  }
  const store = {
    get(key: string): string | null {
      if (broken) return memory.get(key)
      try {
        return readCookie(doc().cookie, key)
      } catch (error) {
        fail(error)
        return memory.get(key)
      }
    },
    setFor(key: string, value: string, days: number): void {
      memory.set(key, value)
      if (broken) return
      try {
        write(key, value, days)
        if (days > 0 && readCookie(doc().cookie, key) !== value) fail('the cookie did not persist')
      } catch (error) {
        fail(error)
      }
    },
    set(key: string, value: string): void {
      store.setFor(key, value, options.days)
    },
    remove(key: string): void {
      memory.remove(key)
      if (broken) return
      try {
        write(key, '', -1)
      } catch (error) {
        fail(error)
      }
    },
  }
  return store
}
