// Huge identifier maps and array options are cut while read (the Chromium fuzzer found calls near 50 ms):
// at most 128 custom identifiers are read from one map, and an array given as createInstance's options is not copied.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInstance, IdentifiersBuilder, resolveIdentifiers, sanitizeUser } from '../../../src'

/** A 100,000-element array whose index reads are counted. */
function countedArray() {
  const counter = { reads: 0 }
  const array = new Proxy(Array.from({ length: 100_000 }, (_, i) => `v${i}`), {
    get: (target, key, receiver) => ((counter.reads += /^\d+$/.test(String(key)) ? 1 : 0), Reflect.get(target, key, receiver)),
  })
  return { array, counter }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('huge identifier maps', () => {
  it('IdentifiersBuilder.addIdentifiers reads at most 128 entries of a huge array or map', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { array, counter } = countedArray()
    const fromArray = new IdentifiersBuilder().addIdentifiers(array as never).build()
    expect(counter.reads).toBeLessThanOrEqual(128)
    expect(Object.keys(fromArray)).toHaveLength(128)
    const map = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`t${i}`, `v${i}`]))
    const fromMap = new IdentifiersBuilder().addIdentifiers(map).build()
    expect(Object.keys(fromMap)).toHaveLength(128)
    expect(fromMap.t127).toBe('v127')
  })

  it('a user with a huge identifiers array is resolved and sanitized from its first 128 entries', () => {
    const { array, counter } = countedArray()
    const resolved = resolveIdentifiers({ id: 'u', identifiers: array as never })
    expect(counter.reads).toBeLessThanOrEqual(128)
    expect(resolved.$id).toBe('u')
    expect(Object.keys(resolved)).toHaveLength(128 + 1) // and $id (no device id is known here)
    counter.reads = 0
    const user = sanitizeUser({ id: 'u', identifiers: array })
    expect(counter.reads).toBeLessThanOrEqual(128)
    expect(Object.keys(user!.identifiers!)).toHaveLength(128)
  })

  it('an array given as createInstance options is not read: the client starts with the defaults', () => {
    // the defaults include the real API's address: nothing may leave the test
    vi.stubGlobal('fetch', () => new Promise(() => {}))
    vi.stubGlobal('XMLHttpRequest', class { open() {} send() {} setRequestHeader() {} abort() {} })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { array, counter } = countedArray()
    const client = createInstance('huge-options-key', array as never)
    expect(counter.reads).toBe(0)
    expect(typeof client.variation).toBe('function')
    client.close()
  })
})
