import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { abTest, abTestIs, eventProperty, inAppWorkspace, layoutDto, messageDto, userProperty } from '../../../fixtures/in-app-workspace'
import { inAppClient, SDK_KEY } from './harness'

const DELAY_KEY = `hackle-campaign-delay_${SDK_KEY.slice(0, 8)}_iam-delay`
const impressionsOf = (id: number) => JSON.parse(localStorage.getItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_${id}`) ?? 'null')
const hideKey = (key: number) => `hackle-iam-hide_${SDK_KEY.slice(0, 8)}_${key}`
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0) // a Thursday
const clients: Array<{ close(): void }> = []

function start(config: unknown, options?: Parameters<typeof inAppClient>[1]) {
  const made = inAppClient(config, options)
  clients.push(made.client)
  return made
}

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers({ now: T0 })
})
afterEach(() => {
  for (const c of clients.splice(0)) c.close()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('in-app messages: trigger and delivery', () => {
  it('an immediate message is presented at the trigger with its layout, reason and properties, and the impression is recorded', () => {
    const { client, seen } = start(inAppWorkspace([messageDto()]))
    client.track({ key: 'show_iam', properties: { a: 1 } })
    expect(seen.presentations).toHaveLength(1)
    const p = seen.presentations[0]!
    expect(p.message).toEqual({ id: 701, key: 71 })
    expect(p.reason).toBe('IN_APP_MESSAGE_TARGET')
    expect(Object.keys(p.properties)).toEqual(['$trigger_event_insert_id'])
    expect(p.triggerEvent).toEqual({ key: 'show_iam', properties: { a: 1 } })
    expect(p.layout.layout).toEqual({ displayType: 'MODAL', layoutType: 'IMAGE_TEXT', alignment: { vertical: 'MIDDLE', horizontal: 'CENTER' } })
    expect(p.layout.buttons[0]!.action).toEqual({ behavior: 'CLICK', type: 'HIDDEN', value: null })
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELIVER'])
    expect(seen.delivered.map((d) => d.code)).toEqual(['PRESENT'])
    expect(impressionsOf(701)).toEqual([{ identifiers: p.user.identifiers, timestamp: T0 }])
  })

  it('other event keys, unmatched trigger targets and non-track events do not trigger; EVENT_PROPERTY reads the event', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ triggerTargets: [eventProperty('plan', ['pro'])] })]))
    client.track('other')
    client.track({ key: 'show_iam', properties: { plan: 'free' } })
    expect(seen.evaluated).toEqual([])
    client.track({ key: 'show_iam', properties: { plan: 'pro' } })
    expect(seen.presentations).toHaveLength(1)
  })

  it('only the first eligible message in config order is scheduled', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ id: 1, key: 1, status: 'PAUSE' }), messageDto({ id: 2, key: 2 }), messageDto({ id: 3, key: 3 })]))
    client.track('show_iam')
    expect(seen.evaluated.map((e) => `${e.messageKey}:${e.reason}`)).toEqual(['1:IN_APP_MESSAGE_PAUSED', '2:IN_APP_MESSAGE_TARGET', '2:IN_APP_MESSAGE_TARGET'])
    expect(seen.presentations.map((p) => p.message.key)).toEqual([2])
  })

  it('ineligible reasons in the reference order', () => {
    const cases: Array<[Parameters<typeof messageDto>[0], string]> = [
      [{ platformTypes: ['ANDROID'], status: 'DRAFT' }, 'UNSUPPORTED_PLATFORM'],
      [{ status: 'DRAFT' }, 'IN_APP_MESSAGE_DRAFT'],
      [{ status: 'PAUSE', timeUnit: 'CUSTOM', start: 0, end: 1 }, 'IN_APP_MESSAGE_PAUSED'],
      [{ timeUnit: 'CUSTOM', start: T0 + 1, end: T0 + 1000 }, 'NOT_IN_IN_APP_MESSAGE_PERIOD'],
      [{ timeUnit: 'CUSTOM', start: T0 - 1000, end: T0 }, 'NOT_IN_IN_APP_MESSAGE_PERIOD'],
      [{ timetable: { type: 'CUSTOM', slots: [{ dayOfWeek: 'WEDNESDAY', startMillisInclusive: 0, endMillisExclusive: 86_400_000 }] } }, 'NOT_IN_IN_APP_MESSAGE_TIMETABLE'],
      [{ targets: [userProperty('grade', ['gold'])] }, 'NOT_IN_IN_APP_MESSAGE_TARGET'],
    ]
    for (const [options, reason] of cases) {
      const { client, seen } = start(inAppWorkspace([messageDto(options)]))
      client.track('show_iam')
      expect(seen.evaluated).toEqual([{ messageKey: 71, flow: 'TRIGGER', eligible: false, reason }])
      expect(seen.presentations).toEqual([])
      client.close()
    }
  })

  it('a timetable slot of this UTC weekday and time is eligible; an unknown timetable type is ALL', () => {
    const slot = { dayOfWeek: 'THURSDAY', startMillisInclusive: 10 * 3_600_000, endMillisExclusive: 11 * 3_600_000 }
    for (const timetable of [{ type: 'CUSTOM', slots: [slot] }, { type: 'WEEKLY', slots: [] }]) {
      const { client, seen } = start(inAppWorkspace([messageDto({ timetable })]))
      client.track('show_iam')
      expect(seen.presentations).toHaveLength(1)
      client.close()
    }
  })

  it('a user override is eligible OVERRIDDEN (even when paused or capped) and records no impression', () => {
    const overrides = [{ identifierType: '$userId', identifiers: ['u1'] }]
    const { client, seen } = start(inAppWorkspace([messageDto({ status: 'PAUSE', overrides })]), { user: { userId: 'u1' } })
    client.track('show_iam')
    expect(seen.presentations.map((p) => p.reason)).toEqual(['OVERRIDDEN'])
    expect(impressionsOf(701)).toBeNull()
  })

  it('frequency cap: 2 per $deviceId shows twice; a duration cap counts recent impressions only', () => {
    const cap = { identifiers: [{ identifierType: '$deviceId', countPerIdentifier: 2 }] }
    const { client, seen } = start(inAppWorkspace([messageDto({ frequencyCap: cap })]))
    for (let i = 0; i < 3; i++) client.track('show_iam')
    expect(seen.presentations).toHaveLength(2)
    expect(seen.evaluated.at(-1)!.reason).toBe('IN_APP_MESSAGE_FREQUENCY_CAPPED')
    client.close()

    localStorage.clear()
    const duration = { identifiers: [], duration: { durationUnit: { timeUnit: 'SECONDS', amount: 60 }, countPerDuration: 1 } }
    const second = start(inAppWorkspace([messageDto({ frequencyCap: duration })]))
    second.client.track('show_iam')
    second.client.track('show_iam')
    vi.setSystemTime(T0 + 60_001)
    second.client.track('show_iam')
    expect(second.seen.evaluated.filter((e) => e.flow === 'TRIGGER').map((e) => e.reason)).toEqual([
      'IN_APP_MESSAGE_TARGET',
      'IN_APP_MESSAGE_FREQUENCY_CAPPED',
      'IN_APP_MESSAGE_TARGET',
    ])
  })

  it('impression history keeps the newest 100', () => {
    const old = Array.from({ length: 100 }, (_, i) => ({ identifiers: { $id: 'x' }, timestamp: i }))
    localStorage.setItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_701`, JSON.stringify(old))
    const { client } = start(inAppWorkspace([messageDto()]))
    client.track('show_iam')
    const stored = impressionsOf(701)
    expect(stored).toHaveLength(100)
    expect(stored[0].timestamp).toBe(1)
    expect(stored[99].timestamp).toBe(T0)
  })

  it('hidden until a stored time (inclusive); expired and unparsable values are deleted', () => {
    localStorage.setItem(hideKey(71), String(T0))
    const { client, seen } = start(inAppWorkspace([messageDto()]))
    client.track('show_iam')
    expect(seen.evaluated[0]!.reason).toBe('IN_APP_MESSAGE_HIDDEN')
    vi.setSystemTime(T0 + 1)
    client.track('show_iam')
    expect(seen.presentations).toHaveLength(1)
    expect(localStorage.getItem(hideKey(71))).toBeNull()
    localStorage.setItem(hideKey(71), 'soon')
    localStorage.removeItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_701`)
    client.track('show_iam')
    expect(localStorage.getItem(hideKey(71))).toBeNull()
    expect(seen.presentations).toHaveLength(2)
  })
})

describe('in-app messages: layouts and exposures', () => {
  const abMessages = [layoutDto({ variationKey: 'A', text: null }), layoutDto({ variationKey: 'B' })]

  it('an A/B-tested layout: one exposure rooted at the message (reason not rewritten), properties in order, the B layout', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ experimentKey: 1, messages: abMessages })], [abTest(1)]))
    client.track('show_iam')
    expect(seen.exposures.map((e) => [e.experimentKey, e.variationKey, e.decisionReason, e.properties])).toEqual([
      [1, 'B', 'TRAFFIC_ALLOCATED', { $targetingRootType: 'IN_APP_MESSAGE', $targetingRootId: 701, $parameterConfigurationId: 501, $experiment_version: 2, $execution_version: 3 }],
    ])
    const p = seen.presentations[0]!
    expect(p.layout.variationKey).toBe('B')
    expect(Object.entries(p.properties).slice(1)).toEqual([
      ['experiment_id', 11],
      ['experiment_key', 1],
      ['variation_id', 1102],
      ['variation_key', 'B'],
      ['experiment_decision_reason', 'TRAFFIC_ALLOCATED'],
    ])
  })

  it('targeting by an A/B test records its exposure as TRAFFIC_ALLOCATED_BY_TARGETING (the copy from re-evaluating at delivery is a duplicate)', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ targets: [abTestIs(2, ['B'])], atDeliverTime: true })], [abTest(2)]))
    client.track('show_iam')
    expect(seen.evaluated.map((e) => `${e.flow}:${e.reason}`)).toEqual(['TRIGGER:IN_APP_MESSAGE_TARGET', 'DELIVER:IN_APP_MESSAGE_TARGET'])
    expect(seen.exposures.map((e) => `${e.experimentKey}:${e.decisionReason}:${e.properties.$targetingRootId}`)).toEqual([
      '2:TRAFFIC_ALLOCATED_BY_TARGETING:701',
    ])
  })

  it('ineligible after the layout step (capped at trigger): the layout exposures are recorded too', () => {
    const cap = { identifiers: [{ identifierType: '$id', countPerIdentifier: 0 }] }
    localStorage.setItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_701`, JSON.stringify([{ identifiers: {}, timestamp: 1 }]))
    const { client, seen } = start(inAppWorkspace([messageDto({ experimentKey: 1, messages: abMessages, frequencyCap: cap })], [abTest(1)]))
    client.track('show_iam')
    expect(seen.evaluated[0]!.reason).toBe('IN_APP_MESSAGE_FREQUENCY_CAPPED')
    expect(seen.exposures.map((e) => `${e.experimentKey}:${e.variationKey}:${e.properties.$targetingRootType}`)).toEqual(['1:B:IN_APP_MESSAGE'])
  })

  it('no layout for the decided variation: the trigger fails with the reference text', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ experimentKey: 1, messages: [layoutDto({ variationKey: 'A' })] })], [abTest(1)]))
    client.track('show_iam')
    expect(seen.errors.join('\n')).toContain('Failed to process InAppMessage event trigger: Error: InAppMessage must be decided [701]')
    expect(seen.scheduled).toEqual([])
  })

  it('a missing A/B test: Experiment[key=…]', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ experimentKey: 9 })]))
    client.track('show_iam')
    expect(seen.errors.join('\n')).toContain('Failed to process InAppMessage event trigger: Error: Experiment[key=9]')
  })
})

