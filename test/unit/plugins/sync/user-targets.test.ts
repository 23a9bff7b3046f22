import { describe, expect, it } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { identity } from '../../../../src/plugins/identity'
import { parseUserTargets } from '../../../../src/plugins/sync/user-targets'
import { DAY, SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

const events = (...list: unknown[]) => JSON.stringify({ events: list })
const purchases = (...daysAgoAndCounts: [number, number][]) => ({
  eventKey: 'purchase',
  property: null,
  stats: daysAgoAndCounts.map(([daysAgo, count]) => ({ date: Date.now() - daysAgo * DAY, count })),
})

describe('parseUserTargets', () => {
  it('keeps eventKey, property and stats as sent', () => {
    const dto = {
      events: [
        { eventKey: 'purchase', property: null, stats: [{ date: 1735603200000, count: 3 }], extra: 1 },
        { eventKey: 'purchase', property: { type: 'EVENT_PROPERTY', key: 'category', value: 'shoes' }, stats: [] },
      ],
    }
    expect(parseUserTargets(dto)).toEqual([
      { eventKey: 'purchase', property: null, stats: [{ date: 1735603200000, count: 3 }] },
      { eventKey: 'purchase', property: { type: 'EVENT_PROPERTY', key: 'category', value: 'shoes' }, stats: [] },
    ])
  })

  it.each([[null], [{}], [{ events: 'x' }], [{ events: [null] }]])('fails the sync for %j', (dto) => {
    expect(() => parseUserTargets(dto)).toThrow(TypeError)
  })
})

describe('user targets in decisions (evaluation §11.1 NUMBER_OF_EVENTS_IN_DAYS)', () => {
  const create = () =>
    createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, user: { id: 'u-1', deviceId: 'device-1' }, plugins: [sync(), identity()] })

  it('counts the plain counter within the days: 3 + 1 in the last 3 days ≥ 4 → on', async () => {
    server.userTargets = {
      status: 200,
      body: events(purchases([10, 5], [2, 3], [1, 1]), {
        eventKey: 'purchase',
        property: { type: 'EVENT_PROPERTY', key: 'category', value: 'shoes' },
        stats: [{ date: Date.now() - DAY, count: 50 }],
      }),
    }
    const client = create()
    expect(client.isFeatureOn(10)).toBe(false)
    await client.onInitialized()
    expect(client.featureFlagDetail(10)).toMatchObject({ isOn: true, reason: 'TARGET_RULE_MATCH' })
    client.close()
  })

  it('stays off below the threshold (older events and property counters do not count)', async () => {
    server.userTargets = {
      status: 200,
      body: events(purchases([10, 5], [2, 3]), { eventKey: 'purchase', property: { type: 'EVENT_PROPERTY', key: 'c', value: 'x' }, stats: [{ date: Date.now(), count: 9 }] }, purchases([0, 0])),
    }
    const client = create()
    await client.onInitialized()
    expect(client.featureFlagDetail(10)).toMatchObject({ isOn: false, reason: 'DEFAULT_RULE' })
    client.close()
  })

  it('replaces the user targets wholesale on the next sync', async () => {
    server.userTargets = { status: 200, body: events(purchases([1, 4])) }
    const client = create()
    await client.onInitialized()
    expect(client.isFeatureOn(10)).toBe(true)
    server.userTargets = { status: 200, body: events(purchases([1, 1])) }
    await client.setUserId!('member-1') // a new user: user targets are fetched again
    expect(server.requests.filter((r) => r.path === '/api/v1/user-targets')).toHaveLength(2)
    expect(client.isFeatureOn(10)).toBe(false)
    client.close()
  })
})
