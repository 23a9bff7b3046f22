import { describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type SdkEvent } from '../../../src/kernel'
import { createInstance } from '../../../src'
import { sync } from '../../../src/plugins/sync'
import { PropertyOperationsBuilder, identity } from '../../../src/plugins/identity'
import { EXAMPLE, SDK_KEY, SDK_URL, useWorkspaceServer } from './helpers'

const server = useWorkspaceServer()

/** Stands in for the properties plugin: a Windows desktop visitor, as in the spec's worked example. */
const windowsDesktop = definePlugin(() => ({
  name: 'fixed-properties',
  apply: ({ hooks }) =>
    hooks.resolveUser.tap('fixed-properties', (user) => {
      user.hackleProperties = { platform: 'Web', osName: 'Windows', deviceType: 'pc' }
    }),
}))
const quiet = { log_disabled: true, sdkUrl: SDK_URL, plugins: [windowsDesktop(), sync(), identity()] }

const collect = () => {
  const events: SdkEvent[] = []
  const plugin = definePlugin(() => ({
    name: 'collect',
    apply: ({ hooks }) => hooks.eventCreated.tap('collect', (event) => void events.push(event)),
  }))
  return { events, plugin: plugin() }
}

describe('start-up', () => {
  it('fetches the config with the SDK headers and then decides', async () => {
    const client = createKernel(SDK_KEY, quiet)
    expect(client.variationDetail(1, { id: 'user_1', deviceId: 'user_1' }).reason).toBe('SDK_NOT_READY')
    expect(await client.onInitialized()).toEqual({ success: true })
    const [request] = server.requests
    expect(request!.url).toBe(`${SDK_URL}/api/v2/workspaces/${SDK_KEY}/config`)
    expect(request!.header('x-hackle-sdk-key')).toBe(SDK_KEY)
    expect(request!.header('x-hackle-sdk-name')).toBe('javascript-sdk_browser')
    expect(request!.header('x-hackle-sdk-version')).toBe('11.56.1')
    expect(Number(request!.header('x-hackle-sdk-time'))).toBeGreaterThan(1_600_000_000_000)
    expect(request!.header('if-modified-since')).toBeNull()
    client.close()
  })

  it('caches the config in the reference format and uses it on the next page before the network answers', async () => {
    const first = createKernel(SDK_KEY, quiet)
    await first.onInitialized()
    first.close()
    const cached = JSON.parse(localStorage.getItem('hackle-workspace-config_abcdefgh')!)
    expect(cached).toEqual({ config: EXAMPLE, lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT', version: '11.56.1' })

    server.status = 304
    const second = createKernel(SDK_KEY, quiet)
    expect(second.variation(1, { id: 'user_1', deviceId: 'user_1' })).toBe('B')
    await second.onInitialized()
    expect(server.requests.at(-1)!.header('if-modified-since')).toBe('Wed, 01 Jan 2025 00:00:00 GMT')
    expect(second.variation(1, { id: 'user_1', deviceId: 'user_1' })).toBe('B')
    second.close()
  })

  it('ignores a cache written by another SDK version', async () => {
    localStorage.setItem('hackle-workspace-config_abcdefgh', JSON.stringify({ config: EXAMPLE, lastModified: null, version: '11.0.0' }))
    server.status = 500
    const client = createKernel(SDK_KEY, quiet)
    expect(client.variationDetail(1).reason).toBe('SDK_NOT_READY')
    expect(localStorage.getItem('hackle-workspace-config_abcdefgh')).toBeNull()
    expect(await client.onInitialized()).toEqual({ success: false })
    client.close()
  })

  it('decides synchronously from a workspaceConfig option, without any request', () => {
    const client = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE })
    expect(client.variationDetail(1, { id: 'user_1', deviceId: 'user_1' }).variation).toBe('B')
    expect(server.requests).toHaveLength(0)
    client.close()
  })

  it('logs and keeps going on a malformed config', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    server.body = '{not json'
    const client = createKernel(SDK_KEY, { sdkUrl: SDK_URL, plugins: [sync()] })
    expect(await client.onInitialized()).toEqual({ success: false })
    expect(error.mock.calls.flat().join('\n')).toContain('Failed to sync workspace')
    expect(client.isFeatureOn(5)).toBe(false)
    error.mockRestore()
    client.close()
  })
})

