import { describe, expect, it, vi } from 'vitest'
import { DecisionReason, evaluateExperiment, parseWorkspace, splitUrlTargets } from '../../../src/kernel/evaluation'
import { cond, configWith, exampleConfig, experimentDto, user } from './fixtures'

describe('parseWorkspace: tolerant parsing', () => {
  it('throws only for a non-object', () => {
    expect(() => parseWorkspace(null)).toThrow(TypeError)
    expect(() => parseWorkspace('x')).toThrow(TypeError)
    const ws = parseWorkspace({})
    expect([ws.experiments.size, ws.featureFlags.size, ws.eventTypes.size, ws.remoteConfigParameters.size]).toEqual([0, 0, 0, 0])
    // In-app messages are the in-app plugin's section of the config (`kernel.workspaces.config()`), not the kernel's.
    expect(ws).not.toHaveProperty('inAppMessagesDto')
  })

  it('missing / non-array lists are empty', () => {
    const cfg = exampleConfig()
    delete cfg.segments
    cfg.events = null
    delete cfg.experiments[0].execution.segmentOverrides
    const ws = parseWorkspace(cfg)
    expect(ws.eventTypes.size).toBe(0)
    expect(ws.experiments.get(1)!.segmentOverrides).toEqual([])
    expect(ws.featureFlags.get(5)!.targetRules).toHaveLength(1)
  })

  it('missing targetUrls → none; missing implementationType → DEFAULT', () => {
    const cfg = exampleConfig()
    delete cfg.experiments[0].execution.targetUrls
    delete cfg.experiments[0].implementationType
    const e = parseWorkspace(cfg).experiments.get(1)!
    expect(splitUrlTargets(e)).toBeUndefined()
    expect(e.implementationType).toBe('DEFAULT')
  })

  it('parses the example: fields, maps, parameters, attributes', () => {
    const ws = parseWorkspace(exampleConfig())
    const e = ws.experiments.get(1)!
    expect(e).toMatchObject({ id: 11, key: 1, type: 'AB_TEST', status: 'RUNNING', version: 2, executionVersion: 3, identifierType: '$id' })
    expect(e.variations.map((v) => [v.id, v.key, v.dropped, v.parameterConfigurationId])).toEqual([[101, 'A', false, undefined], [102, 'B', false, 51]])
    expect(e.variations[1].config).toEqual({ id: 51, parameters: { buttonColor: 'red', maxItems: 3 } })
    expect(ws.featureFlags.get(5)!.type).toBe('FEATURE_FLAG')
    expect(ws.eventTypes.get('purchase')).toMatchObject({ id: 41, key: 'purchase' })
  })

  it('split-URL targets and the split-URL list', () => {
    const urls = { match: [{ conditions: [cond('HACKLE_PROPERTY', 'url', 'STARTS_WITH', 'URL', ['https://a.com/'])] }], notMatch: [] }
    const ws = parseWorkspace(
      configWith({
        experiments: [
          experimentDto({ id: 1, key: 1, implementationType: 'split_url' }, { targetUrls: urls }),
          experimentDto({ id: 2, key: 2 }),
          experimentDto({ id: 3, key: 3, implementationType: 'SPLIT_URL' }, { targetUrls: urls }),
        ],
      }),
    )
    expect([...ws.experiments.values()].filter((e) => e.implementationType === 'SPLIT_URL').map((e) => e.id)).toEqual([1, 3])
    expect(splitUrlTargets(ws.experiments.get(1)!)!.match[0].conditions[0]).toMatchObject({ type: 'HACKLE_PROPERTY', name: 'url' })
    expect(splitUrlTargets(ws.experiments.get(1)!)!.notMatch).toEqual([])
    expect(splitUrlTargets(ws.experiments.get(2)!)).toBeUndefined()
  })

  it('duplicate keys: later wins, first position kept', () => {
    const ws = parseWorkspace(
      configWith({
        experiments: [experimentDto({ id: 1, key: 1 }), experimentDto({ id: 2, key: 2 }), experimentDto({ id: 3, key: 1 })],
        events: [{ id: 1, key: 'a' }, { id: 2, key: 'a' }],
      }),
    )
    expect([...ws.experiments.values()].map((e) => e.id)).toEqual([3, 2])
    expect(ws.eventTypes.get('a')!.id).toBe(2)
  })

  it('enums are case-insensitive except execution status and variation status', () => {
    const ws = parseWorkspace(
      configWith({
        experiments: [
          experimentDto(
            { id: 1, key: 1, implementationType: 'default', variations: [{ id: 1001, key: 'A', status: 'dropped' }, { id: 1002, key: 'B', status: 'DROPPED' }] },
            { defaultRule: { type: 'variation', variationId: 1001 }, targetAudiences: [{ conditions: [cond('user_property', 'x', 'in', 'string', ['1'], 'match')] }] },
          ),
          experimentDto({ id: 2, key: 2 }, { status: 'running' }),
        ],
      }),
    )
    const e = ws.experiments.get(1)!
    expect(e.variations.map((v) => v.dropped)).toEqual([false, true])
    expect(e.defaultRule.type).toBe('VARIATION')
    expect(e.targetAudiences[0].conditions[0]).toMatchObject({ type: 'USER_PROPERTY', match: { type: 'MATCH', operator: 'IN', valueType: 'STRING' } })
    expect(ws.experiments.has(2)).toBe(false)
  })
})

