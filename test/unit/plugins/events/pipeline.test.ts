import { describe, expect, it, vi } from 'vitest'
import type { Kernel, SdkEvent } from '../../../../src/kernel'
import { createDedup, dedupInterval } from '../../../../src/kernel/events/dedup'
import { USER, client, dtos, settle, useNetwork, type Post } from './helpers'

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })
const RANGE_WARNING = 'Exposure event dedup interval is outside allowed range[1_000ms..3_600_000ms]. Setting to default value[1m].'

const user = (identifiers: Record<string, string>) => ({ identifiers, properties: {}, hackleProperties: {}, cohorts: [], targetEvents: [] })
const exposure = (over: Partial<Record<string, unknown>> = {}, identifiers: Record<string, string> = { $id: 'a', $deviceId: 'd' }) =>
  ({
    type: 'exposure',
    insertId: Math.random().toString(),
    timestamp: 0,
    user: user(identifiers),
    experimentId: 11,
    variationId: 102,
    variationKey: 'B',
    decisionReason: 'TRAFFIC_ALLOCATED',
    properties: {},
    ...over,
  }) as unknown as SdkEvent
const remoteConfig = (over: Partial<Record<string, unknown>> = {}, identifiers: Record<string, string> = { $id: 'a' }) =>
  ({
    type: 'remoteConfig',
    insertId: Math.random().toString(),
    timestamp: 0,
    user: user(identifiers),
    parameterId: 71,
    valueId: 711,
    decisionReason: 'DEFAULT_RULE',
    properties: {},
    ...over,
  }) as unknown as SdkEvent

