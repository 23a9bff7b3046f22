// The reference's result classes have static factories a page (or a test double of the SDK) calls:
// `Decision.of(variation, reason, config?, experiment?)`, `FeatureFlagDecision.on/off(reason, config?, experiment?)`.
// Observed on the reference: the members are `variation|isOn, reason, config, experiment` in that order; without a
// config it is an empty one (`parameters` {}, `get` gives the default), a given config is kept as it is (also null).
import { describe, expect, it } from 'vitest'
import { Decision, FeatureFlagDecision } from '../../../src'
import '../../../src/browser'

describe('Decision.of / FeatureFlagDecision.on / .off (the reference factories)', () => {
  it('Decision.of: the variation and reason, an empty config and no experiment by default', () => {
    const decision = Decision.of('A', 'DEFAULT_RULE')
    expect(decision).toBeInstanceOf(Decision)
    expect(Object.keys(decision)).toEqual(['variation', 'reason', 'config', 'experiment'])
    expect(decision.variation).toBe('A')
    expect(decision.reason).toBe('DEFAULT_RULE')
    expect(decision.experiment).toBeUndefined()
    expect(decision.parameters).toEqual({})
    expect(decision.get('missing', 3)).toBe(3)
  })

  it('Decision.of keeps a config object of the page (any object with parameters and get) and the experiment', () => {
    const config = { parameters: { a: 1 }, get: <T>(_key: string, _defaultValue: T) => 'G' as T }
    const experiment = { key: 1, version: 2, variations: [] }
    const decision = Decision.of('B', 'TRAFFIC_ALLOCATED', config, experiment)
    expect(decision.config).toBe(config)
    expect(decision.parameters).toEqual({ a: 1 })
    expect(decision.get('a', 0)).toBe('G')
    expect(decision.experiment).toBe(experiment)
  })

  it('FeatureFlagDecision.on / .off: isOn true / false, an empty config by default, members in the reference order', () => {
    const on = FeatureFlagDecision.on('DEFAULT_RULE')
    const off = FeatureFlagDecision.off('FEATURE_FLAG_INACTIVE', undefined, undefined)
    expect(on).toBeInstanceOf(FeatureFlagDecision)
    expect(Object.keys(on)).toEqual(['isOn', 'reason', 'config', 'experiment'])
    expect([on.isOn, on.reason, on.experiment]).toEqual([true, 'DEFAULT_RULE', undefined])
    expect([off.isOn, off.reason]).toEqual([false, 'FEATURE_FLAG_INACTIVE'])
    expect(on.parameters).toEqual({})
    expect(off.get('x', 'y')).toBe('y')
  })

  it('a null config is kept, as the reference keeps it, and reads give the defaults instead of throwing', () => {
    const decision = Decision.of('A', 'DEFAULT_RULE', null as never)
    expect(decision.config).toBeNull()
    expect(decision.parameters).toEqual({})
    expect(decision.get('k', 'd')).toBe('d')
  })

  it('window.Hackle has the same factories', () => {
    const global = (window as unknown as { Hackle: { Decision: typeof Decision; FeatureFlagDecision: typeof FeatureFlagDecision } }).Hackle
    expect(global.Decision.of('C', 'OVERRIDDEN').variation).toBe('C')
    expect(global.FeatureFlagDecision.on('OVERRIDDEN').isOn).toBe(true)
    expect(global.FeatureFlagDecision.off('OVERRIDDEN').isOn).toBe(false)
  })
})