describe('decisions (wire-format §3.7 example)', () => {
  const client = () => createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE })

  it.each([
    [{ id: 'user_1', deviceId: 'user_1' }, 'B', 'TRAFFIC_ALLOCATED'],
    [{ id: 'hello', deviceId: 'hello' }, 'A', 'TRAFFIC_ALLOCATED'],
    [{ id: 'qa-device-1', deviceId: 'd' }, 'B', 'OVERRIDDEN'],
    [{ id: 'hello', deviceId: 'hello', userId: 'emp-1' }, 'A', 'OVERRIDDEN'],
  ])('%j → %s %s', (user, variation, reason) => {
    const c = client()
    const decision = c.variationDetail(1, user)
    expect([decision.variation, decision.reason]).toEqual([variation, reason])
    c.close()
  })

  it('exposes parameters and typed get', () => {
    const c = client()
    const decision = c.variationDetail(1, { id: 'user_1', deviceId: 'user_1' })
    expect(decision.parameters).toEqual({ buttonColor: 'red', maxItems: 3 })
    expect(decision.get('maxItems', 0)).toBe(3)
    expect(decision.get('maxItems', 'x')).toBe('x')
    expect(decision.config.get('buttonColor', 'blue')).toBe('red')
    expect(decision.experiment).toMatchObject({ key: 1, version: 2 })
    c.close()
  })

  it('turns the flag on by target rule and returns the remote-config rule value', () => {
    const c = client()
    const gold = { id: 'hello', deviceId: 'hello', properties: { grade: 'gold' } }
    const flag = c.featureFlagDetail(5, gold)
    expect([flag.isOn, flag.reason]).toEqual([true, 'TARGET_RULE_MATCH'])
    expect(flag.get('newCheckout', false)).toBe(true)
    expect(c.remoteConfig(gold).get('banner_text', 'dflt')).toBe('Hello, gold member')
    expect(c.remoteConfig(gold).getDetail('banner_text', 1)).toEqual({ value: 1, reason: 'TYPE_MISMATCH' })
    expect(c.remoteConfig().getDetail('nope', 'd')).toEqual({ value: 'd', reason: 'REMOTE_CONFIG_PARAMETER_NOT_FOUND' })
    c.close()
  })

  it('answers bad input with the spec reasons and never throws', () => {
    const c = client()
    expect(c.variationDetail(0 as never).reason).toBe('INVALID_INPUT')
    expect(c.variationDetail('1' as never).reason).toBe('EXPERIMENT_NOT_FOUND')
    expect(c.variationDetail(999, undefined, 'C')).toMatchObject({ variation: 'C', reason: 'EXPERIMENT_NOT_FOUND' })
    expect(c.featureFlagDetail(null as never).reason).toBe('INVALID_INPUT')
    expect(c.remoteConfig().getDetail(null as never, 3)).toEqual({ value: 3, reason: 'INVALID_INPUT' })
    expect(c.getExperiment(1)).toMatchObject({ key: 1, variations: [{ key: 'A' }, { key: 'B', parameters: { buttonColor: 'red', maxItems: 3 } }] })
    for (const bad of [undefined, null, 42, {}, [], () => 1, Symbol('x')]) {
      expect(() => c.track(bad as never)).not.toThrow()
      expect(() => c.variation(bad as never, bad as never, bad as never)).not.toThrow()
      expect(() => c.isFeatureOn(bad as never, bad as never)).not.toThrow()
      expect(() => c.remoteConfig(bad as never).get(bad as never, 'x')).not.toThrow()
      expect(() => c.setUser!(bad as never)).not.toThrow()
      expect(() => c.updateUserProperties!(bad as never)).not.toThrow()
    }
    c.close()
  })
})

describe('events handed to the eventCreated hook', () => {
  it('creates the root exposure with the wire properties', () => {
    const { events, plugin } = collect()
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), identity(), plugin] })
    c.variation(1, { id: 'user_1', deviceId: 'user_1' })
    expect(events).toHaveLength(1)
    const [exposure] = events
    expect(exposure).toMatchObject({
      type: 'exposure',
      variationId: 102,
      variationKey: 'B',
      decisionReason: 'TRAFFIC_ALLOCATED',
      properties: { $parameterConfigurationId: 51, $experiment_version: 2, $execution_version: 3 },
    })
    expect(exposure!.insertId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    c.close()
  })

  it('creates track events with the workspace event type id, and none for invalid events', () => {
    const { events, plugin } = collect()
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), identity(), plugin] })
    c.track({ key: 'purchase', value: 39.9, properties: { orderId: 'o-1' } })
    c.track('unknown_event')
    c.track('')
    c.track({ key: 5 } as never)
    expect(events.map((e) => e.type === 'track' && [e.key, e.eventTypeId, e.value])).toEqual([
      ['purchase', 41, 39.9],
      ['unknown_event', 0, 0],
    ])
    c.close()
  })
})

