import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type HackleClient, type KernelConfig, type Plugin, type SdkEvent } from '../../../../src/kernel'
import { identity, type IdentityMethods } from '../../../../src/plugins/identity'
import { createMetrics, monitoring, METRICS_PER_REQUEST, PUBLISH_INTERVAL_MS } from '../../../../src/plugins/monitoring'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

const SDK_KEY = 'abcdefgh12345678XYZ'
const MONITORING_URL = 'https://monitoring.test'
const T0 = Date.UTC(2025, 0, 1)

interface Post {
  url: string
  method: string
  headers: Record<string, string>
  body: string
  keepalive: boolean | undefined
}

let posts: Post[]
let beacons: { url: string; form: URLSearchParams }[]
let beaconResult: boolean

/** Taps `eventCreated` so the test also sees the events the metrics are derived from. */
function collector() {
  const events: SdkEvent[] = []
  const plugin = definePlugin(() => ({
    name: 'collector',
    apply: ({ hooks }) => hooks.eventCreated.tap('collector', (event) => void events.push(event)),
  }))
  return { events, plugin: plugin() }
}

/** Makes every user resolution take `millis` of (fake) time, so decision timers have something to measure. */
const slowResolution = (millis: number) =>
  definePlugin(() => ({
    name: 'slow-resolution',
    apply: ({ hooks }) => hooks.resolveUser.tap('slow-resolution', () => void vi.setSystemTime(Date.now() + millis)),
  }))()

function client(options: { plugins?: Plugin<any>[]; config?: KernelConfig } = {}) {
  const collected = collector()
  const c = createKernel(SDK_KEY, {
    log_disabled: true,
    monitoringUrl: MONITORING_URL,
    workspaceConfig: workspace,
    ...options.config,
    plugins: [...(options.plugins ?? [identity(), monitoring()]), collected.plugin],
  }) as HackleClient & IdentityMethods
  return { client: c, events: collected.events }
}

const monitoringPosts = () => posts.filter((post) => post.url.startsWith(MONITORING_URL))
const bodyOf = (post: Post) => JSON.parse(post.body) as { metrics: unknown[] }

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
  posts = []
  beacons = []
  beaconResult = true
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posts.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: String(init.body),
      keepalive: init.keepalive,
    })
    return new Response('', { status: 202 })
  })
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator), {
      sendBeacon: (url: string, form: URLSearchParams) => (beacons.push({ url, form }), beaconResult),
    }),
  )
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  clearBrowserState()
})

