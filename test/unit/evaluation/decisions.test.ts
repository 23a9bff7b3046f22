import { describe, expect, it } from 'vitest'
import {
  DecisionReason as R,
  evaluateExperiment,
  evaluateRemoteConfig,
  getParameter,
  parseWorkspace,
  requiredValueType,
} from '../../../src/kernel/evaluation'
import { ANDROID, cond, configWith, exampleConfig, experimentDto, fullBucket, user } from './fixtures'

const ws = parseWorkspace(exampleConfig())
const exp = ws.experiments.get(1)!
const flag = ws.featureFlags.get(5)!
const banner = ws.remoteConfigParameters.get('banner_text')!

describe('wire-format §3.7 example decisions', () => {
  const rows: [string, Parameters<typeof user>[0], Record<string, unknown> | undefined, string, string, Record<string, unknown>, boolean, string, string][] = [
    // name, user, hackle props, exp variation, exp reason, exp params, flag on, flag reason, banner
    ['user_1', { id: 'user_1', deviceId: 'user_1' }, undefined, 'B', R.TRAFFIC_ALLOCATED, { buttonColor: 'red', maxItems: 3 }, false, R.DEFAULT_RULE, 'Hello'],
    ['hello', { id: 'hello', deviceId: 'hello' }, undefined, 'A', R.TRAFFIC_ALLOCATED, {}, false, R.DEFAULT_RULE, 'Hello'],
    ['user override', { id: 'qa-device-1', deviceId: 'd' }, undefined, 'B', R.OVERRIDDEN, { buttonColor: 'red', maxItems: 3 }, false, R.DEFAULT_RULE, 'Hello'],
    ['segment override', { id: 'hello', deviceId: 'hello', userId: 'emp-1' }, undefined, 'A', R.OVERRIDDEN, {}, false, R.DEFAULT_RULE, 'Hello'],
    ['android', { id: 'hello', deviceId: 'hello' }, ANDROID, 'A', R.NOT_IN_EXPERIMENT_TARGET, {}, false, R.DEFAULT_RULE, 'Hello'],
    ['gold', { id: 'hello', deviceId: 'hello', properties: { grade: 'gold' } }, undefined, 'A', R.TRAFFIC_ALLOCATED, {}, true, R.TARGET_RULE_MATCH, 'Hello, gold member'],
  ]
  it.each(rows)('%s', (_, u, hackle, variation, reason, params, on, flagReason, text) => {
    const eu = user(u, hackle)
    const e = evaluateExperiment(ws, exp, eu, 'A')
    expect([e.variationKey, e.reason]).toEqual([variation, reason])
    expect(e.variationId).toBe(variation === 'A' ? 101 : 102)
    expect(e.config?.parameters ?? {}).toEqual(params)
    expect(e.targetEvaluations).toEqual([])

    const f = evaluateExperiment(ws, flag, eu, 'A')
    expect([f.variationKey !== 'A', f.reason]).toEqual([on, flagReason])
    expect(f.config?.parameters ?? {}).toEqual(on ? { newCheckout: true } : {})

    const rc = evaluateRemoteConfig(ws, banner, eu, 'dflt')
    expect(rc.value).toBe(text)
    expect(rc.valueId).toBe(text === 'Hello' ? 711 : 712)
  })

  it('slots of the example users', () => {
    const b = evaluateExperiment(ws, exp, user({ id: 'user_1' }), 'A')
    expect(b.variationId).toBe(102)
  })

  it('flag parameters through Decision.get semantics (§9)', () => {
    const f = evaluateExperiment(ws, flag, user({ id: 'x', properties: { grade: 'gold' } }), 'A')
    expect(getParameter(f.config, 'newCheckout', false)).toBe(true)
    expect(getParameter(f.config, 'newCheckout', 'x')).toBe('x')
    expect(getParameter(f.config, 'missing', 7)).toBe(7)
    expect(getParameter(f.config, 'newCheckout', null)).toBe(null)
    expect(getParameter(undefined, 'newCheckout', false)).toBe(false)
    const e = evaluateExperiment(ws, exp, user({ id: 'user_1' }), 'A')
    expect(getParameter(e.config, 'buttonColor', 'blue')).toBe('red')
    expect(getParameter(e.config, 'maxItems', 0)).toBe(3)
    expect(getParameter(e.config, 'maxItems', '0')).toBe('0')
  })

  it('default variation: custom key without variation (§6)', () => {
    const android = user({ id: 'hello' }, ANDROID)
    const e = evaluateExperiment(ws, exp, android, 'C')
    expect(e).toMatchObject({ variationKey: 'C', reason: R.NOT_IN_EXPERIMENT_TARGET, variationId: undefined, config: undefined })
    const b = evaluateExperiment(ws, exp, android, 'B')
    expect(b).toMatchObject({ variationKey: 'B', variationId: 102 })
    expect(b.config?.parameters).toEqual({ buttonColor: 'red', maxItems: 3 })
  })
})