describe('parseWorkspace: drop rules (wire-format §3.9)', () => {
  it('experiments: unknown execution status, implementation type or default-rule action', () => {
    const warn = vi.fn()
    const ws = parseWorkspace(
      configWith({
        experiments: [
          experimentDto({ id: 1, key: 1 }, { status: 'ARCHIVED' }),
          experimentDto({ id: 2, key: 2, implementationType: 'MAGIC' }),
          experimentDto({ id: 3, key: 3 }, { defaultRule: { type: 'RANDOM' } }),
          experimentDto({ id: 4, key: 4 }),
        ],
        featureFlags: [experimentDto({ id: 5, key: 5 }, { status: 'stopped' })],
      }),
      warn,
    )
    expect([...ws.experiments.keys()]).toEqual([4])
    expect(ws.featureFlags.size).toBe(0)
    expect(warn).toHaveBeenCalled()
  })

  it('conditions: unknown key type / match type / operator / value type, or not allowed in that place; the target survives', () => {
    const ws = parseWorkspace(
      configWith({
        experiments: [
          experimentDto({}, {
            targetAudiences: [
              {
                conditions: [
                  cond('UNSUPPORTED_KEY_TYPE', 'a', 'IN', 'STRING', ['x']),
                  cond('USER_PROPERTY', 'b', 'REGEX', 'STRING', ['x']),
                  cond('USER_PROPERTY', 'c', 'IN', 'DATE', ['x']),
                  cond('USER_PROPERTY', 'd', 'IN', 'STRING', ['x'], 'SOMETIMES'),
                  cond('USER_ID', '$id', 'IN', 'STRING', ['x']),
                  cond('USER_PROPERTY', 'kept', 'IN', 'STRING', ['x']),
                ],
              },
            ],
            segmentOverrides: [
              {
                target: { conditions: [cond('USER_PROPERTY', 'x', 'IN', 'STRING', ['x']), cond('SEGMENT', 's', 'IN', 'STRING', ['s'])] },
                action: { type: 'VARIATION', variationId: 1001 },
              },
            ],
          }),
        ],
        segments: [
          { id: 1, key: 's', type: 'USER_ID', targets: [{ conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['A']), cond('USER_ID', '$id', 'IN', 'STRING', ['u'])] }] },
        ],
      }),
    )
    const e = ws.experiments.get(1)!
    expect(e.targetAudiences[0].conditions.map((c) => c.name)).toEqual(['kept'])
    expect(e.segmentOverrides[0].target.conditions.map((c) => c.type)).toEqual(['SEGMENT'])
    expect(ws.segments.get('s')!.targets[0].conditions.map((c) => c.type)).toEqual(['USER_ID'])
  })

  it('a target whose only condition is unknown matches everyone', () => {
    const ws = parseWorkspace(
      configWith({ experiments: [experimentDto({}, { targetAudiences: [{ conditions: [cond('USER_PROPERTY', 'x', 'REGEX', 'STRING', ['^a'])] }] })] }),
    )
    expect(evaluateExperiment(ws, ws.experiments.get(1)!, user(), 'A').reason).toBe(DecisionReason.TRAFFIC_ALLOCATED)
  })

  it('target rules and segment overrides with an unknown action type', () => {
    const rule = (type: string) => ({ target: { conditions: [] }, action: { type, variationId: 1002 } })
    const ws = parseWorkspace(
      configWith({ featureFlags: [experimentDto({}, { targetRules: [rule('JUMP'), rule('VARIATION')], segmentOverrides: [rule('JUMP')] })] }),
    )
    const f = ws.featureFlags.get(1)!
    expect(f.targetRules).toHaveLength(1)
    expect(f.segmentOverrides).toHaveLength(0)
  })

  it('segments of unknown type and remote-config parameters of unknown type', () => {
    const ws = parseWorkspace(
      configWith({
        segments: [{ id: 1, key: 'a', type: 'COHORT', targets: [] }, { id: 2, key: 'b', type: 'user_property', targets: [] }],
        remoteConfigParameters: [
          { id: 1, key: 'x', type: 'DATE', identifierType: '$id', targetRules: [], defaultValue: { id: 1, value: 1 } },
          { id: 2, key: 'y', type: 'json', identifierType: '$id', targetRules: [], defaultValue: { id: 2, value: '{}' } },
        ],
      }),
    )
    expect([...ws.segments.keys()]).toEqual(['b'])
    expect(ws.segments.get('b')!.type).toBe('USER_PROPERTY')
    expect([...ws.remoteConfigParameters.keys()]).toEqual(['y'])
    expect(ws.remoteConfigParameters.get('y')!.type).toBe('JSON')
  })

  it('the later user override for the same identifier wins', () => {
    const ws = parseWorkspace(
      configWith({ experiments: [experimentDto({}, { userOverrides: [{ userId: 'u', variationId: 1001 }, { userId: 'u', variationId: 1002 }] })] }),
    )
    expect(evaluateExperiment(ws, ws.experiments.get(1)!, user({ id: 'u' }), 'A').variationKey).toBe('B')
  })
})

describe('DecisionReason', () => {
  it('has every reason of evaluation.md §17 as a frozen constant', () => {
    expect(Object.isFrozen(DecisionReason)).toBe(true)
    expect(Object.keys(DecisionReason)).toHaveLength(33)
    for (const [k, v] of Object.entries(DecisionReason)) expect(k).toBe(v)
    expect(DecisionReason.TRAFFIC_ALLOCATED_BY_TARGETING).toBe('TRAFFIC_ALLOCATED_BY_TARGETING')
    expect(DecisionReason.EXPERIMENT_CONTROL_GROUP).toBe('EXPERIMENT_CONTROL_GROUP')
  })
})
