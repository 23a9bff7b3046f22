/**
 * The SDK identity on the wire, side by side with the reference: the reference React SDK (its UMD build) and the
 * reference browser SDK run in a jsdom page with fake servers, and what they send on each kind of request (the
 * config, cohort and user-target fetches, the event posts, and the page-hide beacons of events and metrics) is the
 * expectation. A client made by `hackle-kit/react`'s `createInstance` must send what the reference React SDK sends,
 * one made by `hackle-kit`'s what the reference browser SDK sends (msw answers them here).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import { createInstance } from '../../../src'
import { createInstance as createReactInstance } from '../../../src/react'
import { monitoring } from '../../../src/plugins/monitoring'
import { VirtualClock, settle } from '../../conformance/clock'
import { CDN_URL, EVENT_URL, MONITORING_URL, openPage, PAGES, SDK_KEY, SDK_URL as PAGE_SDK_URL } from '../../conformance/page'
import { clearBrowserState } from '../browser-state'
import { freshKey, openWorkspace, SDK_URL } from './helpers'

type Kind = 'config' | 'cohorts' | 'user-targets' | 'events' | 'events beacon' | 'metrics beacon'
/** The name and version one kind of request carried (headers, or the beacon's form fields). */
type Wire = Partial<Record<Kind, { name: string | null; version: string | null }>>

const USER = { id: 'device-1', deviceId: 'device-1', userId: 'member-1' }

const kindOf = (url: string, beacon: boolean): Kind | undefined => {
  if (url.includes('/metrics')) return beacon ? 'metrics beacon' : undefined
  if (url.includes('/events')) return beacon ? 'events beacon' : 'events'
  if (url.includes('/config')) return 'config'
  if (url.includes('/api/v1/cohorts')) return 'cohorts'
  if (url.includes('/api/v1/user-targets')) return 'user-targets'
  return undefined
}

/** Adds what one request carried; every request of a kind must carry the same. */
function note(wire: Wire, kind: Kind | undefined, name: string | null, version: string | null): void {
  if (!kind) return
  const seen = wire[kind]
  if (seen) expect({ kind, name, version }).toEqual({ kind, ...seen })
  else wire[kind] = { name, version }
}

/**
 * A reference build run in a jsdom page: `create` makes its client (the build's own `createInstance`), which then
 * fetches, decides, tracks one event that is posted and one that is beaconed at page hide (with its metrics).
 */
async function referenceWire(bundle: string, create: (window: any) => any): Promise<Wire> {
  const clock = new VirtualClock()
  const page = openPage(PAGES[0], JSON.stringify(openWorkspace()), { clock })
  try {
    // the React SDK's UMD build reads a global `production` (its packaging leaves `process.env.NODE_ENV` so)
    page.evaluate('var production = "production"')
    page.evaluate(readFileSync(resolve(process.cwd(), bundle), 'utf8'))
    const client = create(page.window)
    await clock.advance(0)
    client.variation(1)
    client.track('posted')
    await clock.advance(20_000)
    client.track('beaconed')
    page.window.dispatchEvent(new (page.window as any).Event('pagehide'))
    await clock.advance(1000)
    await settle()
    const wire: Wire = {}
    for (const request of page.requests) {
      if (request.method === 'BEACON') {
        const form = new URLSearchParams(request.body ?? '')
        note(wire, kindOf(request.url, true), form.get('sdkName'), form.get('sdkVersion'))
      } else {
        note(wire, kindOf(request.url, false), request.headers?.['X-HACKLE-SDK-NAME'] ?? null, request.headers?.['X-HACKLE-SDK-VERSION'] ?? null)
      }
    }
    return wire
  } finally {
    page.close()
  }
}

const pageOptions = { sdkUrl: PAGE_SDK_URL, eventUrl: EVENT_URL, monitoringUrl: MONITORING_URL, cdnUrl: CDN_URL, user: USER }
const referenceReact = () =>
  referenceWire('node_modules/@hackler/react-sdk/lib/index.umd.js', (window) => window.hackleReactSDK.createInstance(SDK_KEY, pageOptions))
const referenceBrowser = () =>
  referenceWire('node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js', (window) => window.Hackle.createInstance(SDK_KEY, pageOptions))

