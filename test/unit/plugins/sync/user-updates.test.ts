import { describe, expect, it } from 'vitest'
import { createKernel, type HackleUser } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { identity } from '../../../../src/plugins/identity'
import { hasNewIdentifiers } from '../../../../src/plugins/sync/user-sync'
import { userHeader } from '../../../../src/plugins/sync/user-header'
import { decodeUserHeader, paths, SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

const cohortsOf = (type: string, value: string, ids: number[]) =>
  ({ status: 200, body: JSON.stringify({ cohorts: [{ identifier: { type, value }, cohorts: ids }] }) })

/** Requests made by `work`, in order. */
async function requestsOf(work: () => Promise<unknown>): Promise<string[]> {
  const before = server.requests.length
  await work()
  return paths(server).slice(before)
}

describe('hasNewIdentifiers', () => {
  const base: HackleUser = { id: 'i', deviceId: 'd', identifiers: { crm: 'c' } }
  it.each([
    [base, false],
    [{ ...base, properties: { a: 1 } }, false],
    [{ ...base, userId: 'u' }, true],
    [{ ...base, id: 'j' }, true],
    [{ ...base, identifiers: { crm: 'c', other: 'x' } }, true],
    [{ ...base, identifiers: { crm: 'c2' } }, true],
    [{ ...base, identifiers: {} }, false], // an identifier that went away is not a new one
  ])('%j → %s', (current, expected) => {
    expect(hasNewIdentifiers(base, current)).toBe(expected)
  })
})

describe('follow-up syncs after user updates (browser-behaviour §2.3 step 5), with the identity plugin', () => {
  const create = () =>
    createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, user: { id: 'u-1', deviceId: 'device-1' }, plugins: [sync(), identity()] })

  it('setUserId: cohorts then user targets for the new user, and the promise resolves after them', async () => {
    const client = create()
    await client.onInitialized()
    expect(client.isFeatureOn(9)).toBe(false)
    server.cohorts = cohortsOf('$userId', 'member-1', [7])
    expect(await requestsOf(() => client.setUserId!('member-1'))).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    const last = server.requests.at(-1)!
    expect(last.header('x-hackle-user')).toBe(userHeader({ id: 'u-1', deviceId: 'device-1', userId: 'member-1' }))
    expect(decodeUserHeader(last.header('x-hackle-user')!)).toEqual({ identifiers: { $id: 'u-1', $deviceId: 'device-1', $userId: 'member-1' } })
    expect(client.isFeatureOn(9)).toBe(true) // no waiting: setUserId resolved after the cohort sync
    client.close()
  })

  it('runs the two one after the other: user targets are requested once the cohorts have answered', async () => {
    const client = create()
    await client.onInitialized()
    let release!: () => void
    server.hold.cohorts = new Promise<void>((resolve) => (release = resolve))
    const done = client.setUserId!('member-1')
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 0))
    expect(paths(server).slice(3)).toEqual(['/api/v1/cohorts'])
    release()
    await done
    expect(paths(server).slice(3)).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    client.close()
  })

  it('logout (setUserId(null)): a different user without new identifiers → user targets only', async () => {
    const client = create()
    await client.onInitialized()
    await client.setUserId!('member-1')
    expect(await requestsOf(() => client.setUserId!(null))).toEqual(['/api/v1/user-targets'])
    client.close()
  })

  it('same user, new custom identifier → cohorts only', async () => {
    const client = create()
    await client.onInitialized()
    server.cohorts = cohortsOf('crm', 'c-1', [7])
    expect(await requestsOf(() => client.setUser!({ id: 'u-1', deviceId: 'device-1', identifiers: { crm: 'c-1' } }))).toEqual(['/api/v1/cohorts'])
    expect(client.isFeatureOn(9)).toBe(true)
    client.close()
  })

  it('property updates and an unchanged user → no request', async () => {
    const client = create()
    await client.onInitialized()
    expect(await requestsOf(() => client.setUserProperty!('grade', 'gold'))).toEqual([])
    expect(await requestsOf(() => client.setUser!({ id: 'u-1', deviceId: 'device-1', properties: { a: 1 } }))).toEqual([])
    client.close()
  })

  it('setDeviceId and resetUser → both', async () => {
    const client = create()
    await client.onInitialized()
    expect(await requestsOf(() => client.setDeviceId!('device-2'))).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    expect(await requestsOf(() => client.resetUser!())).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    client.close()
  })

  it('a user change drops the cohorts of identifiers the new user does not have, and merges what its sync returns', async () => {
    server.cohorts = cohortsOf('$deviceId', 'device-1', [7])
    const client = create()
    await client.onInitialized()
    expect(client.isFeatureOn(9)).toBe(true)
    server.cohorts = cohortsOf('$deviceId', 'device-1', [8]) // still answering for the old device
    await client.setDeviceId!('device-2')
    expect(client.isFeatureOn(9)).toBe(false)
    server.cohorts = cohortsOf('$deviceId', 'device-1', [8])
    await client.setDeviceId!('device-1')
    expect(client.isFeatureOn(9)).toBe(false) // 7 was dropped; the new answer lists only 8
    server.cohorts = cohortsOf('$deviceId', 'device-1', [7])
    await client.setUser!({ id: 'u-1', deviceId: 'device-1', identifiers: { crm: 'c' } })
    expect(client.isFeatureOn(9)).toBe(true)
    server.cohorts = cohortsOf('$deviceId', 'device-1', [])
    await client.setUser!({ id: 'u-1', deviceId: 'device-1', identifiers: { crm: 'c2' } })
    expect(client.isFeatureOn(9)).toBe(true) // merged: an answer without 7 does not remove it
    client.close()
  })

  it('the initial onInitialized waits for the cohort and user-target syncs', async () => {
    let release!: () => void
    server.hold.userTargets = new Promise<void>((resolve) => (release = resolve))
    const client = create()
    let settled = false
    const init = client.onInitialized({ timeout: 5000 }).then((result) => ((settled = true), result))
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 0))
    expect(paths(server).sort()).toEqual(['/api/v1/cohorts', '/api/v1/user-targets', `/api/v2/workspaces/${SDK_KEY}/config`])
    expect(settled).toBe(false)
    release()
    expect(await init).toEqual({ success: true })
    client.close()
  })
})
