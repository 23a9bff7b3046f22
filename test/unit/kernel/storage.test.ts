import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCookieStore, createLocalStore, registrableDomain } from '../../../src/kernel/storage'
import { clearBrowserState } from '../browser-state'

describe('registrableDomain (browser-behaviour §4)', () => {
  it.each([
    ['shop.example.co.kr', 'example.co.kr'],
    ['www.example.com', 'example.com'],
    ['my-site.github.io', 'github.io'],
    ['x.y.gov.uk', 'gov.uk'],
    ['a.b.example.org', 'example.org'],
    ['app.example.travel', 'example.travel'],
    ['localhost', ''],
    ['127.0.0.1', ''],
  ])('%s → %s', (host, domain) => expect(registrableDomain(host)).toBe(domain))
})

describe('local store', () => {
  afterEach(() => localStorage.clear())

  it('reads and writes localStorage', () => {
    const store = createLocalStore(() => undefined)
    store.set('k', 'v')
    expect(localStorage.getItem('k')).toBe('v')
    expect(store.get('k')).toBe('v')
    store.remove('k')
    expect(store.get('k')).toBeNull()
  })

  it('keeps values in memory when storage throws, and reports once', () => {
    const onFailure = vi.fn()
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    } as unknown as Storage
    const store = createLocalStore(onFailure, () => broken)
    expect(store.get('k')).toBeNull()
    store.set('k', 'v')
    expect(store.get('k')).toBe('v')
    store.remove('k')
    expect(store.get('k')).toBeNull()
    expect(onFailure).toHaveBeenCalledTimes(1)
  })

  it('keeps a value in memory when the quota is full, even if reads still work', () => {
    const backing = new Map<string, string>([['k', 'old']])
    const full = {
      getItem: (key: string) => backing.get(key) ?? null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: (key: string) => void backing.delete(key),
    } as unknown as Storage
    const store = createLocalStore(() => undefined, () => full)
    store.set('k', 'new')
    expect(store.get('k')).toBe('new')
  })
})

/** A page whose cookie jar counts reads of `document.cookie` and drops a cookie written with a past expiry. */
function countingPage() {
  let reads = 0
  const jar = new Map<string, string>()
  const page = {
    location: { hostname: 'example.com' },
    get cookie() {
      reads++
      return Array.from(jar, ([k, v]) => `${k}=${v}`).join('; ')
    },
    set cookie(text: string) {
      const [pair, expires] = text.split(';')
      const [k, v] = pair!.split('=')
      if (Date.parse(expires!.split('=')[1]!) < Date.now()) jar.delete(k!)
      else jar.set(k!, v!)
    },
  } as unknown as Document
  return { page, jar, reads: () => reads }
}

