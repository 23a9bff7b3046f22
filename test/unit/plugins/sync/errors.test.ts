import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { identity } from '../../../../src/plugins/identity'
import { SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

describe('failed cohort and user-target syncs are logged and ignored (wire-format §6)', () => {
  let error: MockInstance
  beforeEach(() => {
    error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => error.mockRestore())
  const logged = () => error.mock.calls.map((call) => String(call[0]))

  const create = () => createKernel(SDK_KEY, { sdkUrl: SDK_URL, user: { id: 'u-1', deviceId: 'device-1' }, plugins: [sync(), identity()] })

  it('HTTP status', async () => {
    server.cohorts = { status: 500, body: '{"cohorts":[]}' }
    server.userTargets = { status: 404, body: '' }
    const client = create()
    expect(await client.onInitialized()).toEqual({ success: true }) // the workspace still loads
    expect(logged().sort()).toEqual([
      '[ERROR] Hackle: Failed to sync cohorts: Error: Http status code: 500',
      '[ERROR] Hackle: Failed to sync userTargets: Error: Http status code: 404',
    ])
    expect(client.featureFlagDetail(5).reason).toBe('DEFAULT_RULE')
    client.close()
  })

  it('a 3xx is not a success either', async () => {
    server.cohorts = { status: 304, body: null }
    const client = create()
    await client.onInitialized()
    expect(logged()).toEqual(['[ERROR] Hackle: Failed to sync cohorts: Error: Http status code: 304'])
    client.close()
  })

  it('bad bodies', async () => {
    server.cohorts = { status: 200, body: '' }
    server.userTargets = { status: 200, body: '{"nothing":1}' }
    const client = create()
    await client.onInitialized()
    expect(logged().sort()).toEqual([
      '[ERROR] Hackle: Failed to sync cohorts: SyntaxError: Unexpected end of JSON input',
      expect.stringMatching(/^\[ERROR\] Hackle: Failed to sync userTargets: TypeError: /),
    ])
    client.close()
  })

  it('network errors', async () => {
    server.networkError = { cohorts: true, userTargets: true }
    const client = create()
    await client.onInitialized()
    expect(logged().sort()).toEqual([
      expect.stringMatching(/^\[ERROR\] Hackle: Failed to sync cohorts: Error: Request Error/),
      expect.stringMatching(/^\[ERROR\] Hackle: Failed to sync userTargets: Error: Request Error/),
    ])
    client.close()
  })

  it('keeps what it knew: a failed re-sync changes nothing, and the user call still resolves', async () => {
    server.cohorts = { status: 200, body: JSON.stringify({ cohorts: [{ identifier: { type: '$deviceId', value: 'device-1' }, cohorts: [7] }] }) }
    const day = 86_400_000
    server.userTargets = { status: 200, body: JSON.stringify({ events: [{ eventKey: 'purchase', property: null, stats: [{ date: Date.now() - day, count: 4 }] }] }) }
    const client = create()
    await client.onInitialized()
    expect([client.isFeatureOn(9), client.isFeatureOn(10)]).toEqual([true, true])
    server.cohorts = { status: 500, body: null }
    server.userTargets = { status: 502, body: null }
    await expect(client.setUserId!('member-1')).resolves.toBeUndefined()
    expect(logged()).toEqual([
      '[ERROR] Hackle: Failed to sync cohorts: Error: Http status code: 500',
      '[ERROR] Hackle: Failed to sync userTargets: Error: Http status code: 502',
    ])
    expect([client.isFeatureOn(9), client.isFeatureOn(10)]).toEqual([true, true])
    client.close()
  })
})
