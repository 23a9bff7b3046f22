import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type HttpRequest, type Kernel } from '../../../../src/kernel'
import { transportOf } from '../../../../src/internal'
import { getManualOverrideHooks, manualOverrides } from '../../../../src/plugins/manual-overrides'
import { apiOperation, monitoring, PUBLISH_INTERVAL_MS } from '../../../../src/plugins/monitoring'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

const SDK_KEY = 'abcdefgh12345678XYZ'
const SDK_URL = 'https://sdk.test'
const MONITORING_URL = 'https://monitoring.test'
const METRICS_URL = `${MONITORING_URL}/metrics`

/** Requests the test plugin makes, answered by its `sendRequest` tap with the given status (-1 = network failure). */
const answers = new Map<string, number>()
let metricPosts: string[]

/** Hands the test the kernel, and answers requests to the fake URLs (other plugins' taps answer before the built-in transport). */
function harness() {
  let kernel!: Kernel
  const plugin = definePlugin(() => ({
    name: 'harness',
    apply(k) {
      kernel = k
      k.hooks.sendRequest.tap('harness', (request) => {
        const status = answers.get(request.url)
        if (status === undefined) return undefined
        vi.setSystemTime(Date.now() + 7)
        return status >= 0 ? Promise.resolve({ status, body: '', header: () => null }) : Promise.reject(new Error('Request Error'))
      })
    },
  }))
  return { plugin: plugin(), kernel: () => kernel }
}

function start(config: Record<string, unknown> = { log_disabled: true }, extra: ReturnType<typeof manualOverrides>[] = []) {
  const h = harness()
  const client = createKernel(SDK_KEY, { sdkUrl: SDK_URL, monitoringUrl: MONITORING_URL, workspaceConfig: workspace, ...config, plugins: [monitoring(), ...extra, h.plugin] })
  const kernel = h.kernel()
  const send = (request: HttpRequest) => transportOf(kernel).request(request).catch(() => undefined)
  return { client, kernel, send }
}

const published = () => metricPosts.flatMap((body) => (JSON.parse(body) as { metrics: unknown[] }).metrics)

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) })
  answers.clear()
  metricPosts = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === METRICS_URL) metricPosts.push(String(init.body))
    return new Response('', { status: 202 })
  })
  vi.stubGlobal('navigator', Object.create(navigator, { sendBeacon: { value: (_url: string, form: URLSearchParams) => (metricPosts.push(form.get('data')!), true) } }))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  clearBrowserState()
})

describe('apiOperation', () => {
  it('names the five operations by method and path, and skips the metrics post', () => {
    const get = (url: string): HttpRequest => ({ method: 'GET', url })
    expect(apiOperation(get(`${SDK_URL}/api/v2/workspaces/${SDK_KEY}/config`), METRICS_URL)).toBe('get.workspace')
    expect(apiOperation(get(`${SDK_URL}/api/v1/cohorts`), METRICS_URL)).toBe('get.cohorts')
    expect(apiOperation(get(`${SDK_URL}/api/v1/user-targets`), METRICS_URL)).toBe('get.user-targets')
    expect(apiOperation(get('https://static.test/iam/123.html'), METRICS_URL)).toBe('get.iam-html')
    expect(apiOperation({ method: 'POST', url: 'https://event.test/api/v2/w/events' }, METRICS_URL)).toBe('post.events')
    expect(apiOperation({ method: 'POST', url: METRICS_URL }, METRICS_URL)).toBeUndefined()
  })
})