describe('duplicate suppression (browser-behaviour §6.2)', () => {
  it('resolves the interval option like the reference, and -1 turns it off', () => {
    for (const value of [undefined, '5000', null, Number.NaN, {}]) {
      const log = logger()
      expect(dedupInterval(value, log)).toBe(60_000)
      expect(log.warn).not.toHaveBeenCalled()
    }
    for (const value of [999, 0, -2, 3_600_001, Infinity]) {
      const log = logger()
      expect(dedupInterval(value, log)).toBe(60_000)
      expect(log.warn).toHaveBeenCalledWith(RANGE_WARNING)
    }
    expect(dedupInterval(1000, logger())).toBe(1000)
    expect(dedupInterval(3_600_000, logger())).toBe(3_600_000)
    const log = logger()
    expect(dedupInterval(-1, log)).toBe(-1)
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('suppresses a repeated exposure within the interval, measured from the first sighting (not refreshed)', () => {
    vi.useFakeTimers({ now: 0 })
    const isDuplicate = createDedup(60_000)
    expect(isDuplicate(exposure())).toBe(false)
    vi.setSystemTime(40_000)
    expect(isDuplicate(exposure())).toBe(true)
    vi.setSystemTime(60_000)
    expect(isDuplicate(exposure())).toBe(true)
    vi.setSystemTime(60_001)
    expect(isDuplicate(exposure())).toBe(false) // 60 001 ms after the first sighting: kept, and cached anew
    vi.setSystemTime(100_000)
    expect(isDuplicate(exposure())).toBe(true)
    vi.useRealTimers()
  })

  it('keys exposures by experimentId-variationId-variationKey-decisionReason', () => {
    const isDuplicate = createDedup(60_000)
    expect(isDuplicate(exposure())).toBe(false)
    expect(isDuplicate(exposure({ decisionReason: 'OVERRIDDEN' }))).toBe(false)
    expect(isDuplicate(exposure({ variationKey: 'A' }))).toBe(false)
    expect(isDuplicate(exposure({ variationId: undefined }))).toBe(false)
    expect(isDuplicate(exposure({ variationId: undefined }))).toBe(true)
    expect(isDuplicate(exposure({ experimentId: 12 }))).toBe(false)
    // Same key as the first one.
    expect(isDuplicate(exposure())).toBe(true)
  })

  it('keys remote-config events by parameterId-valueId-decisionReason, in a cache of their own', () => {
    const isDuplicate = createDedup(60_000)
    expect(isDuplicate(remoteConfig())).toBe(false)
    expect(isDuplicate(remoteConfig())).toBe(true)
    expect(isDuplicate(remoteConfig({ valueId: undefined, decisionReason: 'TYPE_MISMATCH' }))).toBe(false)
    expect(isDuplicate(remoteConfig({ valueId: 712 }))).toBe(false)
    // An exposure with other identifiers resets only the exposure cache.
    expect(isDuplicate(exposure({}, { $id: 'other' }))).toBe(false)
    expect(isDuplicate(remoteConfig())).toBe(true)
  })

  it('clears a cache when the identifiers change; the order of identifiers does not matter', () => {
    const isDuplicate = createDedup(60_000)
    expect(isDuplicate(exposure({}, { $id: 'a', $deviceId: 'd' }))).toBe(false)
    expect(isDuplicate(exposure({}, { $deviceId: 'd', $id: 'a' }))).toBe(true)
    expect(isDuplicate(exposure({}, { $id: 'a', $deviceId: 'd', $sessionId: 's' }))).toBe(false)
    expect(isDuplicate(exposure({}, { $id: 'a', $deviceId: 'd' }))).toBe(false)
    expect(isDuplicate(exposure({}, { $id: 'b', $deviceId: 'd' }))).toBe(false)
    expect(isDuplicate(exposure({}, { $id: 'b', $deviceId: 'd' }))).toBe(true)
  })

  it('never suppresses track events, and suppresses nothing with -1', () => {
    const isDuplicate = createDedup(60_000)
    const track = { ...exposure(), type: 'track' } as SdkEvent
    expect(isDuplicate(track)).toBe(false)
    expect(isDuplicate(track)).toBe(false)
    const off = createDedup(-1)
    expect([off(exposure()), off(exposure()), off(remoteConfig()), off(remoteConfig())]).toEqual([false, false, false, false])
  })
})

describe('events plugin: pipeline', () => {
  const net = useNetwork()
  const sent = (kind: 'exposureEvents' | 'trackEvents' | 'remoteConfigEvents') => net.posts.flatMap((p: Post) => p.body[kind])

  it('sends an exposure once per minute for the same user, and again for another user', async () => {
    const c = client()
    await settle(100)
    for (let i = 0; i < 5; i++) c.variation(1, USER)
    for (let i = 0; i < 3; i++) c.remoteConfig(USER).get('banner_text', 'x')
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(1)
    expect(sent('remoteConfigEvents')).toHaveLength(1)
    c.variation(1, { id: 'user_2', deviceId: 'user_2' })
    c.variation(1, USER)
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(3)
    await settle(60_000)
    c.variation(1, USER)
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(4)
  })

  it('exposureEventDedupIntervalMillis: -1 sends every exposure', async () => {
    const c = client({ exposureEventDedupIntervalMillis: -1 })
    await settle(100)
    for (let i = 0; i < 5; i++) c.variation(1, USER)
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(5)
  })

  it('warns once for an interval out of range and uses one minute', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const c = client({ exposureEventDedupIntervalMillis: 10, log_disabled: false })
    await settle(100)
    expect(warn.mock.calls.filter(([m]) => String(m).includes(RANGE_WARNING))).toHaveLength(1)
    c.variation(1, USER)
    await settle(30_000)
    c.variation(1, USER)
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(1)
    warn.mockRestore()
  })

  it('runs eventCreated, suppression, enrichEvent, delivery, eventAccepted in that order; enrichEvent changes what is sent', async () => {
    const calls: string[] = []
    const sessions = {
      name: 'sessions-like',
      apply(kernel: Kernel) {
        const { hooks } = kernel
        hooks.eventCreated.tap('sessions-like', (e) => void calls.push(`before ${e.type}`))
        hooks.enrichEvent.tap('sessions-like', (e) => {
          calls.push(`decorate ${e.type}`)
          return { ...e, user: { ...e.user, identifiers: { ...e.user.identifiers, $sessionId: 'S1' } } }
        })
        hooks.eventAccepted.tap('sessions-like', (e, delivered) => void calls.push(`processed ${e.type} ${e.user.identifiers.$sessionId} ${delivered}`))
      },
    }
    const c = client({}, [sessions])
    await settle(100)
    c.variation(1, USER)
    c.variation(1, USER)
    c.track('purchase', USER)
    expect(calls).toEqual([
      'before exposure',
      'decorate exposure',
      'processed exposure S1 true', // queued by the events plugin (deliverEvent answered true)
      'before exposure', // the duplicate stops after eventCreated
      'before track',
      'decorate track',
      'processed track S1 true',
    ])
    await settle(500)
    const all = net.posts.flatMap((p) => dtos(p.body))
    expect(all.map((e) => e.identifiers.$sessionId)).toEqual(['S1', 'S1'])
    // Suppression compares the identifiers before decoration: the next decision is still a duplicate.
    c.variation(1, USER)
    await settle(500)
    expect(sent('exposureEvents')).toHaveLength(1)
  })

  it('the stream hooks are per client, the same object whoever asks', () => {
    const seen: unknown[] = []
    const probe = { name: 'p', apply: (k: Kernel) => void seen.push(k.hooks.eventAccepted, k.hooks.eventAccepted) }
    const a = client({}, [probe])
    const b = client({}, [probe])
    expect(seen[0]).toBe(seen[1])
    expect(seen[0]).toBe(a.kernel.hooks.eventAccepted)
    expect(seen[2]).toBe(b.kernel.hooks.eventAccepted)
    expect(seen[0]).not.toBe(seen[2])
  })

  it('isolates a throwing tap: reported, the event still goes out unchanged', async () => {
    const errors: unknown[] = []
    const broken = {
      name: 'broken',
      apply(kernel: Kernel) {
        kernel.hooks.pluginFailed.tap('broken-watch', (failure) => void errors.push(failure))
        const { hooks } = kernel
        hooks.eventCreated.tap('broken', () => {
          throw new Error('before')
        })
        hooks.enrichEvent.tap('broken', () => {
          throw new Error('decorate')
        })
        hooks.eventAccepted.tap('broken', () => {
          throw new Error('processed')
        })
      },
    }
    const c = client({}, [broken])
    await settle(100)
    expect(() => c.track('purchase')).not.toThrow()
    await settle(500)
    expect(sent('trackEvents').map((e) => e.eventTypeKey)).toEqual(['purchase'])
    expect(errors.map((e) => (e as { hook: string }).hook)).toEqual(['eventCreated', 'enrichEvent', 'eventAccepted'])
    expect(errors.every((e) => (e as { plugin: string }).plugin === 'broken')).toBe(true)
  })
})

describe('events plugin: opt-out (browser-behaviour §6.5)', () => {
  const net = useNetwork()

  it('optOutTracking: true sends nothing, yet decisions work and listeners still get every event', async () => {
    const processed: string[] = []
    const listener = { name: 'l', apply: (k: Kernel) => k.hooks.eventAccepted.tap('l', (e, delivered) => void processed.push(`${e.type} ${delivered}`)) }
    const c = client({ optOutTracking: true }, [listener])
    await settle(100)
    expect(c.isOptOutTracking?.()).toBe(true)
    expect(c.variationDetail(1, USER).reason).toBe('NOT_IN_EXPERIMENT_TARGET') // decided (no Windows UA here)
    c.track('purchase')
    window.dispatchEvent(new Event('pagehide'))
    await settle(2000)
    expect(net.posts).toHaveLength(0)
    expect(net.beacons).toHaveLength(0)
    expect(processed).toEqual(['exposure false', 'track false']) // accepted, not delivered
  })

  it('switching to opted out sends what was queued at once; later events are dropped until opted in again', async () => {
    const c = client()
    await settle(100)
    expect(c.isOptOutTracking?.()).toBe(false)
    c.track('before')
    c.setOptOutTracking?.(true)
    await settle(0)
    expect(net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.eventTypeKey))).toEqual(['before'])
    c.track('during')
    c.setOptOutTracking?.(true) // same value: nothing happens
    await settle(1000)
    expect(net.posts).toHaveLength(1)
    c.setOptOutTracking?.(false)
    expect(c.isOptOutTracking?.()).toBe(false)
    c.track('after')
    await settle(500)
    expect(net.posts.flatMap((p) => p.body.trackEvents.map((e) => e.eventTypeKey))).toEqual(['before', 'after'])
  })
})