describe('identity', () => {
  it('keeps the device id in _hackle_hid and the user ids in the reference cookies', async () => {
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE })
    const deviceId = document.cookie.match(/_hackle_hid=([^;]+)/)?.[1]
    expect(deviceId).toBeTruthy()
    expect(c.getUser()).toEqual({ id: deviceId, deviceId })
    await c.setUserId!('member-1')
    expect(document.cookie).toContain(`_hackle_uid_${SDK_KEY}=member-1`)
    await c.setUserId!(null)
    expect(document.cookie).not.toContain(`_hackle_uid_${SDK_KEY}`)
    c.close()
  })

  it('a decision user argument becomes the current user, merging properties of the same user', () => {
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE })
    c.variation(1, { id: 'a', deviceId: 'd1', properties: { x: 1 } })
    c.variation(1, { id: 'b', deviceId: 'd1', properties: { y: 2 } })
    expect(c.getUser()).toEqual({ id: 'b', deviceId: 'd1', properties: { x: 1, y: 2 } })
    // A string is `{ id }`: the device id falls back to the hackle device id, so this is another user.
    c.variation(1, 'plain-id')
    const hackleDeviceId = document.cookie.match(/_hackle_hid=([^;]+)/)?.[1]
    expect(c.getUser()).toEqual({ id: 'plain-id', deviceId: hackleDeviceId })
    c.close()
  })

  it('a user argument that is neither a string nor a user object is ignored with a warning (deliberate difference)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const c = createKernel(SDK_KEY, { ...quiet, log_disabled: false, workspaceConfig: EXAMPLE })
      c.variation(1, { userId: 'member-1', properties: { a: 1 } })
      for (const odd of [42, true, null]) c.variation(1, odd as never)
      c.track('purchase', ['x'] as never)
      expect(c.getUser()).toMatchObject({ userId: 'member-1', properties: { a: 1 } })
      const warnings = warn.mock.calls.map(([m]) => String(m)).filter((m) => m.includes('Invalid user argument ignored'))
      expect(warnings).toHaveLength(3) // 42, true and ['x']; null means no user
      c.close()
    } finally {
      warn.mockRestore()
    }
  })

  it('user property operations update the user and emit $properties', async () => {
    const { events, plugin } = collect()
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), identity(), plugin] })
    await c.setUserProperties!({ grade: 'gold', bad: { x: 1 } })
    expect(c.getUser().properties).toEqual({ grade: 'gold' })
    expect(c.featureFlagDetail(5).isOn).toBe(true)
    const tracked = events.filter((e) => e.type === 'track')
    expect(tracked[0]).toMatchObject({ key: '$properties', properties: { $set: { grade: 'gold' } } })
    await c.resetUser!()
    expect(c.getUser().properties).toBeUndefined()
    expect(events.at(-1)).toMatchObject({ key: '$properties', properties: { $clearAll: { clearAll: '-' } } })
    c.close()
  })

  it("the $properties event of updateUserProperties has each operation sanitized, as the reference's toEvent (an empty key is dropped)", async () => {
    const { events, plugin } = collect()
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), identity(), plugin] })
    await c.updateUserProperties!(new PropertyOperationsBuilder().set('', 0).set('grade', 'gold').increment('n', 2).build())
    await c.setUserProperty!('', 'x')
    const tracked = events.filter((e) => e.type === 'track').map((e) => e.type === 'track' && e.properties)
    expect(tracked).toEqual([{ $set: { grade: 'gold' }, $increment: { n: 2 } }, { $set: {} }])
    c.close()
  })
})

describe('plugins', () => {
  it('isolates a throwing plugin and reports it through pluginFailed', () => {
    const errors: string[] = []
    const broken = definePlugin(() => ({
      name: 'broken',
      apply({ hooks }) {
        hooks.resolveUser.tap('broken', () => {
          throw new Error('boom')
        })
        hooks.pluginFailed.tap('broken', (failure) => void errors.push(`${failure.plugin}/${failure.hook}`))
      },
    }))
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), broken()] })
    expect(c.variation(1, { id: 'user_1', deviceId: 'user_1' })).toBe('B')
    expect(errors).toEqual(['broken/resolveUser'])
    c.close()
  })

  it('keeps the last plugin of a name and tears plugins down on close', () => {
    const teardown = vi.fn()
    const make = (tag: string) => definePlugin(() => ({ name: 'same', apply: () => () => teardown(tag) }))()
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [make('first'), make('second')] })
    c.close()
    expect(teardown.mock.calls).toEqual([['second']])
  })

  it('a plugin can override variations (DevTool)', () => {
    const force = definePlugin(() => ({
      name: 'force',
      apply: ({ hooks }) => hooks.overrideVariation.tap('force', (experiment) => (experiment.id === 11 ? 101 : undefined)),
    }))
    const c = createKernel(SDK_KEY, { ...quiet, workspaceConfig: EXAMPLE, plugins: [windowsDesktop(), force()] })
    expect(c.variationDetail(1, { id: 'user_1', deviceId: 'user_1' })).toMatchObject({ variation: 'A', reason: 'OVERRIDDEN' })
    c.close()
  })

  it('createInstance returns one client per SDK key', () => {
    const a = createInstance('key-one-12345678', { ...quiet, eventUrl: SDK_URL, workspaceConfig: EXAMPLE })
    expect(createInstance('key-one-12345678')).toBe(a)
    a.close()
    const b = createInstance('key-one-12345678', { ...quiet, eventUrl: SDK_URL, workspaceConfig: EXAMPLE })
    expect(b).not.toBe(a)
    b.close()
  })
})