describe('monitoring: api.call timers (observed through hooks.requestSettled)', () => {
  it('times every request another tap answered: 2xx and 304 succeed, 4xx/5xx and network failures do not', async () => {
    const { client, send } = start()
    const config = `${SDK_URL}/api/v2/workspaces/${SDK_KEY}/config`
    const cohorts = `${SDK_URL}/api/v1/cohorts`
    answers.set(config, 304).set(cohorts, 500).set('https://event.test/api/v2/w/events', 202).set('https://static.test/a.html', -1)
    await send({ method: 'GET', url: config })
    await send({ method: 'GET', url: config })
    await send({ method: 'GET', url: cohorts })
    await send({ method: 'POST', url: 'https://event.test/api/v2/w/events', body: '{}' })
    await send({ method: 'GET', url: 'https://static.test/a.html' })
    // answered with status 0 by a plugin (a web-view bridge swallows requests): not sent, not measured
    answers.set(`${SDK_URL}/api/v1/user-targets`, 0)
    await send({ method: 'GET', url: `${SDK_URL}/api/v1/user-targets` })
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    const timer = (operation: string, success: string, count: number) => ({
      name: 'api.call',
      type: 'TIMER',
      tags: { operation, success },
      measurements: { count, total: 7 * count, max: 7, mean: 7 },
    })
    expect(published()).toEqual([
      timer('get.workspace', 'true', 2),
      timer('get.cohorts', 'false', 1),
      timer('post.events', 'true', 1),
      timer('get.iam-html', 'false', 1),
    ])
    // The metrics post itself is not measured: the next minute has nothing to send.
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(metricPosts).toHaveLength(1)
    client.close()
  })
})

describe('monitoring: log counters (observed through hooks.logged)', () => {
  it('counts each printed line by its upper-case level, and nothing below the threshold', async () => {
    const printed = { debug: 0, info: 0, warn: 0, error: 0 }
    for (const level of ['debug', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => void printed[level]++)
    const { client, kernel } = start({})
    kernel.logger.debug('not printed: below info')
    kernel.logger.info('one')
    kernel.logger.warn('two')
    kernel.logger.warn('three')
    kernel.logger.error('four')
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(printed).toEqual({ debug: 0, info: 1, warn: 2, error: 1 })
    expect(published()).toEqual([
      { name: 'log', type: 'COUNTER', tags: { level: 'INFO' }, measurements: { count: 1 } },
      { name: 'log', type: 'COUNTER', tags: { level: 'WARN' }, measurements: { count: 2 } },
      { name: 'log', type: 'COUNTER', tags: { level: 'ERROR' }, measurements: { count: 1 } },
    ])
    client.close()
  })

  it('a failing logged tap is reported once, not in a loop', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const loud = definePlugin(() => ({
      name: 'loud',
      apply: ({ hooks }) =>
        hooks.logged.tap('loud', () => {
          throw new Error('boom')
        }),
    }))
    const client = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [loud()] })
    client.variation(Number.NaN)
    expect(errors.mock.calls.filter(([line]) => String(line).includes('boom')).length).toBeGreaterThan(0)
    expect(errors.mock.calls.length).toBeLessThan(10)
    client.close()
  })
})

describe('monitoring: manual override and user explorer counters (manual-overrides hooks)', () => {
  it('counts experiment.manual.override by type and operation and user.explorer.show, as a devtool announces them', async () => {
    const { client, kernel } = start(undefined, [manualOverrides()])
    const hooks = getManualOverrideHooks(kernel)
    hooks.overrideChanged.call({ type: 'AB_TEST', operation: 'set' })
    hooks.overrideChanged.call({ type: 'AB_TEST', operation: 'set' })
    hooks.overrideChanged.call({ type: 'FEATURE_FLAG', operation: 'reset' })
    hooks.overrideChanged.call({ type: 'AB_TEST', operation: 'reset.all' })
    hooks.userExplorerShown.call()
    window.dispatchEvent(new Event('pagehide'))
    const override = (type: string, operation: string, count: number) => ({
      name: 'experiment.manual.override',
      type: 'COUNTER',
      tags: { 'experiment.type': type, operation },
      measurements: { count },
    })
    expect(published()).toEqual([
      override('AB_TEST', 'set', 2),
      override('FEATURE_FLAG', 'reset', 1),
      override('AB_TEST', 'reset.all', 1),
      { name: 'user.explorer.show', type: 'COUNTER', tags: {}, measurements: { count: 1 } },
    ])
    client.close()
  })

  it('without the manual-overrides plugin: taps nothing there and warns about nothing', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { client, kernel } = start({})
    getManualOverrideHooks(kernel).overrideChanged.call({ type: 'AB_TEST', operation: 'set' })
    await vi.advanceTimersByTimeAsync(PUBLISH_INTERVAL_MS)
    expect(warnings).not.toHaveBeenCalled()
    expect(published()).toEqual([])
    client.close()
  })
})