describe('in-app messages: delays', () => {
  it('an AFTER delay is persisted in the reference shape, delivered when due, and its entry removed', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 5000 })]))
    client.track({ key: 'show_iam', properties: { a: 1 } })
    const stored = JSON.parse(localStorage.getItem(DELAY_KEY)!)
    expect(Object.keys(stored)).toEqual(['71'])
    const [entity] = stored['71']
    expect(Object.keys(entity)).toEqual(['schedule', 'requestedAt'])
    expect(Object.keys(entity.schedule)).toEqual(['dispatchId', 'inAppMessageKey', 'identifiers', 'time', 'reason', 'eventBasedContext'])
    expect(entity.schedule.time).toEqual({ startedAt: T0, deliverAt: T0 + 5000 })
    expect(entity.schedule.eventBasedContext.event).toEqual({ key: 'show_iam', properties: { a: 1 } })
    expect(entity.requestedAt).toBe(T0)
    expect(seen.scheduled.map((s) => s.code)).toEqual(['DELAY'])
    vi.advanceTimersByTime(4999)
    expect(seen.presentations).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELAY', 'DELAYED:DELIVER'])
    expect(seen.presentations).toHaveLength(1)
    expect(localStorage.getItem(DELAY_KEY)).toBe('{}')
  })

  it('restored after start-up: a future delay waits, an overdue one is ignored and removed, one due exactly now is an EXCEPTION', async () => {
    const first = start(inAppWorkspace([messageDto({ key: 1, id: 1, delayMillis: 5000 }), messageDto({ key: 2, id: 2, eventKey: 'b', delayMillis: 1000 }), messageDto({ key: 3, id: 3, eventKey: 'c', delayMillis: 3000 })]))
    first.client.track('show_iam')
    first.client.track('b')
    first.client.track('c')
    first.client.close()
    vi.setSystemTime(T0 + 3000)
    const { client, seen } = start(inAppWorkspace([messageDto({ key: 1, id: 1, delayMillis: 5000 }), messageDto({ key: 2, id: 2, eventKey: 'b', delayMillis: 1000 }), messageDto({ key: 3, id: 3, eventKey: 'c', delayMillis: 3000 })]))
    await client.onInitialized()
    expect(seen.scheduled.map((s) => `${s.messageKey}:${s.type}:${s.code}`)).toEqual(['1:STORED:DELAY', '2:STORED:IGNORE', '3:STORED:EXCEPTION'])
    expect(seen.errors.join('\n')).toContain('Failed to process InAppMessageSchedule: Error: InAppMessageDelay not found (inAppMessageKey=3)')
    // the entry due now was removed before the missing task was noticed, as in the reference
    expect(Object.keys(JSON.parse(localStorage.getItem(DELAY_KEY)!))).toEqual(['1'])
    await vi.advanceTimersByTimeAsync(2000)
    expect(seen.scheduled.at(-1)).toMatchObject({ messageKey: 1, type: 'DELAYED', code: 'DELIVER' })
    expect(seen.presentations.map((p) => p.message.key)).toEqual([1])
  })

  it('a delay triggered before start-up completed keeps its one timer: restoring after start-up does not start another', async () => {
    let open!: () => void
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 5000 })]), { startupGate: new Promise<void>((resolve) => (open = resolve)) })
    client.track('show_iam')
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELAY'])
    open()
    await client.onInitialized()
    await vi.advanceTimersByTimeAsync(5000)
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELAY', 'DELAYED:DELIVER'])
    expect(seen.presentations).toHaveLength(1)
    expect(seen.errors).toEqual([])
    expect(localStorage.getItem(DELAY_KEY)).toBe('{}')
  })

  it('a delay more than 10 s overdue when its timer fires is ignored', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]))
    client.track('show_iam')
    // the timer fires late (a throttled background tab)
    vi.setSystemTime(T0 + 12_000)
    vi.advanceTimersByTime(1000)
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['TRIGGERED:DELAY', 'DELAYED:IGNORE'])
    expect(localStorage.getItem(DELAY_KEY)).toBe('{}')
  })

  it('user changes: another userId cancels the delays; anonymous → logged in on the same device does not', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]))
    client.track('show_iam')
    client.setUserId('u1')
    vi.advanceTimersByTime(1000)
    expect(seen.presentations).toHaveLength(1)
    client.track('show_iam')
    client.setUserId('u2')
    expect(localStorage.getItem(DELAY_KEY)).toBeNull()
    vi.advanceTimersByTime(1000)
    expect(seen.presentations).toHaveLength(1)
  })

  it('delivery checks the identifier-changed rule against the schedule: another user → IDENTIFIER_CHANGED', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]), { user: { userId: 'a' } })
    client.track('show_iam')
    const entity = JSON.parse(localStorage.getItem(DELAY_KEY)!)['71'][0]
    client.close()
    localStorage.setItem(DELAY_KEY, JSON.stringify({ 71: [entity] }))
    const next = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]), { user: { userId: 'b' } })
    return next.client.onInitialized().then(() => {
      vi.advanceTimersByTime(1000)
      expect(next.seen.delivered.map((d) => d.code)).toEqual(['IDENTIFIER_CHANGED'])
    })
  })

  it('a restored delay whose message is gone: IN_APP_MESSAGE_NOT_FOUND at delivery', async () => {
    const first = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]))
    first.client.track('show_iam')
    first.client.close()
    const { client, seen } = start(inAppWorkspace([messageDto({ key: 72 })]))
    await client.onInitialized()
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen.scheduled.map((s) => `${s.type}:${s.code}`)).toEqual(['STORED:DELAY', 'DELAYED:DELIVER'])
    expect(seen.delivered.map((d) => d.code)).toEqual(['IN_APP_MESSAGE_NOT_FOUND'])
  })
})

describe('in-app messages: sessions', () => {
  it('the trigger user and the delivery user carry the current $sessionId', () => {
    const { client, seen } = start(inAppWorkspace([messageDto({ delayMillis: 1000 })]), { sessions: true })
    client.track('show_iam')
    vi.advanceTimersByTime(1000)
    const entity = seen.presentations[0]!
    expect(Object.keys(entity.user.identifiers)).toContain('$sessionId')
  })
})

describe('in-app messages: client methods', () => {
  it('setInAppMessageListener and getDisplayedInAppMessageView reach the display and never throw', () => {
    const { client } = start(inAppWorkspace([messageDto()]))
    const methods = client as unknown as { setInAppMessageListener(l: unknown): void; getDisplayedInAppMessageView(): unknown }
    expect(() => methods.setInAppMessageListener({ afterInAppMessageOpen() {} })).not.toThrow()
    expect(() => methods.setInAppMessageListener(null)).not.toThrow()
    expect(methods.getDisplayedInAppMessageView()).toBeNull()
  })
})
