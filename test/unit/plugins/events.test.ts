import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../src/kernel'
import { events } from '../../../src/plugins/events'
import workspace from '../../fixtures/example-workspace.json'

const SDK_KEY = 'abcdefgh12345678XYZ'
const EVENT_URL = 'https://events.test'

describe('events plugin (batching and page-hide beacon)', () => {
  let posts: { url: string; body: string; headers: Record<string, string> }[]
  let beacons: { url: string; body: URLSearchParams }[]

  beforeEach(() => {
    vi.useFakeTimers()
    posts = []
    beacons = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      posts.push({ url, body: String(init.body), headers: init.headers as Record<string, string> })
      return new Response('', { status: 200 })
    })
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), {
      sendBeacon: (url: string, body: URLSearchParams) => (beacons.push({ url, body }), true),
    }))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const client = () => createKernel(SDK_KEY, { log_disabled: true, eventUrl: EVENT_URL, workspaceConfig: workspace, plugins: [events()] })

  it('sends one JSON batch 500 ms after the first event', async () => {
    const c = client()
    c.track('purchase')
    c.track({ key: 'view', value: 2 })
    c.variation(1, { id: 'user_1', deviceId: 'user_1' })
    await vi.advanceTimersByTimeAsync(499)
    expect(posts).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(posts).toHaveLength(1)
    expect(posts[0]!.url).toBe(`${EVENT_URL}/api/v2/w/events`)
    expect(posts[0]!.headers['Content-Type']).toBe('application/json')
    const body = JSON.parse(posts[0]!.body)
    expect(body.trackEvents.map((e: { eventTypeKey: string }) => e.eventTypeKey)).toEqual(['purchase', 'view'])
    expect(body.exposureEvents).toHaveLength(1)
    expect(body.remoteConfigEvents).toEqual([])
    c.close()
  })

  it('sends at once when 100 events are queued', async () => {
    const c = client()
    for (let i = 0; i < 100; i++) c.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(posts).toHaveLength(1)
    expect(JSON.parse(posts[0]!.body).trackEvents).toHaveLength(100)
    c.close()
  })

  it('sends the queue by beacon as a form when the page is hidden', () => {
    const c = client()
    c.track('purchase')
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.url).toBe(`${EVENT_URL}/api/v2/w/${SDK_KEY}/events`)
    const form = beacons[0]!.body
    expect([...form.keys()]).toEqual(['sdkKey', 'sdkName', 'sdkVersion', 'sdkTime', 'data'])
    expect(form.get('sdkName')).toBe('javascript-sdk_browser')
    expect(form.get('sdkVersion')).toBe('11.56.1')
    expect(JSON.parse(form.get('data')!).trackEvents[0].eventTypeKey).toBe('purchase')
    c.close()
    expect(beacons).toHaveLength(1)
  })
})
