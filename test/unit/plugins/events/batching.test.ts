import { describe, expect, it } from 'vitest'
import { properties } from '../../../../src/plugins/properties'
import { EVENT_URL, SDK_KEY, USER, client, deferred, dtos, settle, storedKeys, useNetwork } from './helpers'

describe('events plugin: batching, chunking and the page-hide beacon', () => {
  const net = useNetwork()

  it('sends one JSON batch 500 ms after the first event, with the SDK headers, as a keepalive request', async () => {
    const c = client()
    await settle(100)
    c.track('purchase')
    c.track({ key: 'view', value: 2 })
    c.variation(1, USER)
    await settle(499)
    expect(net.posts).toHaveLength(0)
    await settle(1)
    expect(net.posts).toHaveLength(1)
    const post = net.posts[0]!
    expect(post.url).toBe(`${EVENT_URL}/api/v2/w/events`)
    expect(post.keepalive).toBe(true)
    expect(post.headers).toMatchObject({
      'Content-Type': 'application/json',
      'X-HACKLE-SDK-KEY': SDK_KEY,
      'X-HACKLE-SDK-NAME': 'javascript-sdk_browser',
      'X-HACKLE-SDK-VERSION': '11.56.1',
    })
    expect(post.headers['X-HACKLE-SDK-TIME']).toMatch(/^\d+$/)
    expect(post.body.trackEvents.map((e) => e.eventTypeKey)).toEqual(['purchase', 'view'])
    expect(post.body.exposureEvents).toHaveLength(1)
    expect(post.body.remoteConfigEvents).toEqual([])
    expect(Object.keys(post.body)).toEqual(['exposureEvents', 'trackEvents', 'remoteConfigEvents'])
    c.close()
  })

  it('sends at once when 100 events are queued, in bodies under the keepalive limit', async () => {
    const c = client()
    await settle(100)
    for (let i = 0; i < 100; i++) c.track(`e${i}`)
    await settle(0)
    expect(net.posts.length).toBeGreaterThan(0)
    await settle(10)
    const sent = net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.eventTypeKey))
    expect(sent).toEqual(Array.from({ length: 100 }, (_, i) => `e${i}`))
    for (const post of net.posts) expect(new TextEncoder().encode(post.text).length).toBeLessThanOrEqual(48_000)
    c.close()
  })

  it('splits a queue of realistic events (full hackle properties) into requests under 48 kB, one in flight at a time', async () => {
    const hold = deferred<number>()
    net.answer = () => hold.promise
    const c = client({}, [properties()])
    await settle(100)
    const big = { note: 'ü'.repeat(1000), list: Array.from({ length: 20 }, (_, i) => `item-${i}`) }
    for (let i = 0; i < 100; i++) c.track({ key: 'purchase', value: i, properties: big }, USER)
    await settle(0)
    // The first request holds the whole in-flight budget; the others wait for it.
    expect(net.posts).toHaveLength(1)
    expect(dtos(net.posts[0]!.body)[0]!.hackleProperties).toMatchObject({ platform: 'Web' })
    hold.resolve(200)
    await settle(10)
    const sizes = net.posts.map((p) => new TextEncoder().encode(p.text).length)
    expect(sizes.length).toBeGreaterThan(4)
    for (const size of sizes) expect(size).toBeLessThanOrEqual(48_000)
    expect(net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.value))).toEqual(Array.from({ length: 100 }, (_, i) => i))
    c.close()
  })

  it('sends an event larger than the keepalive limit alone, without keepalive', async () => {
    const c = client()
    await settle(100)
    const huge = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'x'.repeat(1000)]))
    c.track({ key: 'huge', properties: huge })
    c.track('small')
    await settle(500)
    expect(net.posts.map((p) => [p.keepalive, p.body.trackEvents.map((e) => e.eventTypeKey)])).toEqual([
      [false, ['huge']],
      [true, ['small']],
    ])
    c.close()
  })

  it('sends the queue by beacon as a form when the page is hidden', async () => {
    const c = client()
    await settle(100)
    c.track('purchase')
    window.dispatchEvent(new Event('pagehide'))
    expect(net.beacons).toHaveLength(1)
    expect(net.beacons[0]!.url).toBe(`${EVENT_URL}/api/v2/w/${SDK_KEY}/events`)
    const form = net.beacons[0]!.form
    expect([...form.keys()]).toEqual(['sdkKey', 'sdkName', 'sdkVersion', 'sdkTime', 'data'])
    expect(form.get('sdkKey')).toBe(SDK_KEY)
    expect(form.get('sdkName')).toBe('javascript-sdk_browser')
    expect(form.get('sdkVersion')).toBe('11.56.1')
    expect(JSON.parse(form.get('data')!).trackEvents[0].eventTypeKey).toBe('purchase')
    c.close()
    expect(net.beacons).toHaveLength(1)
    await settle(1000)
    expect(net.posts).toHaveLength(0)
  })

  it('fills the 64 kB quota with one beacon form and keeps the rest for the next page', async () => {
    const c = client({}, [properties()])
    await settle(100)
    for (let i = 0; i < 80; i++) c.track({ key: 'purchase', value: i, properties: { note: 'n'.repeat(1000) } }, USER)
    window.dispatchEvent(new Event('pagehide'))
    expect(net.beacons).toHaveLength(1)
    expect(net.beacons[0]!.size).toBeLessThanOrEqual(64_000)
    expect(net.beacons[0]!.size).toBeGreaterThan(60_000)
    const beaconed = net.beacons[0]!.body.trackEvents.map((e) => e.value as number)
    expect(beaconed).toEqual(Array.from({ length: beaconed.length }, (_, i) => i))
    // The rest waits in localStorage for the next page.
    const left = storedKeys('hackle-kit-outbox_').flatMap((k) => dtos(JSON.parse(localStorage.getItem(k)!)).map((e) => e.value as number))
    expect([...beaconed, ...left].sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i))
    c.close()
  })

  it('counts a beacon in flight for 2 s: a page shown again at once waits rather than being refused', async () => {
    let quota = 64_000
    // The browser's shared quota: the beacon holds its bytes (it never answers in this test's time).
    net.acceptBeacon = (size) => size <= quota && ((quota -= size), true)
    const c = client({}, [properties()])
    await settle(100)
    for (let i = 0; i < 80; i++) c.track({ key: 'purchase', value: i, properties: { note: 'n'.repeat(1000) } }, USER)
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
    expect(net.beacons).toHaveLength(1)
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    await settle(1_900)
    expect(net.posts).toHaveLength(0)
    quota = 64_000 // the beacon has gone out
    await settle(200)
    expect(net.posts.length).toBeGreaterThan(0)
    await settle(1_000)
    const sent = [...net.beacons, ...net.posts].flatMap((p) => p.body.trackEvents.map((e) => e.value as number))
    expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i))
    c.close()
  })

  it('keeps what the browser refuses', async () => {
    net.acceptBeacon = (size) => size <= 20_000
    const c = client({}, [properties()])
    await settle(100)
    for (let i = 0; i < 80; i++) c.track({ key: 'purchase', value: i, properties: { note: 'n'.repeat(1000) } }, USER)
    window.dispatchEvent(new Event('pagehide'))
    expect(net.beacons).toHaveLength(0)
    const left = storedKeys('hackle-kit-outbox_').flatMap((k) => dtos(JSON.parse(localStorage.getItem(k)!)).map((e) => e.value as number))
    expect(left.sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i))
    c.close()
  })

  it('fits beacons in what the in-flight keepalive request leaves of the 64 kB quota, without futile attempts', async () => {
    const hold = deferred<number>()
    net.answer = () => hold.promise
    const attempts: number[] = []
    net.acceptBeacon = (size) => (attempts.push(size), true)
    const c = client()
    await settle(100)
    const note = 'n'.repeat(900)
    for (let i = 0; i < 100; i++) c.track({ key: 'purchase', value: i, properties: { note } }, USER) // flushes: one request in flight
    await settle(0)
    expect(net.posts).toHaveLength(1)
    const inFlight = new TextEncoder().encode(net.posts[0]!.text).length
    for (let i = 100; i < 160; i++) c.track({ key: 'purchase', value: i, properties: { note } }, USER)
    window.dispatchEvent(new Event('pagehide'))
    const beaconed = attempts.reduce((a, b) => a + b, 0)
    expect(beaconed).toBeLessThanOrEqual(64_000 - inFlight)
    expect(beaconed).toBeGreaterThan(64_000 - inFlight - 3_000)
    expect(attempts.length).toBe(net.beacons.length)
    // The in-flight request is left to the browser; the rest waits for the next page, nothing twice.
    const left = storedKeys('hackle-kit-outbox_').flatMap((k) => dtos(JSON.parse(localStorage.getItem(k)!)).map((e) => e.value as number))
    const sent = [...net.posts, ...net.beacons.map((b) => ({ body: b.body }))].flatMap((p) => p.body.trackEvents.map((e) => e.value as number))
    expect([...sent, ...left].sort((a, b) => a - b)).toEqual(Array.from({ length: 160 }, (_, i) => i))
  })

  it('keeps the events when sendBeacon throws', async () => {
    net.acceptBeacon = () => {
      throw new TypeError('Illegal invocation')
    }
    const c = client()
    await settle(100)
    c.track('purchase')
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow()
    expect(storedKeys('hackle-kit-outbox_')).toHaveLength(1)
    c.close()
  })

  it('treats sendBeacon() === false as not sent', async () => {
    net.acceptBeacon = () => false
    const c = client()
    await settle(100)
    c.track('purchase')
    window.dispatchEvent(new Event('pagehide'))
    expect(net.beacons).toHaveLength(0)
    expect(Object.keys(localStorage).filter((k) => k.startsWith('hackle-kit-outbox_'))).toHaveLength(1)
    c.close()
  })

  it('a manual flush sends at once; every other flush reason sends by beacon', async () => {
    const c = client()
    await settle(100)
    c.track('a')
    c.kernel.hooks.flush.call('manual')
    await settle(0)
    expect(net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.eventTypeKey))).toEqual(['a'])
    for (const reason of ['redirect', 'pagehide', 'close'] as const) {
      c.track(reason)
      c.kernel.hooks.flush.call(reason)
    }
    expect(net.beacons.flatMap((b) => b.body.trackEvents.map((e) => e.eventTypeKey))).toEqual(['redirect', 'pagehide', 'close'])
    c.close()
  })
})
