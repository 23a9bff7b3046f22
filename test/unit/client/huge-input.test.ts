import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInstance, definePlugin, PropertyOperationsBuilder, type SdkEvent } from '../../../src'
import { sanitizeProperties, sanitizePropertyValue } from '../../../src/internal'
import { MAX_ARRAY_LENGTH, MAX_SYSTEM_TEXT } from '../../../src/kernel/events/sanitize'
import { SDK_KEY, SDK_URL, useWorkspaceServer } from './helpers'

useWorkspaceServer()
afterEach(() => vi.restoreAllMocks())

const MB = 'x'.repeat(1 << 20)

/** A 100,000-element array that counts how many of its elements are read. */
function countingArray(element: (i: number) => unknown = (i) => i) {
  const reads = { count: 0 }
  const target = Array.from({ length: 100_000 }, (_, i) => element(i))
  const array = new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++
      return Reflect.get(t, key, receiver)
    },
  })
  return { array, reads }
}

describe('huge arguments are cut while they are read, before anything copies or serializes them', () => {
  it('an array property keeps at most MAX_ARRAY_LENGTH elements and reads no further', () => {
    const { array, reads } = countingArray()
    const kept = sanitizePropertyValue('tags', array) as unknown[]
    expect(kept).toHaveLength(MAX_ARRAY_LENGTH)
    expect(kept.slice(0, 3)).toEqual([0, 1, 2])
    expect(reads.count).toBe(MAX_ARRAY_LENGTH)
  })

  it('an array of long strings stops at 64 K characters of them', () => {
    const { array, reads } = countingArray((i) => `${i}`.padEnd(1024, '.'))
    const kept = sanitizePropertyValue('tags', array) as string[]
    expect(kept).toHaveLength(64)
    expect(reads.count).toBe(65)
  })

  it('a 1 MB string value is dropped (the spec’s 1024), a system value cut to MAX_SYSTEM_TEXT, a long key dropped', () => {
    expect(sanitizeProperties({ a: MB, $b: MB, [MB]: 1, ok: 1 })).toEqual({ $b: MB.slice(0, MAX_SYSTEM_TEXT), ok: 1 })
  })

  it('public calls given a 1 MB string or a 100,000-element array read a bounded part of it and queue small events', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const events: SdkEvent[] = []
    const watch = definePlugin(() => ({ name: 'watch', apply: ({ hooks }) => hooks.eventAccepted.tap('watch', (e) => void events.push(e)) }))
    const client = createInstance(SDK_KEY, { sdkUrl: SDK_URL, eventUrl: SDK_URL, plugins: [watch()] })
    await client.onInitialized()
    const { array, reads } = countingArray()

    client.track({ key: 'purchase', properties: { tags: array, note: MB } })
    client.track({ key: MB })
    await client.setUserProperty('tags', array)
    await client.updateUserProperties(new PropertyOperationsBuilder().append('list', array).set('long', MB).build())
    client.setCurrentPage({ pageName: MB, properties: { tags: array } })
    await client.setPhoneNumber(MB)
    client.variation(1)
    client.remoteConfig().get('banner_text', array as never)

    // Each call and each event built after it read at most MAX_ARRAY_LENGTH elements of the array.
    expect(reads.count).toBeLessThanOrEqual(MAX_ARRAY_LENGTH * (events.length + 8))
    expect(events.length).toBeGreaterThan(5)
    // The event with the 1 MB key was refused; every event's text is bounded.
    expect(events.some((e) => e.type === 'track' && e.key === MB)).toBe(false)
    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '')
    client.close()
    const outbox = Object.keys(localStorage).filter((key) => key.startsWith('hackle-kit-outbox_')).map((key) => localStorage.getItem(key) ?? '')
    expect(outbox.length).toBeGreaterThan(0)
    for (const text of [...stored, ...outbox]) expect(text.length).toBeLessThan(4 * MAX_SYSTEM_TEXT)
  })
})