describe('monitoring plugin: decision metrics posted every 60 s (wire-format §7)', () => {
  it('posts the decision timers measured since the start, with the SDK headers, after exactly 60 000 ms', async () => {
    const { client: c } = client({ plugins: [identity(), monitoring(), slowResolution(3)] })
    // Experiment 1 targets Windows / Mac visitors only; nothing fills hackleProperties here.
    expect(c.variation(1, 'visitor-1')).toBe('A')
    expect(c.variation(1, 'visitor-1', 'Z')).toBe('Z')
    expect(c.variationDetail(1, 'visitor-1').reason).toBe('NOT_IN_EXPERIMENT_TARGET')
    // Flag 5: the target rule (grade = gold) turns it on.
    expect(c.featureFlagDetail(5, { id: 'member-7', properties: { grade: 'gold' } })).toMatchObject({ isOn: true, reason: 'TARGET_RULE_MATCH' })
    expect(c.remoteConfig().getDetail('banner_text', 'fallback').reason).toBe('TARGET_RULE_MATCH')

    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS - 1)
    expect(monitoringPosts()).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(monitoringPosts()).toHaveLength(1)
    const [post] = monitoringPosts()
    expect(post!.url).toBe(`${MONITORING_URL}/metrics`)
    expect(post!.method).toBe('POST')
    expect(post!.keepalive).toBe(false)
    expect(post!.headers).toEqual({
      'X-HACKLE-SDK-KEY': SDK_KEY,
      'X-HACKLE-SDK-NAME': 'javascript-sdk_browser',
      'X-HACKLE-SDK-VERSION': '11.56.1',
      'X-HACKLE-SDK-TIME': String(T0 + 5 * 3 + PUBLISH_INTERVAL_MS),
      'Content-Type': 'application/json',
    })
    expect(bodyOf(post!)).toEqual({
      metrics: [
        {
          name: 'experiment.decision',
          type: 'TIMER',
          tags: { key: '1', variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' },
          measurements: { count: 2, total: 6, max: 3, mean: 3 },
        },
        {
          name: 'experiment.decision',
          type: 'TIMER',
          tags: { key: '1', variation: 'Z', reason: 'NOT_IN_EXPERIMENT_TARGET' },
          measurements: { count: 1, total: 3, max: 3, mean: 3 },
        },
        {
          name: 'feature.flag.decision',
          type: 'TIMER',
          tags: { key: '5', on: 'true', reason: 'TARGET_RULE_MATCH' },
          measurements: { count: 1, total: 3, max: 3, mean: 3 },
        },
        {
          name: 'remote.config.decision',
          type: 'TIMER',
          tags: { key: 'banner_text', reason: 'TARGET_RULE_MATCH' },
          measurements: { count: 1, total: 3, max: 3, mean: 3 },
        },
      ],
    })
    // Tag order as the reference writes it.
    expect(Object.keys((bodyOf(post!).metrics[0] as { tags: object }).tags)).toEqual(['key', 'variation', 'reason'])
    c.close()
  })

  it('sends only what was measured since the last post, and nothing when nothing was measured', async () => {
    const { client: c } = client()
    c.isFeatureOn(5, { id: 'member-7', properties: { grade: 'gold' } })
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(monitoringPosts()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(monitoringPosts()).toHaveLength(1)
    c.isFeatureOn(5)
    c.isFeatureOn(5)
    c.isFeatureOn(5)
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(monitoringPosts()).toHaveLength(2)
    expect(bodyOf(monitoringPosts()[1]!)).toEqual({
      metrics: [
        {
          name: 'feature.flag.decision',
          type: 'TIMER',
          tags: { key: '5', on: 'true', reason: 'TARGET_RULE_MATCH' },
          measurements: { count: 3, total: 0, max: 0, mean: 0 },
        },
      ],
    })
    c.close()
  })

  it('records a feature flag that is off with on = "false" and an overridden experiment with its variation', async () => {
    const { client: c } = client()
    // qa-device-1 is a user override of experiment 1 (variation B).
    expect(c.variationDetail(1, 'qa-device-1')).toMatchObject({ variation: 'B', reason: 'OVERRIDDEN' })
    const off = c.featureFlagDetail(5, { id: 'visitor-off', properties: { grade: 'silver' } })
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    const metrics = bodyOf(monitoringPosts()[0]!).metrics as { name: string; tags: Record<string, string> }[]
    expect(metrics.map((metric) => [metric.name, metric.tags])).toEqual([
      ['experiment.decision', { key: '1', variation: 'B', reason: 'OVERRIDDEN' }],
      ['feature.flag.decision', { key: '5', on: String(off.isOn), reason: off.reason }],
    ])
    expect(off.reason).toBe('DEFAULT_RULE')
    c.close()
  })

  it('does not count track events, nested target exposures, or decisions answered without an event', async () => {
    const nested = definePlugin(() => ({
      name: 'nested',
      apply: (kernel) => {
        // A target exposure as the kernel builds it for a nested evaluation (evaluation.md §14).
        kernel.client.track = () => {
          const experiment = kernel.workspaces.current()!.experiments.get(1)!
          kernel.hooks.eventCreated.call({
            type: 'exposure',
            insertId: 'x',
            timestamp: Date.now(),
            user: { identifiers: {}, properties: {}, hackleProperties: {}, cohorts: [], targetEvents: [] },
            kind: 'ab-test',
            experimentId: experiment.id,
            experimentKey: experiment.key,
            experimentVersion: experiment.version,
            variationKey: 'B',
            variationId: 102,
            decisionReason: 'TRAFFIC_ALLOCATED',
            rootType: 'EXPERIMENT',
            rootId: 99,
            properties: { $targetingRootType: 'EXPERIMENT', $targetingRootId: 99 },
          })
        }
      },
    }))
    const { client: c, events } = client({ plugins: [identity(), monitoring(), nested()] })
    c.track('nested')
    const plain = client()
    plain.client.track('purchase')
    plain.client.track({ key: 'view', value: 3 })
    expect(plain.client.variationDetail(999).reason).toBe('EXPERIMENT_NOT_FOUND')
    expect(plain.client.featureFlagDetail(0).reason).toBe('INVALID_INPUT')
    expect(plain.client.remoteConfig().getDetail('missing', 1).reason).toBe('REMOTE_CONFIG_PARAMETER_NOT_FOUND')
    expect(events).toHaveLength(1)
    expect(plain.events.map((event) => event.type)).toEqual(['track', 'track'])
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS * 2)
    expect(monitoringPosts()).toEqual([])
    c.close()
    plain.client.close()
    expect(beacons).toEqual([])
  })

  it(`splits the metrics into requests of at most ${METRICS_PER_REQUEST}`, async () => {
    const { client: c } = client()
    // Each default variation is its own metric (the variation tag) for a visitor outside the target.
    for (let i = 0; i < 250; i++) c.variation(1, 'visitor-1', `V${i}`)
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    const sent = monitoringPosts().map((post) => bodyOf(post).metrics as { tags: { variation: string } }[])
    expect(sent.map((metrics) => metrics.length)).toEqual([100, 100, 50])
    expect(sent.flat().map((metric) => metric.tags.variation)).toEqual(Array.from({ length: 250 }, (_, i) => `V${i}`))
    c.close()
  })

  it('logs a failed post at debug level and goes on', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined)
    const { client: c } = client({ config: { log_disabled: false, debug: true } })
    c.variation(1, 'visitor-1')
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(debug).toHaveBeenCalledWith('[DEBUG] Hackle: Failed to flushing metrics: Error: Request Error: TypeError: Failed to fetch')
    c.variation(1, 'visitor-1')
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(debug.mock.calls.filter(([line]) => String(line).includes('Failed to flushing metrics'))).toHaveLength(2)
    c.close()
  })
})

