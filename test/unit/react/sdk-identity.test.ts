/**
 * The SDK identity on the wire: a client made by `hackle-kit`'s `createInstance` names itself as the reference browser
 * SDK does, one made by `hackle-kit/react`'s as the reference React SDK does, on every kind of request (the config,
 * cohort and user-target fetches, the event posts) and in the page-hide beacon form. The React SDK's name and version
 * are read from the installed reference React SDK, so the test follows the reference rather than a copied string.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import { createInstance } from '../../../src'
import { createInstance as createReactInstance } from '../../../src/react'
import { clearBrowserState } from '../browser-state'
import { freshKey, openWorkspace, SDK_URL } from './helpers'

interface Seen {
  kind: 'config' | 'cohorts' | 'user-targets' | 'events'
  headers: Headers
}

const seen: Seen[] = []
const beacons: URLSearchParams[] = []
const record = (kind: Seen['kind'], request: Request) => void seen.push({ kind, headers: request.headers })
const server = setupServer(
  http.get(`${SDK_URL}/api/v2/workspaces/:key/config`, ({ request }) => {
    record('config', request)
    return HttpResponse.json(openWorkspace() as Record<string, never>, { headers: { 'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT' } })
  }),
  http.get(`${SDK_URL}/api/v1/cohorts`, ({ request }) => (record('cohorts', request), HttpResponse.json({ cohorts: [] }))),
  http.get(`${SDK_URL}/api/v1/user-targets`, ({ request }) => (record('user-targets', request), HttpResponse.json({ events: [] }))),
  http.post(`${SDK_URL}/api/v2/w/*`, ({ request }) => (record('events', request), new HttpResponse(null, { status: 200 }))),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (_url: string, data: unknown) => (beacons.push(new URLSearchParams(String(data))), true),
  })
})
afterEach(() => {
  seen.length = 0
  beacons.length = 0
  clearBrowserState()
})
afterAll(() => server.close())

/** The reference React SDK's own name and version constants, from its installed bundle. */
function referenceReactIdentity(): { name: string; version: string } {
  const bundle = readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/@hackler/react-sdk/lib/index.es.js'), 'utf8')
  const constant = (name: string) => new RegExp(`var ${name} = "([^"]+)"`).exec(bundle)?.[1]
  // its client passes both to the browser SDK's createInstance, over the page's options
  expect(bundle).toMatch(/createInstance\(sdkKey, __assign\(__assign\(\{\}, config\), \{ SDK_NAME_HEADER: SDK_NAME_HEADER, SDK_VERSION_HEADER: SDK_VERSION_HEADER \}\)\)/)
  return { name: constant('SDK_NAME_HEADER')!, version: constant('SDK_VERSION_HEADER')! }
}

/** The browser SDK's defaults for those options, from its installed bundle (what its headers and beacon forms carry). */
function referenceBrowserIdentity(): { name: string; version: string } {
  const bundle = readFileSync(path.resolve(import.meta.dirname, '../../../node_modules/@hackler/javascript-sdk/lib/index.browser.es.js'), 'utf8')
  const version = /var SDK_VERSION = "([^"]+)"/.exec(bundle)?.[1]
  return { name: /SDK_NAME_HEADER: "([^"]+)"/.exec(bundle)![1]!, version: version! }
}

type Make = (key: string, config: Record<string, unknown>) => { onInitialized(): Promise<unknown>; track(key: string): void; close(): void }

/** Starts a client, lets it fetch, post one batch and beacon one event at page hide; the identities it sent. */
async function wireOf(make: Make, extra: Record<string, unknown> = {}) {
  const client = make(freshKey(), {
    log_disabled: true,
    sdkUrl: SDK_URL,
    eventUrl: SDK_URL,
    automaticPageTracking: false,
    user: { id: 'device-1', deviceId: 'device-1', userId: 'member-1' },
    ...extra,
  })
  await client.onInitialized()
  client.track('posted')
  await vi.waitFor(() => expect(seen.map((s) => s.kind)).toContain('events'))
  client.track('beaconed')
  window.dispatchEvent(new Event('pagehide'))
  await vi.waitFor(() => expect(beacons.length).toBeGreaterThan(0))
  client.close()
  const headers = [...new Set(seen.map((s) => s.kind))].sort().map((kind) => {
    const request = seen.find((s) => s.kind === kind)!
    return { kind, name: request.headers.get('x-hackle-sdk-name'), version: request.headers.get('x-hackle-sdk-version') }
  })
  const forms = beacons.map((form) => ({ name: form.get('sdkName'), version: form.get('sdkVersion') }))
  return { headers, forms }
}

const KINDS = ['cohorts', 'config', 'events', 'user-targets']

describe('SDK identity on the wire', () => {
  it('the reference React SDK names itself react-sdk 11.56.1; the browser SDK javascript-sdk_browser 11.56.1', () => {
    expect(referenceReactIdentity()).toEqual({ name: 'react-sdk', version: '11.56.1' })
    expect(referenceBrowserIdentity()).toEqual({ name: 'javascript-sdk_browser', version: '11.56.1' })
  })

  it("hackle-kit's createInstance sends the reference browser SDK's name and version on every request and beacon", async () => {
    const expected = referenceBrowserIdentity()
    const { headers, forms } = await wireOf(createInstance as unknown as Make)
    expect(headers.map((h) => h.kind)).toEqual(KINDS)
    for (const row of headers) expect(row).toEqual({ kind: row.kind, ...expected })
    expect(forms).toEqual([expected])
  })

  it("hackle-kit/react's createInstance sends the reference React SDK's name and version on every request and beacon", async () => {
    const expected = referenceReactIdentity()
    const { headers, forms } = await wireOf(createReactInstance as unknown as Make)
    expect(headers.map((h) => h.kind)).toEqual(KINDS)
    for (const row of headers) expect(row).toEqual({ kind: row.kind, ...expected })
    expect(forms).toEqual([expected])
  })

  it("hackle-kit/react's name wins over an sdkName in the options, as the reference React SDK's does", async () => {
    const { headers, forms } = await wireOf(createReactInstance as unknown as Make, { sdkName: 'mine' })
    for (const row of [...headers, ...forms]) expect([row.name, row.version]).toEqual(['react-sdk', '11.56.1'])
  })

  it("hackle-kit's createInstance takes sdkName; anything but a non-empty string keeps the default", async () => {
    const named = await wireOf(createInstance as unknown as Make, { sdkName: 'custom-sdk' })
    for (const row of [...named.headers, ...named.forms]) expect([row.name, row.version]).toEqual(['custom-sdk', '11.56.1'])
    for (const sdkName of ['', 42, null]) {
      seen.length = 0
      beacons.length = 0
      const invalid = await wireOf(createInstance as unknown as Make, { sdkName })
      for (const row of [...invalid.headers, ...invalid.forms]) expect([row.name, row.version]).toEqual(['javascript-sdk_browser', '11.56.1'])
    }
  })
})
