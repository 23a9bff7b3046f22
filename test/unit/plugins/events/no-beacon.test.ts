import { describe, expect, it, vi } from 'vitest'
import { EVENT_URL, OUTBOX_PREFIX, USER, client, countById, settle, setVisibility, storedKeys, useNetwork } from './helpers'

/** A browser without the API (happy-dom's navigator has one of its own, which fetches). */
const noBeacon = () => Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: undefined })

describe('events plugin: a page without navigator.sendBeacon, a refused beacon', () => {
  const net = useNetwork()

  it('without sendBeacon, page hide sends the queue as a keepalive JSON request, once', async () => {
    noBeacon()
    const c = client()
    await settle(100)
    c.track('a', USER)
    c.track('b', USER)
    window.dispatchEvent(new Event('pagehide'))
    expect(net.posts).toHaveLength(1)
    const [post] = net.posts
    expect(post!.url).toBe(`${EVENT_URL}/api/v2/w/events`)
    expect(post!.keepalive).toBe(true)
    expect(post!.headers['Content-Type']).toBe('application/json')
    expect(post!.body.trackEvents.map((e) => e.eventTypeKey)).toEqual(['a', 'b'])
    expect(storedKeys(OUTBOX_PREFIX)).toEqual([]) // handed to the browser: no later page sends it again
    await settle(5_000)
    expect(net.posts).toHaveLength(1)
    expect([...countById(net.delivered).values()]).toEqual([1, 1])
  })

  it('without sendBeacon, a hidden tab sends its queue and sends nothing twice when shown again', async () => {
    noBeacon()
    const c = client()
    await settle(100)
    c.track('a', USER)
    setVisibility('hidden')
    expect(net.posts).toHaveLength(1)
    setVisibility('visible')
    await settle(5_000)
    c.track('b', USER)
    await settle(1_000)
    expect(net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.eventTypeKey))).toEqual(['a', 'b'])
    expect([...countById(net.delivered).values()]).toEqual([1, 1])
    delete (document as { visibilityState?: unknown }).visibilityState
  })

  it('a refused beacon logs the reference line and keeps the events', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    net.acceptBeacon = () => false
    const c = client({ log_disabled: false })
    await settle(100)
    c.track('a', USER)
    window.dispatchEvent(new Event('pagehide'))
    expect(warn.mock.calls.map((call) => String(call[0]))).toContain('[WARN] Hackle: Failed to dispatch events: Error: Failed to sendBeacon')
    expect(storedKeys(OUTBOX_PREFIX)).toHaveLength(1)
    warn.mockRestore()
  })
})
