import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin, type HackleUser, type Plugin } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { identity } from '../../../../src/plugins/identity'
import { createCohortStore, parseCohorts } from '../../../../src/plugins/sync/cohorts'
import { SDK_KEY, SDK_URL, useSyncServer, WORKSPACE } from './server'

const server = useSyncServer()

const item = (type: unknown, value: unknown, cohorts: unknown[]) => ({ identifier: { type, value }, cohorts })
const body = (...items: unknown[]) => JSON.stringify({ cohorts: items })

describe('parseCohorts', () => {
  it('reads identifier and ids as sent', () => {
    expect(parseCohorts({ cohorts: [item('$deviceId', 'device-1', [7, 8]), item('crm', 5, [])] })).toEqual([
      { type: '$deviceId', value: 'device-1', cohorts: [7, 8] },
      { type: 'crm', value: 5, cohorts: [] },
    ])
    expect(parseCohorts({ cohorts: [] })).toEqual([])
  })

  it.each([[null], [{}], [{ cohorts: [null] }], [{ cohorts: [{ cohorts: [1] }] }], [{ cohorts: [{ identifier: { type: '$id', value: 'a' }, cohorts: 'x' }] }]])(
    'fails the sync for %j',
    (dto) => {
      expect(() => parseCohorts(dto)).toThrow(TypeError)
    },
  )
})

describe('cohort store (UserContext rules)', () => {
  const alice: HackleUser = { id: 'a-id', deviceId: 'device-1', userId: 'alice', identifiers: { crm: 'c-1' } }

  it('keeps only cohorts of identifiers equal to the user’s $id/$deviceId/$userId/custom ones', () => {
    const store = createCohortStore()
    store.merge(
      parseCohorts({
        cohorts: [
          item('$id', 'a-id', [1]),
          item('$deviceId', 'device-1', [2]),
          item('$userId', 'alice', [3]),
          item('crm', 'c-1', [4]),
          item('$deviceId', 'device-2', [5]), // other value
          item('$hackleDeviceId', 'device-1', [6]), // not a request identifier
          item('other', 'c-1', [9]),
        ],
      }),
      alice,
    )
    expect(store.idsFor(alice)).toEqual([1, 2, 3, 4])
  })

  it('merges per identifier: a later sync adds ids, it never removes them', () => {
    const store = createCohortStore()
    store.merge(parseCohorts({ cohorts: [item('$deviceId', 'device-1', [7, 8])] }), alice)
    store.merge(parseCohorts({ cohorts: [item('$deviceId', 'device-1', [8, 9]), item('$userId', 'alice', [3])] }), alice)
    store.merge(parseCohorts({ cohorts: [] }), alice)
    expect(store.idsFor(alice)).toEqual([7, 8, 9, 3])
  })

  it('drops cohorts of identifiers the user no longer has, for good', () => {
    const store = createCohortStore()
    store.merge(parseCohorts({ cohorts: [item('$deviceId', 'device-1', [7]), item('$userId', 'alice', [3]), item('crm', 'c-1', [4])] }), alice)
    const loggedOut: HackleUser = { id: 'a-id', deviceId: 'device-1', identifiers: { crm: 'c-1' } }
    expect(store.idsFor(loggedOut)).toEqual([7, 4])
    expect(store.idsFor(alice)).toEqual([7, 4]) // coming back does not restore them: only a sync does
    const otherCrm: HackleUser = { ...alice, identifiers: { crm: 'c-2' } }
    expect(store.idsFor(otherCrm)).toEqual([7])
  })

  it('filters a response by the user current when it arrives', () => {
    const store = createCohortStore()
    const bob: HackleUser = { id: 'b-id', deviceId: 'device-9' }
    store.merge(parseCohorts({ cohorts: [item('$deviceId', 'device-1', [7]), item('$deviceId', 'device-9', [8])] }), bob)
    expect(store.idsFor(bob)).toEqual([8])
  })

  it('compares values strictly and types as property keys', () => {
    const store = createCohortStore()
    const numeric = { id: 'x', deviceId: 'd', identifiers: { '1': 5 as unknown as string } } satisfies HackleUser
    store.merge(parseCohorts({ cohorts: [item(1, 5, [1]), item('1', '5', [2]), item('1', 5, [3])] }), numeric)
    expect(store.idsFor(numeric)).toEqual([1, 3])
  })
})

