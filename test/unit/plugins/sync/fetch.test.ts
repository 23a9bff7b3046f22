import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { createThrottle, FETCH_THROTTLE_MILLIS } from '../../../../src/plugins/sync/throttle'
import { paths, SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

describe('createThrottle (one call per window)', () => {
  it('accepts the first call, rejects until the window is over, and opens the next window at the next accepted call', () => {
    let now = 1_000_000
    const acquire = createThrottle(60_000, () => now)
    expect(acquire()).toBe(true)
    now += 30_000
    expect(acquire()).toBe(false)
    now = 1_060_000 // exactly the end of the window: still inside (the reference's `expiration < now`)
    expect(acquire()).toBe(false)
    now = 1_060_001
    expect(acquire()).toBe(true)
    now = 1_100_000 // rejected calls do not move the window: it started at 1_060_001
    expect(acquire()).toBe(false)
    now = 1_120_002
    expect(acquire()).toBe(true)
  })

  it('uses a 60 s window for fetch()', () => {
    expect(FETCH_THROTTLE_MILLIS).toBe(60_000)
  })
})

describe('client.fetch()', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }))
  afterEach(() => vi.useRealTimers())

  const create = () => createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync()] })
  const SYNC_PATHS = ['/api/v1/cohorts', '/api/v1/user-targets', `/api/v2/workspaces/${SDK_KEY}/config`]

  it('syncs config, cohorts and user targets once per 60 s and resolves after the sync', async () => {
    const client = create()
    await client.onInitialized()
    expect(server.requests).toHaveLength(3)

    server.cohorts = { status: 200, body: JSON.stringify({ cohorts: [{ identifier: { type: '$id', value: client.getUser().id }, cohorts: [7] }] }) }
    expect(client.isFeatureOn(9)).toBe(false)
    await expect(client.fetch!()).resolves.toBeUndefined()
    expect(paths(server).slice(3).sort()).toEqual(SYNC_PATHS)
    expect(client.isFeatureOn(9)).toBe(true) // the sync is over when fetch() resolves

    vi.advanceTimersByTime(59_000)
    await expect(client.fetch!()).resolves.toBeUndefined()
    vi.advanceTimersByTime(1_000)
    await expect(client.fetch!()).resolves.toBeUndefined()
    expect(server.requests).toHaveLength(6)

    vi.advanceTimersByTime(1)
    await client.fetch!()
    expect(paths(server).slice(6).sort()).toEqual(SYNC_PATHS)
    client.close()
  })

  it('never rejects, even when every request fails', async () => {
    server.config = { status: 500, body: 'x' }
    server.cohorts = { status: 503, body: null }
    server.userTargets = { status: 200, body: '{not json' }
    const client = create()
    await client.onInitialized()
    await expect(client.fetch!()).resolves.toBeUndefined()
    expect(server.requests).toHaveLength(6)
    client.close()
  })

  it('does nothing after close()', async () => {
    const client = create()
    await client.onInitialized()
    client.close()
    await expect(client.fetch!()).resolves.toBeUndefined()
    expect(server.requests).toHaveLength(3)
  })

  it('exists without an SDK key, and resolves without a request', async () => {
    const client = createKernel('', { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync()] })
    await expect(client.fetch!()).resolves.toBeUndefined()
    expect(server.requests).toHaveLength(0)
    client.close()
  })
})