describe('cookie store', () => {
  afterEach(() => {
    clearBrowserState()
  })

  it('round-trips encoded values', () => {
    const cookies = createCookieStore({ days: 3650 }, () => undefined)
    cookies.set('_hackle_uid_key', 'a b;c=é')
    expect(cookies.get('_hackle_uid_key')).toBe('a b;c=é')
    cookies.remove('_hackle_uid_key')
    expect(cookies.get('_hackle_uid_key')).toBeNull()
  })

  it('writes path, expiry, SameSite and Secure attributes', () => {
    const written: string[] = []
    const fakeDocument = {
      location: { hostname: 'www.example.com' },
      get cookie() {
        return written.length ? written.at(-1)!.split(';')[0]! : ''
      },
      set cookie(text: string) {
        written.push(text)
      },
    } as unknown as Document
    const cookies = createCookieStore({ days: 1, sameSite: 'Lax', secure: true }, () => undefined, () => fakeDocument)
    cookies.set('a', '1')
    expect(written[0]).toMatch(/^a=1; expires=.+; path=\/; domain=\.example\.com; SameSite=Lax; secure$/)
  })

  it('writes each cookie with the expiry date of its own moment and lifetime (the date text is shared within a millisecond)', () => {
    const written: string[] = []
    const fakeDocument = {
      location: { hostname: 'www.example.com' },
      get cookie() {
        return written.map((line) => line.split(';')[0]).join('; ')
      },
      set cookie(text: string) {
        written.push(text)
      },
    } as unknown as Document
    const expires = (line: string) => /expires=([^;]+)/.exec(line)![1]
    const day = 86_400_000
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 2, 3, 4, 5, 600) })
    try {
      const cookies = createCookieStore({ days: 3650 }, () => undefined, () => fakeDocument)
      cookies.set('a', '1')
      cookies.set('b', '2')
      cookies.set('c', '3', 3 / 86_400)
      cookies.remove('a')
      vi.advanceTimersByTime(1_000)
      cookies.set('b', '4')
      const at = (ms: number) => new Date(ms).toUTCString()
      const start = Date.UTC(2026, 0, 2, 3, 4, 5, 600)
      expect(written.map(expires)).toEqual([
        at(start + 3650 * day),
        at(start + 3650 * day),
        at(start + 3_000),
        at(start - day),
        at(start + 1_000 + 3650 * day),
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('checks once per key that a write persisted (a page that ignores cookie writes falls back to memory)', () => {
    const { page, reads } = countingPage()
    const cookies = createCookieStore({ days: 1 }, () => undefined, () => page)
    for (let i = 0; i < 5; i++) cookies.set('ts', String(i))
    cookies.set('id', 'x')
    expect(reads()).toBe(2)
    expect(cookies.get('ts')).toBe('4')

    const onFailure = vi.fn()
    const ignoring = { location: { hostname: 'example.com' }, cookie: '' } as unknown as Document
    Object.defineProperty(ignoring, 'cookie', { get: () => '', set: () => undefined })
    const memory = createCookieStore({ days: 1 }, onFailure, () => ignoring)
    memory.set('a', '1')
    expect(memory.get('a')).toBe('1')
    expect(onFailure).toHaveBeenCalledTimes(1)
  })

  it('answers a key written in this synchronous run from the write, for every store of the page (no new read of document.cookie); a change made by another script is seen from the next run', async () => {
    const { page, jar, reads } = countingPage()
    const first = createCookieStore({ days: 1 }, () => undefined, () => page)
    const second = createCookieStore({ days: 1 }, () => undefined, () => page)
    expect(first.get('uid')).toBeNull()
    expect(reads()).toBe(1)
    for (let i = 0; i < 5; i++) first.set('uid', `u${i}`)
    first.set('sid', 's')
    expect(reads()).toBe(3) // each key's first write is read back once
    expect([first.get('uid'), second.get('uid'), second.get('sid')]).toEqual(['u4', 'u4', 's'])
    second.remove('sid')
    expect([first.get('sid'), jar.has('sid'), jar.get('uid')]).toEqual([null, false, 'u4'])
    expect(reads()).toBe(3)

    page.cookie = 'uid=other; expires=Fri, 31 Dec 9999 23:59:59 GMT'
    await Promise.resolve()
    expect(first.get('uid')).toBe('other')
    expect(reads()).toBe(4)
  })

  it('falls back to memory when document.cookie throws', () => {
    const onFailure = vi.fn()
    const sandboxed = {
      location: { hostname: 'example.com' },
      get cookie(): string {
        throw new Error('SecurityError')
      },
      set cookie(_: string) {
        throw new Error('SecurityError')
      },
    } as unknown as Document
    const cookies = createCookieStore({ days: 1 }, onFailure, () => sandboxed)
    cookies.set('a', '1')
    expect(cookies.get('a')).toBe('1')
    expect(onFailure).toHaveBeenCalledTimes(1)
  })
})

describe('the storage seam (PluginDefinition.storage)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    clearBrowserState()
  })

  /** A stand-in storage in memory that records what reaches it. */
  function standIn() {
    const cookies = new Map<string, string>()
    const entries = new Map<string, string>()
    const area = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
      key: (index: number) => [...entries.keys()][index] ?? null,
      clear: () => entries.clear(),
      get length() {
        return entries.size
      },
    }
    const storage = {
      cookies: { get: (key: string) => cookies.get(key) ?? null, set: (key: string, value: string) => void cookies.set(key, value), remove: (key: string) => void cookies.delete(key) },
      local: () => area as Storage,
      indexedDB: () => undefined,
    }
    return { storage, cookies, entries }
  }

  it('the first plugin that gives a storage holds the kernel\'s cookies and is what every plugin sees, before any plugin applies', async () => {
    const { createKernel } = await import('../../../src/kernel')
    const first = standIn()
    const second = standIn()
    const seen: unknown[] = []
    const keys: string[] = []
    const client = createKernel('seam-key-0001', {
      user: { id: 'visitor', userId: 'member' },
      plugins: [
        { name: 'keeps-the-page', storage: (key: string) => void keys.push(key), apply: (kernel) => void seen.push(kernel.storage) },
        { name: 'memory', storage: () => first.storage, apply: (kernel) => createLocalStore(() => undefined, kernel.storage.local).set('plugin-data', '1') },
        { name: 'later', storage: () => second.storage, apply: () => undefined },
      ],
    })
    expect(keys).toEqual(['seam-key-0001'])
    expect(seen).toEqual([first.storage])
    expect(first.cookies.get('_hackle_hid')).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.cookies.get('_hackle_uid_seam-key-0001')).toBe(client.getUser().userId)
    expect([...first.cookies.keys()].sort()).toEqual(['_hackle_did_seam-key-0001', '_hackle_hid', '_hackle_uid_seam-key-0001'])
    expect(first.entries.get('plugin-data')).toBe('1')
    expect(second.cookies.size).toBe(0)
    expect(document.cookie).toBe('')
    expect(localStorage.length).toBe(0)
  })

  it('without a plugin that gives one, the page\'s cookies and localStorage; a throwing storage() is logged and the page\'s are kept', async () => {
    const { createKernel } = await import('../../../src/kernel')
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    createKernel('seam-key-0002', {
      plugins: [
        {
          name: 'broken-storage',
          storage: () => {
            throw new Error('no storage today')
          },
          apply: (kernel) => createLocalStore(() => undefined, kernel.storage.local).set('plugin-data', '2'),
        },
      ],
    })
    expect(error.mock.calls.map((args) => args.join(' '))).toContainEqual(expect.stringContaining('Failed to apply plugin [broken-storage]: Error: no storage today'))
    expect(localStorage.getItem('plugin-data')).toBe('2')
    expect(document.cookie).toMatch(/_hackle_hid=/)
  })
})
