/**
 * The metrics payload of hackle-kit (kernel + preset + monitoring, in this test's page with fake timers and a fetch
 * stub) equals what the reference SDK 11.56.1 posts (its UMD bundle in a jsdom page of the conformance harness, on a
 * virtual clock) for the same call sequence: names, types, tags and counts of every metric, 60 s after the start and
 * again on page hide. Only the registration order of the metrics is ignored (the reference registers its four log
 * counters at start, hackle-kit a metric when it first counts).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type HackleClient } from '../../../../src/kernel'
import { preset } from '../../../../src/preset'
import { monitoring, PUBLISH_INTERVAL_MS } from '../../../../src/plugins/monitoring'
import { VirtualClock } from '../../../conformance/clock'
import { DEVICE_ID, EVENT_URL, MONITORING_URL, PAGES, SDK_KEY, SDK_URL, openPage } from '../../../conformance/page'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

const URLS = { sdkUrl: SDK_URL, eventUrl: EVENT_URL, monitoringUrl: MONITORING_URL }
const CONFIG = JSON.stringify(workspace)

interface WireMetric {
  name: string
  type: string
  tags: Record<string, string>
  measurements: Record<string, number>
}

/** One call of a sequence: a client method and its arguments, run the same way on both SDKs. */
type Step = [method: string, ...args: unknown[]]
type Callable = Record<string, (...args: unknown[]) => unknown>
const REFERENCE_BUNDLE = resolve(process.cwd(), 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')

/**
 * A publication: the metrics of one moment, sorted so that registration order does not matter, without `log` (its
 * counts follow each SDK's own log lines, which differ: the reference also warns about undefined identifiers and a
 * missing `window.gtag`; the `log` counter is checked against the kit's printed lines in monitoring.test.ts).
 */
const sorted = (metrics: WireMetric[]) =>
  metrics.filter((metric) => metric.name !== 'log').sort((a, b) => (JSON.stringify([a.name, a.type, a.tags]) < JSON.stringify([b.name, b.type, b.tags]) ? -1 : 1))

/** Metrics of a JSON post body or a beacon form (`data` field). */
function metricsOf(body: string | undefined): WireMetric[] {
  const text = body?.startsWith('{') ? body : new URLSearchParams(body ?? '').get('data') ?? '{}'
  return (JSON.parse(text) as { metrics: WireMetric[] }).metrics
}

/** Runs the steps on the reference; the metrics it posted after 60 s, and those it sent on page hide. */
async function reference(steps: Step[]): Promise<{ minute: WireMetric[][]; hidden: WireMetric[][] }> {
  const clock = new VirtualClock()
  const page = openPage(PAGES[0]!, CONFIG, { clock })
  try {
    page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
    page.window.eval(`window.hackle = Hackle.createInstance(${JSON.stringify(SDK_KEY)}, ${JSON.stringify({ ...URLS })})`)
    await clock.advance(0)
    const hackle = (page.window as unknown as { hackle: Callable }).hackle
    for (const [method, ...args] of steps) {
      hackle[method]!(...args)
      await clock.advance(0)
    }
    const posted = () => page.requests.filter((request) => request.url === `${MONITORING_URL}/metrics`).map((request) => sorted(metricsOf(request.body)))
    await clock.advance(PUBLISH_INTERVAL_MS)
    const minute = posted()
    page.window.eval(`hackle.variation(1); window.dispatchEvent(new Event('pagehide'))`)
    await clock.advance(0)
    return { minute, hidden: posted().slice(minute.length) }
  } finally {
    page.close()
  }
}

/** Answers like the conformance harness's fake servers. */
function fakeServers(sent: { url: string; body: string }[]) {
  return async (input: string, init: RequestInit = {}) => {
    const url = String(input)
    const path = url.split('?')[0]
    sent.push({ url, body: String(init.body ?? '') })
    if (path === `${SDK_URL}/api/v2/workspaces/${SDK_KEY}/config`) {
      return new Response(CONFIG, { status: 200, headers: { 'Content-Type': 'application/json', 'Last-Modified': 'Mon, 01 Jan 2024 00:00:00 GMT' } })
    }
    if (path === `${SDK_URL}/api/v1/cohorts`) return new Response('{"cohorts":[]}', { status: 200 })
    if (path === `${SDK_URL}/api/v1/user-targets`) return new Response('{"events":[]}', { status: 200 })
    if (init.method === 'POST') return new Response('', { status: 200 })
    return new Response('', { status: 404 })
  }
}

/** Runs the steps on hackle-kit (preset + monitoring); the same two lists as `reference`. */
async function kit(steps: Step[]): Promise<{ minute: WireMetric[][]; hidden: WireMetric[][] }> {
  // After the reference's run: its virtual clock needs the real setImmediate.
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 15, 9) })
  const sent: { url: string; body: string }[] = []
  const beacons: string[] = []
  vi.stubGlobal('fetch', fakeServers(sent))
  // The reference page's visitor: the same device id and browser, so targeting decides the same.
  document.cookie = `_hackle_hid=${DEVICE_ID}; path=/`
  const env = PAGES[0]!
  const sendBeacon = (url: string, form: URLSearchParams) => (url === `${MONITORING_URL}/metrics` && beacons.push(String(form)), true)
  vi.stubGlobal('navigator', Object.create(navigator, {
    userAgent: { value: env.userAgent },
    languages: { value: env.languages },
    language: { value: env.languages[0] },
    sendBeacon: { value: sendBeacon },
  }))
  const hackle = createKernel(SDK_KEY, { ...URLS, plugins: [...preset(), monitoring()] }) as HackleClient
  const settle = async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0)
  }
  try {
    await settle()
    for (const [method, ...args] of steps) {
      ;(hackle as unknown as Callable)[method]!(...args)
      await settle()
    }
    const posted = () => sent.filter((request) => request.url === `${MONITORING_URL}/metrics`).map((request) => sorted(metricsOf(request.body)))
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    await settle()
    const minute = posted()
    hackle.variation(1)
    window.dispatchEvent(new Event('pagehide'))
    await settle()
    return { minute, hidden: [...posted().slice(minute.length), ...beacons.map((form) => sorted(metricsOf(form)))] }
  } finally {
    hackle.close()
  }
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => {})
  vi.spyOn(console, 'info').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
  clearBrowserState()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('monitoring: metrics payload = reference for the same calls', () => {
  it('config load, decisions, tracks, a user change (cohorts, user targets) and event posts: 60 s, then page hide', async () => {
    const steps: Step[] = [
      ['variation', 1],
      ['variation', 1, 'user-a'],
      ['isFeatureOn', 5],
      ['track', 'purchase'],
      ['track', { key: 'purchase', value: 3 }],
      ['setUserId', 'member-1'],
      ['variation', 1],
    ]
    const ref = await reference(steps)
    const ours = await kit(steps)
    expect(ref.minute.length).toBeGreaterThan(0)
    expect(ref.minute.flat().map((metric) => metric.name)).toEqual(expect.arrayContaining(['api.call', 'experiment.decision']))
    expect(ref.hidden.length).toBeGreaterThan(0)
    if (process.env.DUMP) process.stdout.write(`${JSON.stringify(ref)}\n`)
    expect(ours).toEqual(ref)
  }, 30_000)
})
