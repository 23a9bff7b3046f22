import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Logger } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { pollingInterval, startPolling } from '../../../../src/plugins/sync/polling'
import { paths, SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

const logger = () => {
  const lines: string[] = []
  const log = (level: string) => (message: string) => void lines.push(`${level} ${message}`)
  return { lines, logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') } satisfies Logger }
}

/** Lets real I/O (msw answers) progress while timers stay fake. */
async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  if (!condition()) throw new Error(`timed out waiting for ${what}`)
}

describe('pollingIntervalMillis option (browser-behaviour §1.1)', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['120000', undefined],
    [Number.NaN, undefined],
    [0, undefined],
    [-1, undefined],
    [-60_000, undefined],
    [1, 60_000],
    [59_999, 60_000],
    [60_000, 60_000],
    [60_001, 60_001],
    [300_000, 300_000],
    [2.5e9, 2_147_483_647],
    [Number.POSITIVE_INFINITY, 2_147_483_647],
  ])('%s → %s', (value, expected) => {
    expect(pollingInterval(value)).toBe(expected)
  })
})

describe('startPolling (setTimeout chain)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs first after one interval, then once per interval', () => {
    const task = vi.fn()
    const stop = startPolling(60_000, task, logger().logger)
    vi.advanceTimersByTime(59_999)
    expect(task).toHaveBeenCalledTimes(0)
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60_000 * 3)
    expect(task).toHaveBeenCalledTimes(4)
    stop()
    vi.advanceTimersByTime(60_000 * 10)
    expect(task).toHaveBeenCalledTimes(4)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('logs a throwing task as "Failed to run task" and keeps the schedule', () => {
    const { lines, logger: log } = logger()
    let runs = 0
    const stop = startPolling(60_000, () => {
      runs++
      throw new Error('boom')
    }, log)
    vi.advanceTimersByTime(180_000)
    expect(runs).toBe(3)
    expect(lines).toEqual(Array(3).fill('error Failed to run task: Error: boom'))
    stop()
  })

  it('re-arms when the run starts, not when an asynchronous task ends (as the reference)', () => {
    const started: number[] = []
    const stop = startPolling(60_000, () => {
      started.push(Date.now())
      return new Promise(() => undefined) // never settles
    }, logger().logger)
    const t0 = Date.now()
    vi.advanceTimersByTime(120_000)
    expect(started.map((t) => t - t0)).toEqual([60_000, 120_000])
    stop()
  })
})

describe('polling in a client', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  const create = (pollingIntervalMillis: unknown) =>
    createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync({ pollingIntervalMillis: pollingIntervalMillis as number })] })

  it('a 1 s interval polls every 60 s with the same three syncs, and stops on close', async () => {
    const client = create(1000)
    await until(() => server.requests.length === 3, 'the initial sync')
    expect(await client.onInitialized()).toEqual({ success: true })
    expect(paths(server).sort()).toEqual(['/api/v1/cohorts', '/api/v1/user-targets', `/api/v2/workspaces/${SDK_KEY}/config`])

    await vi.advanceTimersByTimeAsync(59_999)
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    expect(server.requests).toHaveLength(3)

    await vi.advanceTimersByTimeAsync(1)
    await until(() => server.requests.length === 6, 'the first poll')
    expect(paths(server).slice(3).sort()).toEqual(['/api/v1/cohorts', '/api/v1/user-targets', `/api/v2/workspaces/${SDK_KEY}/config`])
    // polled requests carry the SDK headers too
    expect(server.requests.slice(3).find((r) => r.path.endsWith('/config'))!.header('x-hackle-sdk-key')).toBe(SDK_KEY)

    await vi.advanceTimersByTimeAsync(60_000)
    await until(() => server.requests.length === 9, 'the second poll')

    client.close()
    await vi.advanceTimersByTimeAsync(600_000)
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    expect(server.requests).toHaveLength(9)
  })

  it('a polled config replaces the workspace', async () => {
    const client = create(60_000)
    await client.onInitialized()
    expect(client.featureFlagDetail(5).reason).toBe('DEFAULT_RULE')
    server.config = { status: 200, body: JSON.stringify({ ...JSON.parse(server.config.body!), featureFlags: [] }) }
    await vi.advanceTimersByTimeAsync(60_000)
    await until(() => server.requests.length === 6, 'the poll')
    await until(() => client.featureFlagDetail(5).reason === 'FEATURE_FLAG_NOT_FOUND', 'the new workspace')
    client.close()
  })

  it.each([[0], [-1], ['60000'], [undefined]])('%s: no polling at all', async (value) => {
    const client = create(value)
    await client.onInitialized()
    expect(server.requests).toHaveLength(3)
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(3_600_000)
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    expect(server.requests).toHaveLength(3)
    client.close()
  })
})
