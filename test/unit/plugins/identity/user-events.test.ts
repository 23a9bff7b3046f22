import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type FlushReason, type HackleClient, type SdkEvent, type TrackEvent } from '../../../../src/kernel'
import { toWireEvent } from '../../../../src/internal'
import {
  HackleSubscriptionOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus,
  PropertyOperationsBuilder,
  identity,
  type IdentityMethods,
} from '../../../../src/plugins/identity'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

const SDK_KEY = 'abcdefgh12345678XYZ'

/** Taps `eventCreated` and `flush` like a delivery plugin would, recording what the identity plugin asked for. */
function collector() {
  const events: SdkEvent[] = []
  const flushes: FlushReason[] = []
  const plugin = definePlugin(() => ({
    name: 'collector',
    apply({ hooks }) {
      hooks.eventCreated.tap('collector', (event) => void events.push(event))
      hooks.flush.tap('collector', (reason) => void flushes.push(reason))
    },
  }))
  return { events, flushes, plugin: plugin() }
}

function setup(options: { withIdentity?: boolean } = {}) {
  document.cookie = '_hackle_hid=hid-1; path=/'
  const collected = collector()
  const client = createKernel(SDK_KEY, {
    workspaceConfig: workspace,
    user: { id: 'device-1', deviceId: 'device-1', userId: 'member-1', properties: { grade: 'gold' } },
    plugins: [options.withIdentity === false ? false : identity(), collected.plugin],
  })
  return { client: client as HackleClient & IdentityMethods, ...collected }
}

const console = globalThis.console
const spyLogs = () => ({
  error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
})

afterEach(() => {
  vi.restoreAllMocks()
  clearBrowserState()
})

describe('HackleSubscriptionStatus', () => {
  it('has the reference enum values', () => {
    expect({ ...HackleSubscriptionStatus }).toEqual({ SUBSCRIBED: 'SUBSCRIBED', UNSUBSCRIBED: 'UNSUBSCRIBED', UNKNOWN: 'UNKNOWN' })
  })
})

describe('HackleSubscriptionOperationsBuilder (browser-behaviour §2.4)', () => {
  it('maps marketing / information / custom keys to statuses, in first-set order', () => {
    const operations = new HackleSubscriptionOperationsBuilder()
      .marketing(HackleSubscriptionStatus.SUBSCRIBED)
      .information(HackleSubscriptionStatus.UNSUBSCRIBED)
      .custom('news', HackleSubscriptionStatus.UNKNOWN)
      .build()
    expect(operations).toBeInstanceOf(HackleSubscriptionOperations)
    expect(operations.toRecord()).toEqual({ $marketing: 'SUBSCRIBED', $information: 'UNSUBSCRIBED', news: 'UNKNOWN' })
    expect(Object.keys(operations.toRecord())).toEqual(['$marketing', '$information', 'news'])
    expect(operations.size).toBe(3)
  })

  it('lets a later status replace an earlier one for the same key, keeping its position (as the reference Map does)', () => {
    const record = new HackleSubscriptionOperationsBuilder()
      .marketing(HackleSubscriptionStatus.SUBSCRIBED)
      .custom('news', HackleSubscriptionStatus.SUBSCRIBED)
      .marketing(HackleSubscriptionStatus.UNSUBSCRIBED)
      .custom('$information', HackleSubscriptionStatus.UNKNOWN)
      .information(HackleSubscriptionStatus.SUBSCRIBED)
      .build()
      .toRecord()
    expect(Object.entries(record)).toEqual([
      ['$marketing', 'UNSUBSCRIBED'],
      ['news', 'SUBSCRIBED'],
      ['$information', 'SUBSCRIBED'],
    ])
  })

  it('checks neither keys nor statuses, like the reference', () => {
    const record = new HackleSubscriptionOperationsBuilder()
      .information('bogus' as HackleSubscriptionStatus)
      .custom('', HackleSubscriptionStatus.SUBSCRIBED)
      .custom('n', 5 as unknown as HackleSubscriptionStatus)
      .build()
      .toRecord()
    expect(record).toEqual({ $information: 'bogus', '': 'SUBSCRIBED', n: 5 })
  })

  it('toEvent(key) gives the channel event; built operations do not change when the builder goes on', () => {
    const builder = new HackleSubscriptionOperationsBuilder().marketing(HackleSubscriptionStatus.SUBSCRIBED)
    const operations = builder.build()
    builder.information(HackleSubscriptionStatus.UNKNOWN)
    expect(operations.toEvent('$sms_subscriptions')).toEqual({ key: '$sms_subscriptions', properties: { $marketing: 'SUBSCRIBED' } })
    expect(new HackleSubscriptionOperationsBuilder().build().toEvent('$push_subscriptions')).toEqual({
      key: '$push_subscriptions',
      properties: {},
    })
  })
})

