// Type tests of the public client (vitest typecheck: this file is compiled, never run). They import the public
// entries only, as a page does: `src/index.ts` is `hackle-kit`, `src/kernel/index.ts` is `hackle-kit/kernel`.
import { describe, expectTypeOf, it } from 'vitest'
import { createInstance, type FullHackleClient } from '../../src/index'
import {
  createKernel,
  Decision,
  FeatureFlagDecision,
  type HackleClient,
  type HackleRemoteConfig,
  type RemoteConfigDetail,
  type User,
} from '../../src/kernel/index'
import { sync } from '../../src/plugins/sync/index'
import { sessions } from '../../src/plugins/sessions/index'
import { identity } from '../../src/plugins/identity/index'
import { PropertyOperationsBuilder, HackleSubscriptionOperationsBuilder } from '../../src/index'

describe('createKernel', () => {
  const client = createKernel('key', {})

  it('returns a HackleClient without any plugin method', () => {
    expectTypeOf(client).toExtend<HackleClient>()
    // @ts-expect-error no identity plugin: no setUserId
    client.setUserId('member-1')
    // @ts-expect-error no sync plugin: no fetch
    client.fetch()
  })

  it('has the methods of exactly the plugins it was given', () => {
    const slim = createKernel('key', { plugins: [sync(), sessions()] })
    expectTypeOf(slim.fetch()).toEqualTypeOf<Promise<void>>()
    expectTypeOf(slim.getSessionId()).toEqualTypeOf<string>()
    // @ts-expect-error no identity plugin in this client
    slim.setUser({ userId: 'member-1' })
    const withIdentity = createKernel('key', { plugins: [identity(), false] })
    expectTypeOf(withIdentity.setUserId('member-1')).toEqualTypeOf<Promise<void>>()
  })

  it('options are typed: a misspelled option does not compile', () => {
    createKernel('key', { exposureEventDedupIntervalMillis: 60_000, workspaceConfig: {} })
    // @ts-expect-error a typo of pollingIntervalMillis (which is a sync() option anyway)
    createKernel('key', { pollingIntervalMilis: 60_000 })
    // @ts-expect-error plugin options go to the plugin's factory
    createKernel('key', { pollingIntervalMillis: 60_000 })
    sync({ pollingIntervalMillis: 60_000 })
    // @ts-expect-error sync's option is a number
    sync({ pollingIntervalMillis: '1m' })
  })

  it('subscribe and version serve useSyncExternalStore', () => {
    expectTypeOf(client.subscribe(() => undefined)).toEqualTypeOf<() => void>()
    expectTypeOf(client.version()).toEqualTypeOf<number>()
  })

  it('has every kernel method, with its answer type', () => {
    expectTypeOf(client.variation(1)).toEqualTypeOf<string>()
    expectTypeOf(client.variation(1, 'user-id', 'A')).toEqualTypeOf<string>()
    expectTypeOf(client.variationDetail(1)).toEqualTypeOf<Decision>()
    expectTypeOf(client.isFeatureOn(1)).toEqualTypeOf<boolean>()
    expectTypeOf(client.featureFlagDetail(1)).toEqualTypeOf<FeatureFlagDecision>()
    expectTypeOf(client.remoteConfig()).toEqualTypeOf<HackleRemoteConfig>()
    expectTypeOf(client.track('purchase')).toEqualTypeOf<void>()
    expectTypeOf(client.getUser()).toEqualTypeOf<User>()
    expectTypeOf(client.onInitialized()).toEqualTypeOf<Promise<{ success: boolean }>>()
    expectTypeOf(client.close).toEqualTypeOf<() => void>()
  })

  it('decisions expose what a page reads', () => {
    const decision = client.variationDetail(1)
    expectTypeOf(decision.variation).toEqualTypeOf<string>()
    expectTypeOf(decision.reason).toEqualTypeOf<string>()
    expectTypeOf(client.featureFlagDetail(1).isOn).toEqualTypeOf<boolean>()
  })

  it('remote config answers in the type of the default', () => {
    const config = client.remoteConfig({ userId: 'member-1' })
    expectTypeOf(config.get('text', 'Hi')).toEqualTypeOf<'Hi'>()
    expectTypeOf(config.get('text', 'Hi' as string)).toEqualTypeOf<string>()
    expectTypeOf(config.get('count', 3 as number)).toEqualTypeOf<number>()
    expectTypeOf(config.getDetail('on', false as boolean)).toEqualTypeOf<RemoteConfigDetail<boolean>>()
    // @ts-expect-error a default must be a string, number, boolean, null or undefined
    config.get('list', [1, 2])
  })

  it('rejects wrong argument types', () => {
    // @ts-expect-error an experiment key is a number
    client.variation('1')
    // @ts-expect-error a feature key is a number
    client.isFeatureOn('7')
    // @ts-expect-error a user is a User or an id string
    client.variation(1, 42)
    // @ts-expect-error an event has a string key
    client.track({ key: 1 })
    // @ts-expect-error an event value is a number
    client.track({ key: 'purchase', value: '39.9' })
    // @ts-expect-error the SDK key is required
    createKernel()
    // @ts-expect-error the plugin list holds plugins
    createKernel('key', { plugins: ['properties'] })
  })
})