describe('remote config (evaluation.md §10)', () => {
  const gold = user({ id: 'hello', properties: { grade: 'gold' } })
  it('rule value for a string default', () => {
    const rc = evaluateRemoteConfig(ws, banner, gold, 'dflt')
    expect(rc).toEqual({
      reason: R.TARGET_RULE_MATCH,
      value: 'Hello, gold member',
      valueId: 712,
      properties: {
        requestValueType: 'STRING',
        requestDefaultValue: 'dflt',
        targetRuleKey: 'rule-1',
        targetRuleName: 'Gold users',
        returnValue: 'Hello, gold member',
      },
      targetEvaluations: [],
    })
    expect(Object.keys(rc.properties)).toEqual(['requestValueType', 'requestDefaultValue', 'targetRuleKey', 'targetRuleName', 'returnValue'])
  })

  it('number default → TYPE_MISMATCH, rule properties kept, no value id', () => {
    const rc = evaluateRemoteConfig(ws, banner, gold, 1)
    expect(rc).toMatchObject({ reason: R.TYPE_MISMATCH, value: 1, valueId: undefined })
    expect(rc.properties).toEqual({
      requestValueType: 'NUMBER',
      requestDefaultValue: 1,
      targetRuleKey: 'rule-1',
      targetRuleName: 'Gold users',
      returnValue: 1,
    })
  })

  it('null default accepts any value', () => {
    expect(evaluateRemoteConfig(ws, banner, gold, null)).toMatchObject({ reason: R.TARGET_RULE_MATCH, value: 'Hello, gold member' })
    expect(evaluateRemoteConfig(ws, banner, gold, undefined).properties.requestValueType).toBe('NULL')
  })

  it('default rule and unknown required type', () => {
    const plain = user({ id: 'hello' })
    expect(evaluateRemoteConfig(ws, banner, plain, 'Hi')).toMatchObject({ reason: R.DEFAULT_RULE, value: 'Hello', valueId: 711 })
    expect(evaluateRemoteConfig(ws, banner, plain, {})).toMatchObject({ reason: R.TYPE_MISMATCH, value: {} })
  })

  it('missing identifier → IDENTIFIER_NOT_FOUND', () => {
    const p = parseWorkspace(configWith({ remoteConfigParameters: [{ ...exampleConfig().remoteConfigParameters[0], identifierType: 'custom' }] }))
    const rc = evaluateRemoteConfig(p, p.remoteConfigParameters.get('banner_text')!, gold, 'x')
    expect(rc).toEqual({
      reason: R.IDENTIFIER_NOT_FOUND,
      value: 'x',
      valueId: undefined,
      properties: { requestValueType: 'STRING', requestDefaultValue: 'x', returnValue: 'x' },
      targetEvaluations: [],
    })
  })

  it('cuts strings to 1024 characters in the properties', () => {
    const long = 'x'.repeat(1100)
    const rc = evaluateRemoteConfig(ws, banner, user({ id: 'h' }), long)
    expect(rc.value).toBe('Hello')
    expect((rc.properties.requestDefaultValue as string).length).toBe(1024)
  })

  it('a rule whose bucket does not allocate the user is skipped', () => {
    const cfg = exampleConfig()
    cfg.buckets[2].slots = []
    const p = parseWorkspace(cfg)
    expect(evaluateRemoteConfig(p, p.remoteConfigParameters.get('banner_text')!, gold, 'x')).toMatchObject({ reason: R.DEFAULT_RULE, value: 'Hello' })
  })

  it('requiredValueType', () => {
    expect(['s', 1, true, null, undefined, {}, [1]].map(requiredValueType)).toEqual(['STRING', 'NUMBER', 'BOOLEAN', 'NULL', 'NULL', 'UNKNOWN', 'UNKNOWN'])
  })
})