describe('PropertyOperations.toEvent / toSecuredEvent', () => {
  it('build the $properties and $secured_properties events with sanitized operands', () => {
    const operations = new PropertyOperationsBuilder().set('a', 1).set('obj', { x: 1 }).unset('b').build()
    expect(operations.toEvent()).toEqual({ key: '$properties', properties: { $set: { a: 1 }, $unset: { b: '-' } } })
    expect(operations.toSecuredEvent()).toEqual({ key: '$secured_properties', properties: { $set: { a: 1 }, $unset: { b: '-' } } })
    expect(new PropertyOperationsBuilder().build().toSecuredEvent()).toEqual({ key: '$secured_properties' })
  })
})

describe('subscription updates', () => {
  const CHANNELS = [
    ['updatePushSubscriptions', '$push_subscriptions'],
    ['updateSmsSubscriptions', '$sms_subscriptions'],
    ['updateKakaoSubscriptions', '$kakao_subscriptions'],
  ] as const

  it.each(CHANNELS)('%s tracks %s with the channel→status map for the current user, then asks for a manual flush', async (method, key) => {
    const { client, events, flushes } = setup()
    const operations = new HackleSubscriptionOperationsBuilder()
      .marketing(HackleSubscriptionStatus.SUBSCRIBED)
      .information(HackleSubscriptionStatus.UNSUBSCRIBED)
      .custom('kakao_friend', HackleSubscriptionStatus.UNKNOWN)
      .build()
    await expect(client[method](operations)).resolves.toBeUndefined()
    expect(events).toHaveLength(1)
    const event = events[0] as TrackEvent
    expect(event.type).toBe('track')
    expect(event.key).toBe(key)
    expect(event.eventTypeId).toBe(0)
    expect(event.value).toBe(0)
    expect(event.properties).toEqual({ $marketing: 'SUBSCRIBED', $information: 'UNSUBSCRIBED', kakao_friend: 'UNKNOWN' })
    expect(event.user.identifiers).toEqual({ $id: 'device-1', $deviceId: 'device-1', $userId: 'member-1', $hackleDeviceId: 'hid-1' })
    expect(event.user.properties).toEqual({ grade: 'gold' })
    expect(flushes).toEqual(['manual'])
    client.close()
  })

  it('sends the properties sanitized like any track event (the wire body the reference sends)', async () => {
    const { client, events } = setup()
    await client.updatePushSubscriptions(
      new HackleSubscriptionOperationsBuilder()
        .marketing(HackleSubscriptionStatus.SUBSCRIBED)
        .information('bogus' as HackleSubscriptionStatus)
        .custom('news', HackleSubscriptionStatus.UNKNOWN)
        .marketing(HackleSubscriptionStatus.UNSUBSCRIBED)
        .custom('', 'X' as HackleSubscriptionStatus)
        .custom('n', 5 as unknown as HackleSubscriptionStatus)
        .custom('z', null as unknown as HackleSubscriptionStatus)
        .build(),
    )
    const wire = toWireEvent(events[0]!)
    expect(wire.eventTypeKey).toBe('$push_subscriptions')
    // Observed from the reference 11.56.1 with the same builder calls.
    expect(wire.properties).toEqual({ $marketing: 'UNSUBSCRIBED', $information: 'bogus', news: 'UNKNOWN', n: 5 })
    expect(Object.keys(wire.properties as object)).toEqual(['$marketing', '$information', 'news', 'n'])
    client.close()
  })

  it('tracks an empty map for empty operations', async () => {
    const { client, events, flushes } = setup()
    await client.updateSmsSubscriptions(new HackleSubscriptionOperationsBuilder().build())
    expect((events[0] as TrackEvent).key).toBe('$sms_subscriptions')
    expect((events[0] as TrackEvent).properties).toEqual({})
    expect(flushes).toEqual(['manual'])
    client.close()
  })

  it('uses the user as it is at call time (after setUserId)', async () => {
    const { client, events } = setup()
    await client.setUserId('member-2')
    await client.updateKakaoSubscriptions(new HackleSubscriptionOperationsBuilder().marketing(HackleSubscriptionStatus.SUBSCRIBED).build())
    expect(events.at(-1)!.user.identifiers.$userId).toBe('member-2')
    client.close()
  })

  it('rejects what is not built operations with the reference error text, tracks nothing and still resolves', async () => {
    const { client, events, flushes } = setup()
    const logs = spyLogs()
    const noisy = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [identity(), collector().plugin] })
    await expect(noisy.updatePushSubscriptions(null as unknown as HackleSubscriptionOperations)).resolves.toBeUndefined()
    await expect(noisy.updateSmsSubscriptions({ $marketing: 'SUBSCRIBED' } as unknown as HackleSubscriptionOperations)).resolves.toBeUndefined()
    await expect(noisy.updateKakaoSubscriptions('SUBSCRIBED' as unknown as HackleSubscriptionOperations)).resolves.toBeUndefined()
    expect(logs.error.mock.calls.map(([message]) => message)).toEqual([
      "[ERROR] Hackle: Unexpected exception while update userProperties: TypeError: Cannot read properties of null (reading 'toEvent')",
      '[ERROR] Hackle: Unexpected exception while update userProperties: TypeError: operations.toEvent is not a function',
      '[ERROR] Hackle: Unexpected exception while update userProperties: TypeError: operations.toEvent is not a function',
    ])
    await client.updatePushSubscriptions(undefined as unknown as HackleSubscriptionOperations)
    expect(events).toEqual([])
    expect(flushes).toEqual([])
    noisy.close()
    client.close()
  })

  it('accepts property operations too, as the reference does (it only calls toEvent)', async () => {
    const { client, events } = setup()
    await client.updatePushSubscriptions(new PropertyOperationsBuilder().set('a', 1).build() as unknown as HackleSubscriptionOperations)
    expect((events[0] as TrackEvent).key).toBe('$properties')
    expect((events[0] as TrackEvent).properties).toEqual({ $set: { a: 1 } })
    client.close()
  })
})