describe('createInstance', () => {
  const client = createInstance('key', { user: { userId: 'member-1' } })

  it('returns a client with every method present', () => {
    expectTypeOf(client).toExtend<FullHackleClient>()
    expectTypeOf(client).toExtend<HackleClient>()
    expectTypeOf(client.setUser).toEqualTypeOf<(user: User) => Promise<void>>()
    expectTypeOf(client.setUserId('member-2')).toEqualTypeOf<Promise<void>>()
    expectTypeOf(client.fetch()).toEqualTypeOf<Promise<void>>()
    expectTypeOf(client.getSessionId()).toEqualTypeOf<string>()
    expectTypeOf(client.isOptOutTracking()).toEqualTypeOf<boolean>()
    expectTypeOf(client.variation(42)).toEqualTypeOf<string>()
  })

  it('accepts extra plugins or a function that edits the preset', () => {
    createInstance('key', { plugins: [] })
    createInstance('key', { plugins: (defaults) => defaults.filter((plugin) => plugin.name !== 'campaign') })
    // @ts-expect-error the editing function returns a plugin list
    createInstance('key', { plugins: () => 'none' })
  })

  it('does not claim the methods of plugins the editing function left out', () => {
    const edited = createInstance('key', { plugins: ([properties, campaign, overrides, syncPlugin]) => [properties, campaign, overrides, syncPlugin] })
    expectTypeOf(edited.fetch()).toEqualTypeOf<Promise<void>>()
    // @ts-expect-error the sessions plugin was left out
    edited.getSessionId()
  })

  it('takes the flat option names of the reference, typed', () => {
    createInstance('key', { pollingIntervalMillis: 60_000, optOutTracking: true, sessionPolicy: { timeoutMillis: 1000 } })
    // @ts-expect-error a misspelled option
    createInstance('key', { pollingIntervalMilis: 60_000 })
    // @ts-expect-error the session timeout is a number
    createInstance('key', { sessionPolicy: { timeoutMillis: '30m' } })
  })

  it('property and subscription calls take their builders', () => {
    client.updateUserProperties(new PropertyOperationsBuilder().set('age', 30).build())
    client.updateUserProperties({ $set: { age: 30 } })
    client.updatePushSubscriptions(new HackleSubscriptionOperationsBuilder().marketing('SUBSCRIBED').build())
    // @ts-expect-error not property operations
    client.updateUserProperties('age=30')
    // @ts-expect-error subscription calls take the subscription builder's result
    client.updateSmsSubscriptions({ marketing: true })
  })

  it('rejects wrong option and argument types', () => {
    // @ts-expect-error the user is an object
    createInstance('key', { user: 'member-1' })
    // @ts-expect-error debug is a boolean
    createInstance('key', { debug: 'yes' })
    // @ts-expect-error a user id is a string, number, null or undefined
    client.setUserId({ id: 1 })
    // @ts-expect-error opt-out takes a boolean
    client.setOptOutTracking('true')
  })
})