describe('worked decision table (evaluation.md §18)', () => {
  const ab = (execution: Record<string, any>, over: Record<string, any> = {}, parts: Record<string, unknown> = {}) => {
    const w = parseWorkspace(
      configWith({ experiments: [experimentDto(over, execution)], buckets: [fullBucket(1, 1001), fullBucket(2, 1099)], ...parts }),
    )
    return (u = user({ id: 'u1' })) => evaluateExperiment(w, w.experiments.get(1)!, u, 'A')
  }

  it('RUNNING A/B, bucket slot → variation A', () => {
    expect(ab({ defaultRule: { type: 'BUCKET', bucketId: 1 } })()).toMatchObject({ variationKey: 'A', variationId: 1001, reason: R.TRAFFIC_ALLOCATED })
  })
  it('PAUSED', () => {
    expect(ab({ status: 'PAUSED' })()).toMatchObject({ variationKey: 'A', reason: R.EXPERIMENT_PAUSED })
  })
  it('STOPPED with winner B', () => {
    expect(ab({ status: 'STOPPED' }, { winnerVariationId: 1002 })()).toMatchObject({ variationKey: 'B', reason: R.EXPERIMENT_COMPLETED })
  })
  it('slot maps to a variation id not in the experiment', () => {
    expect(ab({ defaultRule: { type: 'BUCKET', bucketId: 2 } })()).toMatchObject({ variationKey: 'A', reason: R.TRAFFIC_NOT_ALLOCATED })
  })
  it('container group contains the experiment', () => {
    const run = ab(
      { defaultRule: { type: 'BUCKET', bucketId: 1 } },
      { containerId: 9 },
      { containers: [{ id: 9, bucketId: 3, groups: [{ id: 77, experiments: [1000] }] }], buckets: [fullBucket(1, 1002), fullBucket(3, 77)] },
    )
    expect(run()).toMatchObject({ variationKey: 'B', reason: R.TRAFFIC_ALLOCATED })
    const other = ab(
      { defaultRule: { type: 'BUCKET', bucketId: 1 } },
      { containerId: 9 },
      { containers: [{ id: 9, bucketId: 3, groups: [{ id: 77, experiments: [5] }] }], buckets: [fullBucket(1, 1002), fullBucket(3, 77)] },
    )
    expect(other()).toMatchObject({ variationKey: 'A', reason: R.NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT })
  })
  it('READY with a custom identifier type the user lacks', () => {
    expect(ab({ status: 'READY' }, { identifierType: 'customerId' })()).toMatchObject({ variationKey: 'A', reason: R.IDENTIFIER_NOT_FOUND })
  })
  it('flag rule requiring osName Windows on Linux, default bucket all-A', () => {
    const w = parseWorkspace(
      configWith({
        featureFlags: [
          experimentDto({}, {
            targetRules: [{ target: { conditions: [cond('HACKLE_PROPERTY', 'osName', 'IN', 'STRING', ['Windows'])] }, action: { type: 'VARIATION', variationId: 1002 } }],
            defaultRule: { type: 'BUCKET', bucketId: 1 },
          }),
        ],
        buckets: [fullBucket(1, 1001)],
      }),
    )
    const e = evaluateExperiment(w, w.featureFlags.get(1)!, user({ id: 'u' }, { osName: 'Linux' }), 'A')
    expect(e).toMatchObject({ variationKey: 'A', reason: R.DEFAULT_RULE })
  })
  it('flag rule AB_TEST key 1 IN [A,B] → on, nested TRAFFIC_ALLOCATED_BY_TARGETING', () => {
    const w = parseWorkspace(
      configWith({
        experiments: [experimentDto({ id: 11, key: 1 }, { defaultRule: { type: 'BUCKET', bucketId: 1 } })],
        featureFlags: [
          experimentDto({ id: 21, key: 5, variations: [{ id: 201, key: 'A' }, { id: 202, key: 'B' }] }, {
            targetRules: [{ target: { conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['A', 'B'])] }, action: { type: 'VARIATION', variationId: 202 } }],
            defaultRule: { type: 'VARIATION', variationId: 201 },
          }),
        ],
        buckets: [fullBucket(1, 1001)],
      }),
    )
    const e = evaluateExperiment(w, w.featureFlags.get(5)!, user({ id: 'u' }), 'A')
    expect(e).toMatchObject({ variationKey: 'B', reason: R.TARGET_RULE_MATCH })
    expect(e.targetEvaluations.map((t) => [t.experiment.id, t.variationKey, t.reason])).toEqual([[11, 'A', R.TRAFFIC_ALLOCATED_BY_TARGETING]])
  })
  it('mutually referencing audiences → circular exception', () => {
    const w = parseWorkspace(
      configWith({
        experiments: [
          experimentDto({ id: 40, key: 4 }, { targetAudiences: [{ conditions: [cond('AB_TEST', '5', 'IN', 'STRING', ['A'])] }] }),
          experimentDto({ id: 50, key: 5 }, { targetAudiences: [{ conditions: [cond('AB_TEST', '4', 'IN', 'STRING', ['A'])] }] }),
        ],
      }),
    )
    expect(() => evaluateExperiment(w, w.experiments.get(4)!, user({ id: 'u' }), 'A')).toThrow(
      'Circular evaluation has occurred [EvaluatorRequest(type=AB_TEST, key=4) - EvaluatorRequest(type=AB_TEST, key=5) - EvaluatorRequest(type=AB_TEST, key=4)]',
    )
  })
})