describe('cohorts in decisions (evaluation §3 item 9, §11.1 COHORT)', () => {
  const create = (plugins: Plugin<any>[] = [sync()]) =>
    createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, user: { id: 'u-1', deviceId: 'device-1' }, plugins })

  it('a COHORT target rule matches only once the cohorts response lists the user’s cohort', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-1', [3, 7])) }
    const client = create()
    expect(client.featureFlagDetail(9).isOn).toBe(false) // before the response
    await client.onInitialized() // waits for the cohorts too
    const detail = client.featureFlagDetail(9)
    expect([detail.isOn, detail.reason]).toEqual([true, 'TARGET_RULE_MATCH'])
    client.close()
  })

  it('stays off when the cohort belongs to another identifier value or is another cohort', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-2', [7]), item('$id', 'u-1', [8]), item('$hackleDeviceId', 'device-1', [7])) }
    const client = create()
    await client.onInitialized()
    expect(client.featureFlagDetail(9)).toMatchObject({ isOn: false, reason: 'DEFAULT_RULE' })
    client.close()
  })

  it('uses a custom identifier too', async () => {
    server.cohorts = { status: 200, body: body(item('crm', 'c-1', [7])) }
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      user: { id: 'u-1', deviceId: 'device-1', identifiers: { crm: 'c-1' } },
      plugins: [sync()],
    })
    await client.onInitialized()
    expect(client.isFeatureOn(9)).toBe(true)
    client.close()
  })

  it('a decision call for another user drops the first user’s cohorts', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-1', [7])) }
    const client = create([sync(), identity()])
    await client.onInitialized()
    expect(client.isFeatureOn(9)).toBe(true)
    expect(client.isFeatureOn(9, { id: 'u-2', deviceId: 'device-2' })).toBe(false)
    // back to the first user: its cohorts were dropped with the user change (no sync happens on decision calls)
    expect(client.isFeatureOn(9, { id: 'u-1', deviceId: 'device-1' })).toBe(false)
    client.close()
  })

  it('passes the cohort ids to other resolveUser taps as a fresh array', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-1', [7, 8])) }
    const seen: number[][] = []
    const spy = definePlugin(() => ({
      name: 'spy',
      apply: ({ hooks }) => hooks.resolveUser.tap('spy', (user) => void seen.push(user.cohorts)),
    }))
    const client = create([sync(), spy()])
    await client.onInitialized()
    client.isFeatureOn(9)
    client.isFeatureOn(9)
    expect(seen.at(-1)).toEqual([7, 8])
    expect(seen.at(-1)).not.toBe(seen.at(-2))
    seen.at(-1)!.push(99)
    client.isFeatureOn(9)
    expect(seen.at(-1)).toEqual([7, 8])
    client.close()
  })

  it('syncs cohorts and user targets even with a workspaceConfig option (no config request)', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-1', [7])) }
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      workspaceConfig: WORKSPACE,
      user: { id: 'u-1', deviceId: 'device-1' },
      plugins: [sync()],
    })
    expect(client.isFeatureOn(9)).toBe(false)
    await client.onInitialized()
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    expect(client.isFeatureOn(9)).toBe(true)
    client.close()
  })
})

describe('subscribers hear cohort and user-target syncs only when they change an answer', () => {
  it('the first cohorts bump the version; fetch() bringing the same cohorts and targets again does not', async () => {
    server.cohorts = { status: 200, body: body(item('$deviceId', 'device-1', [7])) }
    const client = createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, workspaceConfig: WORKSPACE, user: { id: 'u-1', deviceId: 'device-1' }, plugins: [sync()] })
    const created = client.version()
    await client.onInitialized()
    const synced = client.version()
    expect(synced).not.toBe(created)
    let wakes = 0
    const unsubscribe = client.subscribe(() => void wakes++)
    await client.fetch()
    expect(server.requests.filter((r) => r.path === '/api/v1/cohorts')).toHaveLength(2)
    expect([client.version(), wakes]).toEqual([synced, 0])
    unsubscribe()
    client.close()
  })
})
