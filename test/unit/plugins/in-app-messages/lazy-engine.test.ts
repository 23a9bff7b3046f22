import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { abTest, inAppWorkspace, layoutDto, messageDto } from '../../../fixtures/in-app-workspace'
import { engineLoading, inAppClient, SDK_KEY } from './harness'

const DELAY_KEY = `hackle-campaign-delay_${SDK_KEY.slice(0, 8)}_iam-delay`
const impressionsOf = (id: number) => JSON.parse(localStorage.getItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_${id}`) ?? 'null')
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0)
const clients: Array<{ close(): void }> = []
const abLayouts = [layoutDto({ variationKey: 'A', text: null }), layoutDto({ variationKey: 'B', layout: { displayType: 'BANNER', layoutType: 'TEXT_ONLY', alignment: null } })]

function start(config: unknown, options?: Parameters<typeof inAppClient>[1]) {
  const made = inAppClient(config, options)
  clients.push(made.client)
  return made
}

/** The engine code arrives: every pending load resolves, and the replay (a promise job) runs. */
async function engineArrives() {
  for (const load of engineLoading.loads.splice(0)) load()
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers({ now: T0 })
  engineLoading.mode = 'later'
  engineLoading.loads.length = 0
})
afterEach(() => {
  for (const c of clients.splice(0)) c.close()
  engineLoading.mode = 'at once'
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('in-app messages: the lazily loaded engine', () => {
  it('a workspace without in-app messages and nothing persisted: the engine is never loaded, inputs are no-ops', async () => {
    const { client, seen } = start(inAppWorkspace([]))
    await client.onInitialized()
    client.track('show_iam')
    client.setUserId('u1')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(engineLoading.loads).toHaveLength(0)
    expect(seen.evaluated).toEqual([])
    expect(seen.scheduled).toEqual([])
    expect(localStorage.getItem(DELAY_KEY)).toBeNull()
  })

  it('inputs made while it loads are replayed in order at their moment: exposures, impression and delay timing as if live', async () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ experimentKey: 1, messages: abLayouts }), messageDto({ id: 702, key: 72, eventKey: 'later', delayMillis: 1000 })], [abTest(1)]))
    expect(engineLoading.loads).toHaveLength(1)
    await client.onInitialized()
    client.track('show_iam')
    vi.setSystemTime(T0 + 300)
    client.track('later')
    vi.setSystemTime(T0 + 600)
    expect(seen.scheduled).toEqual([])
    await engineArrives()
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELIVER', 'TRIGGERED:DELAY'])
    expect(seen.presentations.map((p) => p.message.key)).toEqual([71])
    // the layout's A/B exposure and the impression carry the trigger's time, not the replay's
    expect(seen.exposures.filter((e) => e.properties.$targetingRootType === 'IN_APP_MESSAGE').map((e) => e.timestamp)).toEqual([T0])
    expect(impressionsOf(701).map((i: { timestamp: number }) => i.timestamp)).toEqual([T0])
    const [delay] = JSON.parse(localStorage.getItem(DELAY_KEY)!)['72']
    expect([delay.requestedAt, delay.schedule.time.startedAt, delay.schedule.time.deliverAt]).toEqual([T0 + 300, T0 + 300, T0 + 1300])
    // due at T0 + 1300, as it would have been without the wait for the engine
    await vi.advanceTimersByTimeAsync(699)
    expect(seen.presentations).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.presentations.map((p) => p.message.key)).toEqual([71, 72])
    expect(impressionsOf(702).map((i: { timestamp: number }) => i.timestamp)).toEqual([T0 + 1300])
  })

  it('a replayed trigger is delivered to the user of its moment, then the queued user change cancels what it must', async () => {
    const { client, seen } = start(inAppWorkspace([messageDto(), messageDto({ id: 702, key: 72, eventKey: 'later', delayMillis: 1000 })]), { user: { userId: 'a' } })
    client.track('show_iam')
    client.track('later')
    client.setUserId('b')
    await engineArrives()
    expect(seen.delivered.map((d) => d.code)).toEqual(['PRESENT'])
    expect(seen.presentations[0]!.user.identifiers.$userId).toBe('a')
    expect(localStorage.getItem(DELAY_KEY)).toBeNull()
    await vi.advanceTimersByTimeAsync(2000)
    expect(seen.presentations).toHaveLength(1)
  })

  it('persisted delays load it at start-up, whatever the workspace has', async () => {
    const first = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]))
    await engineArrives()
    first.client.track('show_iam')
    first.client.close()
    expect(localStorage.getItem(DELAY_KEY)).not.toBeNull()
    const { client, seen } = start(inAppWorkspace([]))
    expect(engineLoading.loads).toHaveLength(1)
    await engineArrives()
    await client.onInitialized()
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['STORED:DELAY', 'DELAYED:DELIVER'])
    expect(seen.delivered.map((d) => d.code)).toEqual(['IN_APP_MESSAGE_NOT_FOUND'])
  })

  it('a failed load is logged and the inputs waiting for it are dropped; public calls still answer', async () => {
    const { client, seen } = start(inAppWorkspace([messageDto()]))
    client.track('show_iam')
    for (const load of engineLoading.loads.splice(0)) load(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.errors.some((line) => line.includes('Failed to load in-app messages: Error: offline'))).toBe(true)
    client.track('show_iam')
    expect(seen.scheduled).toEqual([])
    expect((client as unknown as { getDisplayedInAppMessageView(): unknown }).getDisplayedInAppMessageView()).toBeNull()
  })

  it('a DevTool asking while the engine code fails to load gets null, and asking again loads it again', async () => {
    const { seen } = start(inAppWorkspace([messageDto({ id: 1, key: 1 })]))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const first = seen.inspect!()
    expect(engineLoading.loads).toHaveLength(1)
    for (const load of engineLoading.loads.splice(0)) load(new Error('chunk failed'))
    await expect(first).resolves.toBeNull()
    const second = seen.inspect!()
    expect(engineLoading.loads).toHaveLength(1)
    await engineArrives()
    expect((await second)!.describe().map((row) => row.key)).toEqual([1])
  })
})
