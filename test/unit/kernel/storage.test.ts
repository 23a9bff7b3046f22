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

  it('checks once per key that a write persisted (a page that ignores cookie writes falls back to memory)', () => {
    let reads = 0
    const jar = new Map<string, string>()
    const page = {
      location: { hostname: 'example.com' },
      get cookie() {
        reads++
        return Array.from(jar, ([k, v]) => `${k}=${v}`).join('; ')
      },
      set cookie(text: string) {
        const [pair] = text.split(';')
        const [k, v] = pair!.split('=')
        jar.set(k!, v!)
      },
    } as unknown as Document
    const cookies = createCookieStore({ days: 1 }, () => undefined, () => page)
    for (let i = 0; i < 5; i++) cookies.set('ts', String(i))
    cookies.set('id', 'x')
    expect(reads).toBe(2)
    expect(cookies.get('ts')).toBe('4')

    const onFailure = vi.fn()
    const ignoring = { location: { hostname: 'example.com' }, cookie: '' } as unknown as Document
    Object.defineProperty(ignoring, 'cookie', { get: () => '', set: () => undefined })
    const memory = createCookieStore({ days: 1 }, onFailure, () => ignoring)
    memory.set('a', '1')
    expect(memory.get('a')).toBe('1')
    expect(onFailure).toHaveBeenCalledTimes(1)
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