describe('monitoring plugin: page hide and close (beacon, wire-format §5)', () => {
  const expectBeaconForm = (form: URLSearchParams) => {
    expect([...form.keys()]).toEqual(['sdkKey', 'sdkName', 'sdkVersion', 'sdkTime', 'data'])
    expect(form.get('sdkKey')).toBe(SDK_KEY)
    expect(form.get('sdkName')).toBe('javascript-sdk_browser')
    expect(form.get('sdkVersion')).toBe('11.56.1')
    expect(form.get('sdkTime')).toBe(String(Date.now()))
  }

  it('sends the pending metrics by beacon as a form on pagehide, then nothing more for the same metrics', async () => {
    const { client: c } = client()
    c.variation(1, 'visitor-1')
    expect(c.remoteConfig().getDetail('banner_text', 'fallback').reason).toBe('DEFAULT_RULE')
    await vi.advanceTimersByTimeAsync(1234)
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    expect(beacons[0]!.url).toBe(`${MONITORING_URL}/metrics`)
    expectBeaconForm(beacons[0]!.form)
    expect(beacons[0]!.form.get('sdkTime')).toBe(String(T0 + 1234))
    expect(JSON.parse(beacons[0]!.form.get('data')!)).toEqual({
      metrics: [
        {
          name: 'experiment.decision',
          type: 'TIMER',
          tags: { key: '1', variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' },
          measurements: { count: 1, total: 0, max: 0, mean: 0 },
        },
        {
          name: 'remote.config.decision',
          type: 'TIMER',
          tags: { key: 'banner_text', reason: 'DEFAULT_RULE' },
          measurements: { count: 1, total: 0, max: 0, mean: 0 },
        },
      ],
    })
    window.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(beacons).toHaveLength(1)
    expect(monitoringPosts()).toEqual([])
    c.close()
  })

  it('sends by beacon when the document becomes hidden', () => {
    const { client: c } = client()
    c.variation(1, 'visitor-1')
    document.dispatchEvent(new Event('visibilitychange'))
    expect(beacons).toHaveLength(0) // still visible
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
    } finally {
      delete (document as unknown as Record<string, unknown>).visibilityState
    }
    expect(beacons).toHaveLength(1)
    expectBeaconForm(beacons[0]!.form)
    c.close()
  })

  it('sends by beacon on a non-manual kernel flush (close), not on a manual one, and stops its timer on close', async () => {
    const { client: c } = client()
    c.variation(1, 'visitor-1')
    await c.setPhoneNumber('+821012345678') // asks for a manual flush
    expect(beacons).toEqual([])
    expect(monitoringPosts()).toEqual([])
    c.close()
    expect(beacons).toHaveLength(1)
    expect((JSON.parse(beacons[0]!.form.get('data')!) as { metrics: unknown[] }).metrics).toHaveLength(1)
    c.variation(1, 'visitor-1')
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS * 3)
    window.dispatchEvent(new Event('pagehide'))
    expect(monitoringPosts()).toEqual([])
    expect(beacons).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('falls back to a keepalive JSON post when sendBeacon is missing or refuses', async () => {
    const { client: c } = client()
    c.variation(1, 'visitor-1')
    beaconResult = false
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(monitoringPosts()).toHaveLength(1)
    expect(monitoringPosts()[0]!.keepalive).toBe(true)
    expect(monitoringPosts()[0]!.headers['Content-Type']).toBe('application/json')
    expect(bodyOf(monitoringPosts()[0]!).metrics).toHaveLength(1)

    vi.stubGlobal('navigator', Object.create(navigator))
    ;(navigator as unknown as { sendBeacon?: unknown }).sendBeacon = undefined
    c.variation(1, 'visitor-1')
    window.dispatchEvent(new Event('pagehide'))
    await vi.advanceTimersByTimeAsync(0)
    expect(monitoringPosts()).toHaveLength(2)
    expect(monitoringPosts()[1]!.keepalive).toBe(true)
    c.close()
  })
})

describe('monitoring plugin: opt-in', () => {
  it('sends nothing at all when the plugin is absent', async () => {
    const { client: c, events } = client({ plugins: [identity()] })
    c.variation(1, 'visitor-1')
    c.isFeatureOn(5)
    c.remoteConfig().get('banner_text', 'x')
    expect(events).toHaveLength(3)
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS * 3)
    window.dispatchEvent(new Event('pagehide'))
    c.close()
    expect(posts).toEqual([])
    expect(beacons).toEqual([])
  })

  it('stays off with enableMonitoring: false', async () => {
    const { client: c } = client({ plugins: [identity(), monitoring({ enableMonitoring: false })] })
    c.variation(1, 'visitor-1')
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    c.close()
    expect(posts).toEqual([])
    expect(beacons).toEqual([])
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('createMetrics', () => {
  it('keeps counters and timers per name and tags (tag order does not matter) and restarts them on flush', () => {
    const metrics = createMetrics()
    metrics.increment('log', { level: 'WARN' })
    metrics.increment('log', { level: 'WARN' }, 2)
    metrics.increment('log', { level: 'ERROR' })
    metrics.record('api.call', { operation: 'get.workspace', success: 'true' }, 8)
    metrics.record('api.call', { success: 'true', operation: 'get.workspace' }, 2)
    metrics.record('api.call', { operation: 'get.workspace', success: 'true' }, -1)
    expect(metrics.flush()).toEqual([
      { name: 'log', type: 'COUNTER', tags: { level: 'WARN' }, measurements: { count: 3 } },
      { name: 'log', type: 'COUNTER', tags: { level: 'ERROR' }, measurements: { count: 1 } },
      {
        name: 'api.call',
        type: 'TIMER',
        tags: { operation: 'get.workspace', success: 'true' },
        measurements: { count: 2, total: 10, max: 8, mean: 5 },
      },
    ])
    expect(metrics.flush()).toEqual([])
    metrics.increment('log', { level: 'ERROR' })
    expect(metrics.flush()).toEqual([{ name: 'log', type: 'COUNTER', tags: { level: 'ERROR' }, measurements: { count: 1 } }])
  })
})
