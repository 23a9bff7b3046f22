// hackle-kit/react has the call shapes of @hackler/react-sdk 11.56.1: the same parameters for every hook and
// `createInstance`, return types an app can use the same way, and the components and provider accept the
// reference's props. An app written against the reference type-checks against hackle-kit/react.
import type { ComponentProps } from 'react'
import { describe, expectTypeOf, it } from 'vitest'
import type * as reference from '@hackler/react-sdk'
import * as ours from '../../src/react'

describe('hooks', () => {
  it('take the same parameters', () => {
    expectTypeOf<Parameters<typeof ours.useVariation>>().toEqualTypeOf<Parameters<typeof reference.useVariation>>()
    expectTypeOf<Parameters<typeof ours.useVariationDetail>>().toEqualTypeOf<Parameters<typeof reference.useVariationDetail>>()
    expectTypeOf<Parameters<typeof ours.useLoadableVariation>>().toEqualTypeOf<Parameters<typeof reference.useLoadableVariation>>()
    expectTypeOf<Parameters<typeof ours.useLoadableVariationDetail>>().toEqualTypeOf<Parameters<typeof reference.useLoadableVariationDetail>>()
    expectTypeOf<Parameters<typeof ours.useFeature>>().toEqualTypeOf<Parameters<typeof reference.useFeature>>()
    expectTypeOf<Parameters<typeof ours.useFeatureFlagDetail>>().toEqualTypeOf<Parameters<typeof reference.useFeatureFlagDetail>>()
    expectTypeOf<Parameters<typeof ours.useLoadableFeature>>().toEqualTypeOf<Parameters<typeof reference.useLoadableFeature>>()
    expectTypeOf<Parameters<typeof ours.useLoadableFeatureDetail>>().toEqualTypeOf<Parameters<typeof reference.useLoadableFeatureDetail>>()
    expectTypeOf<Parameters<typeof ours.useRemoteConfig>>().toEqualTypeOf<Parameters<typeof reference.useRemoteConfig>>()
    expectTypeOf<Parameters<typeof ours.useLoadableRemoteConfig>>().toEqualTypeOf<Parameters<typeof reference.useLoadableRemoteConfig>>()
    expectTypeOf<Parameters<typeof ours.useTrack>>().toEqualTypeOf<Parameters<typeof reference.useTrack>>()
  })

  it('return what an app reads from the reference', () => {
    expectTypeOf(ours.useVariation).returns.toEqualTypeOf<string>()
    expectTypeOf(ours.useFeature).returns.toEqualTypeOf<boolean>()
    expectTypeOf<ReturnType<typeof ours.useVariationDetail>>().toHaveProperty('variation').toEqualTypeOf<string>()
    expectTypeOf<ReturnType<typeof ours.useVariationDetail>>().toHaveProperty('reason').toEqualTypeOf<string>()
    expectTypeOf<ReturnType<typeof ours.useFeatureFlagDetail>>().toHaveProperty('isOn').toEqualTypeOf<boolean>()
    expectTypeOf<ReturnType<typeof ours.useLoadableVariation>>().toEqualTypeOf<ours.VariationResult>()
    expectTypeOf<ours.VariationResult>().toMatchTypeOf<reference.VariationResult>()
    expectTypeOf<ReturnType<typeof ours.useLoadableFeature>>().toMatchTypeOf<{ isLoading: boolean; isOn: boolean }>()
    expectTypeOf<ReturnType<typeof ours.useLoadableVariationDetail>['decision']['variation']>().toEqualTypeOf<string>()
    expectTypeOf<ReturnType<typeof ours.useLoadableFeatureDetail>['decision']['isOn']>().toEqualTypeOf<boolean>()
    expectTypeOf(ours.useRemoteConfig().get('key', 'default')).toMatchTypeOf<string>()
    expectTypeOf(ours.useRemoteConfig().get('key', 'default')).not.toBeNever()
    expectTypeOf(ours.useLoadableRemoteConfig().remoteConfig.get('key', 3)).toMatchTypeOf<number>()
    expectTypeOf(ours.useLoadableRemoteConfig().remoteConfig.get('key', 3)).not.toBeNever()
    // the reference's Track takes an event object; ours too (and a key)
    expectTypeOf<Parameters<ReturnType<typeof reference.useTrack>>[0]>().toMatchTypeOf<Parameters<ReturnType<typeof ours.useTrack>>[0]>()
  })
})

describe('components and provider', () => {
  it("accept the reference's props", () => {
    expectTypeOf<ComponentProps<typeof reference.HackleExperiment>>().toMatchTypeOf<ComponentProps<typeof ours.HackleExperiment>>()
    expectTypeOf<ComponentProps<typeof reference.HackleVariation>>().toMatchTypeOf<ComponentProps<typeof ours.HackleVariation>>()
    expectTypeOf<ComponentProps<typeof reference.HackleFeature>>().toMatchTypeOf<ComponentProps<typeof ours.HackleFeature>>()
    type ReferenceProviderProps = Omit<ComponentProps<typeof reference.HackleProvider>, 'hackleClient'>
    expectTypeOf<ReferenceProviderProps>().toMatchTypeOf<Omit<ComponentProps<typeof ours.HackleProvider>, 'hackleClient'>>()
  })

  it('the context has the reference shape', () => {
    expectTypeOf<ours.HackleContext['userVersion']>().toEqualTypeOf<reference.HackleContext['userVersion']>()
    expectTypeOf<ours.HackleContext['initialized']>().toEqualTypeOf<reference.HackleContext['initialized']>()
  })
})

describe('createInstance and the client', () => {
  it("takes the reference's arguments", () => {
    expectTypeOf<Parameters<typeof ours.createInstance>[0]>().toEqualTypeOf<string>()
    const client = ours.createInstance('key', { debug: true, pollingIntervalMillis: 60_000, sessionPolicy: { timeoutMillis: 1000 }, optOutTracking: false, user: { id: 'a' } })
    expectTypeOf(client.on).parameter(0).toMatchTypeOf<string>()
    client.on('user-updated', (user) => expectTypeOf(user).toMatchTypeOf<{ id?: string } | null>())
    client.off('user-updated', () => undefined)
    client.emit('user-updated', null)
    expectTypeOf(client.setUser({ id: 'a' })).toEqualTypeOf<Promise<void>>()
    expectTypeOf(client.variation(1)).toEqualTypeOf<string>()
    expectTypeOf(client.subscribe).returns.toEqualTypeOf<() => void>()
  })
})