describe('setPhoneNumber / unsetPhoneNumber', () => {
  it('tracks $secured_properties {"$set":{"$phone_number": value}} with the value exactly as given', async () => {
    const { client, events, flushes } = setup()
    await expect(client.setPhoneNumber('  +82 10-1234-5678 ')).resolves.toBeUndefined()
    await client.setPhoneNumber('')
    expect(events.map((event) => [(event as TrackEvent).key, (event as TrackEvent).properties])).toEqual([
      ['$secured_properties', { $set: { $phone_number: '  +82 10-1234-5678 ' } }],
      ['$secured_properties', { $set: { $phone_number: '' } }],
    ])
    expect(toWireEvent(events[0]!).properties).toEqual({ $set: { $phone_number: '  +82 10-1234-5678 ' } })
    expect(events[0]!.user.identifiers).toEqual({ $id: 'device-1', $deviceId: 'device-1', $userId: 'member-1', $hackleDeviceId: 'hid-1' })
    expect(flushes).toEqual(['manual', 'manual'])
    client.close()
  })

  it('does not keep the phone number as a user property', async () => {
    const { client, events } = setup()
    await client.setPhoneNumber('+821012345678')
    expect(client.getUser().properties).toEqual({ grade: 'gold' })
    client.track('purchase')
    expect(events.at(-1)!.user.properties).toEqual({ grade: 'gold' })
    client.close()
  })

  it('unsetPhoneNumber tracks {"$unset":{"$phone_number":"-"}} and asks for a flush', async () => {
    const { client, events, flushes } = setup()
    await expect(client.unsetPhoneNumber()).resolves.toBeUndefined()
    expect((events[0] as TrackEvent).key).toBe('$secured_properties')
    expect((events[0] as TrackEvent).properties).toEqual({ $unset: { $phone_number: '-' } })
    expect(flushes).toEqual(['manual'])
    client.close()
  })

  it('rejects a value that is not a string with the reference error, tracks nothing and resolves', async () => {
    const { client } = setup()
    const collected = collector()
    const noisy = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [identity(), collected.plugin] })
    const logs = spyLogs()
    for (const value of [1234, { a: 1 }, undefined, null]) await expect(noisy.setPhoneNumber(value as unknown as string)).resolves.toBeUndefined()
    await expect(noisy.setPhoneNumber(Symbol('x') as unknown as string)).resolves.toBeUndefined()
    expect(logs.error.mock.calls.map(([message]) => message)).toEqual([
      '[ERROR] Hackle: Invalid value 1234: phoneNumber value type must be string.',
      '[ERROR] Hackle: Invalid value [object Object]: phoneNumber value type must be string.',
      '[ERROR] Hackle: Invalid value undefined: phoneNumber value type must be string.',
      '[ERROR] Hackle: Invalid value null: phoneNumber value type must be string.',
      '[ERROR] Hackle: Unexpected exception occurred while setting phone number: TypeError: Cannot convert a Symbol value to a string',
    ])
    expect(collected.events).toEqual([])
    expect(collected.flushes).toEqual([])
    noisy.close()
    client.close()
  })

  it('never throws or rejects, even when a listener fails', async () => {
    const failing = definePlugin(() => ({
      name: 'failing',
      apply({ hooks }) {
        hooks.eventCreated.tap('failing', () => {
          throw new Error('boom')
        })
        hooks.flush.tap('failing', () => {
          throw new Error('bang')
        })
      },
    }))
    const logs = spyLogs()
    const client = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [identity(), failing()] })
    await expect(client.setPhoneNumber('+821012345678')).resolves.toBeUndefined()
    await expect(client.unsetPhoneNumber()).resolves.toBeUndefined()
    await expect(
      client.updatePushSubscriptions(new HackleSubscriptionOperationsBuilder().marketing(HackleSubscriptionStatus.SUBSCRIBED).build()),
    ).resolves.toBeUndefined()
    expect(logs.error).toHaveBeenCalledWith('[ERROR] Hackle: Plugin [failing] failed in hook [eventCreated]: Error: boom')
    expect(logs.error).toHaveBeenCalledWith('[ERROR] Hackle: Plugin [failing] failed in hook [flush]: Error: bang')
    client.close()
  })
})

describe('without the identity plugin', () => {
  it('the client has none of the user-event calls', () => {
    const { client } = setup({ withIdentity: false })
    for (const method of ['updatePushSubscriptions', 'updateSmsSubscriptions', 'updateKakaoSubscriptions', 'setPhoneNumber', 'unsetPhoneNumber']) {
      expect((client as unknown as Record<string, unknown>)[method]).toBeUndefined()
    }
    client.close()
  })
})