// hackle-kit's clients, answered by msw
const seen: Array<{ url: string; headers: Headers }> = []
const beacons: Array<{ url: string; form: URLSearchParams }> = []
const record = (request: Request) => void seen.push({ url: request.url, headers: request.headers })
const server = setupServer(
  http.get(`${SDK_URL}/api/v2/workspaces/:key/config`, ({ request }) => {
    record(request)
    return HttpResponse.json(openWorkspace() as Record<string, never>, { headers: { 'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT' } })
  }),
  http.get(`${SDK_URL}/api/v1/cohorts`, ({ request }) => (record(request), HttpResponse.json({ cohorts: [] }))),
  http.get(`${SDK_URL}/api/v1/user-targets`, ({ request }) => (record(request), HttpResponse.json({ events: [] }))),
  http.post(`${SDK_URL}/api/v2/w/*`, ({ request }) => (record(request), new HttpResponse(null, { status: 200 }))),
  http.post(`${SDK_URL}/metrics`, ({ request }) => (record(request), new HttpResponse(null, { status: 200 }))),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string, data: unknown) => (beacons.push({ url: String(url), form: new URLSearchParams(String(data)) }), true),
  })
})
afterEach(() => {
  seen.length = 0
  beacons.length = 0
  clearBrowserState()
})
afterAll(() => server.close())

type Make = (key: string, config: Record<string, unknown>) => { onInitialized(): Promise<unknown>; variation(key: number): string; track(key: string): void; close(): void }

/** A hackle-kit client (with the monitoring plugin) doing what `referenceWire` has the reference do. */
async function kitWire(make: Make, extra: Record<string, unknown> = {}): Promise<Wire> {
  seen.length = 0
  beacons.length = 0
  const client = make(freshKey(), {
    log_disabled: true,
    sdkUrl: SDK_URL,
    eventUrl: SDK_URL,
    monitoringUrl: SDK_URL,
    automaticPageTracking: false,
    user: USER,
    plugins: [monitoring()],
    ...extra,
  })
  await client.onInitialized()
  client.variation(1)
  client.track('posted')
  await vi.waitFor(() => expect(seen.some((request) => request.url.includes('/events'))).toBe(true))
  client.track('beaconed')
  window.dispatchEvent(new Event('pagehide'))
  await vi.waitFor(() => expect(beacons.map((beacon) => kindOf(beacon.url, true)).sort()).toEqual(['events beacon', 'metrics beacon']))
  client.close()
  const wire: Wire = {}
  for (const request of seen) note(wire, kindOf(request.url, false), request.headers.get('x-hackle-sdk-name'), request.headers.get('x-hackle-sdk-version'))
  for (const beacon of beacons) note(wire, kindOf(beacon.url, true), beacon.form.get('sdkName'), beacon.form.get('sdkVersion'))
  return wire
}

const KINDS: Kind[] = ['cohorts', 'config', 'events', 'events beacon', 'metrics beacon', 'user-targets']
const all = (name: string, version: string): Wire => Object.fromEntries(KINDS.map((kind) => [kind, { name, version }]))

describe('SDK identity on the wire, side by side with the reference', () => {
  it('the reference React SDK sends react-sdk 11.56.1 on every kind of request; the browser SDK javascript-sdk_browser 11.56.1', async () => {
    expect(await referenceReact()).toEqual(all('react-sdk', '11.56.1'))
    expect(await referenceBrowser()).toEqual(all('javascript-sdk_browser', '11.56.1'))
  })

  it("hackle-kit/react's createInstance sends what the reference React SDK sends", async () => {
    expect(await kitWire(createReactInstance as unknown as Make)).toEqual(await referenceReact())
  })

  it("hackle-kit's createInstance sends what the reference browser SDK sends", async () => {
    expect(await kitWire(createInstance as unknown as Make)).toEqual(await referenceBrowser())
  })

  it("hackle-kit/react's name wins over an sdkName in the options, as the reference React SDK's does", async () => {
    expect(await kitWire(createReactInstance as unknown as Make, { sdkName: 'mine' })).toEqual(all('react-sdk', '11.56.1'))
  })

  it("hackle-kit's createInstance takes sdkName; anything but a non-empty string keeps the default", async () => {
    expect(await kitWire(createInstance as unknown as Make, { sdkName: 'custom-sdk' })).toEqual(all('custom-sdk', '11.56.1'))
    for (const sdkName of ['', 42, null]) expect(await kitWire(createInstance as unknown as Make, { sdkName })).toEqual(all('javascript-sdk_browser', '11.56.1'))
  })
})
