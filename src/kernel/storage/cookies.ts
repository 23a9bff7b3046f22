import { createMemoryStore, type KeyValueStore } from './key-value'
import { registrableDomain } from './domain'

export interface CookieOptions {
  /** Lifetime in days; the reference writes 3650. */
  days: number
  /** `SameSite` attribute; the reference means to write it but never does. */
  sameSite?: string
  secure?: boolean
}

const DAY_MS = 86_400_000

/**
 * A read of `document.cookie` is a blocking trip to the browser's cookie store (milliseconds on a busy machine): every
 * store of the page shares one read per synchronous run (a start-up reads a dozen cookies), read again after a
 * microtask so that a change another script makes later is always seen. Each key is looked up in that text once per
 * run (`known` keeps the answer), and a store's write keeps it too: the written value (null once removed) answers
 * that key's later reads in the same run, as the browser's cookie store would.
 */
let shared: { doc: Document; text: string; known: Map<string, string | null> } | undefined

/** Per document, the keys a write was read back for (once per page: every store of the page shares the answer). */
const checkedKeys = new WeakMap<Document, Set<string>>()

/** Cookie `name` as this synchronous run sees it: what a store wrote or read in the run, else read from the shared text. */
function readShared(doc: Document, name: string): string | null {
  if (shared?.doc !== doc) {
    shared = { doc, text: doc.cookie, known: new Map() }
    queueMicrotask(() => (shared = undefined))
  }
  const known = shared.known
  let value = known.get(name)
  if (value === undefined) known.set(name, (value = readCookie(shared.text, name)))
  return value
}

/**
 * The decoded value of cookie `name` (a cookie name: no `;`, no leading whitespace) in `document.cookie` text: its
 * first `name=` that starts a cookie (only whitespace before it since the text's start or a `;`), or null. Found by
 * searching: no copy of each cookie of the text is made.
 */
export function readCookie(cookieText: string, name: string): string | null {
  const prefix = name + '='
  for (let at = cookieText.indexOf(prefix); at >= 0; at = cookieText.indexOf(prefix, at + 1)) {
    if (cookieText.slice(cookieText.lastIndexOf(';', at) + 1, at).trim()) continue
    try {
      // (-1 >>> 0: no `;` after it, the value runs to the end)
      return decodeURIComponent(cookieText.slice(at + prefix.length, cookieText.indexOf(';', at) >>> 0))
    } catch {
      return null
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
): KeyValueStore & { set(key: string, value: string, days?: number): void } {
  const memory = createMemoryStore()
  let broken = false
  /** Runs a cookie operation; the first failure switches the store to memory for the rest of the page. */
  const attempt = <T>(operation: () => T, fallback?: () => T): T | undefined => {
    if (!broken) {
      try {
        return operation()
      } catch (error) {
        broken = true
        onFailure(`cookies are unavailable, keeping data in memory: ${String(error)}`)
      }
    }
    return fallback?.()
  }
  // A page keeps its hostname: its registrable domain is found once.
  let domain: string | undefined
  // The last expiry date and its text (slow to make): writes in the same millisecond share it.
  let expiresAt = NaN
  let expires = ''
  const write = (key: string, value: string, days: number) => {
    domain ??= registrableDomain(doc().location.hostname)
    const at = Date.now() + days * DAY_MS
    if (at !== expiresAt) expires = new Date((expiresAt = at)).toUTCString()
    let line = `${key}=${encodeURIComponent(value)}; expires=${expires}; path=/`
    if (domain) line += `; domain=.${domain}`
    if (options.sameSite) line += `; SameSite=${options.sameSite}`
    if (options.secure) line += '; secure'
    const d = doc()
    d.cookie = line
    // A page that refuses cookies ignores the write silently. Reading back costs a trip to the browser's cookie
    // store (a blocking call in Chromium), so each key is checked once per page.
    const checked = checkedKeys.get(d) ?? new Set<string>()
    checkedKeys.set(d, checked)
    if (days > 0 && !checked.has(key)) {
      shared = undefined
      if (readShared(d, key) !== value) throw new Error('the cookie did not persist')
      checked.add(key)
    }
    if (shared?.doc === d) shared.known.set(key, days > 0 ? value : null)
  }
  const store = {
    get: (key: string): string | null => attempt(() => readShared(doc(), key), () => memory.get(key))!,
    /** Writes a cookie for `days` (default: the store's lifetime). */
    set(key: string, value: string, days = options.days): void {
      memory.set(key, value)
      attempt(() => write(key, value, days))
    },
    remove(key: string): void {
      memory.remove(key)
      attempt(() => write(key, '', -1))
    },
  }
  return store
}
