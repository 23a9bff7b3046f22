import { describe, expect, it } from 'vitest'
import {
  DecisionReason as R,
  createContext,
  evaluateExperiment,
  evaluateRemoteConfig,
  evaluateTargetMatch,
  parseWorkspace,
  type EvaluationOptions,
} from '../../../src/kernel/evaluation'
import { cond, configWith, experimentDto, fullBucket, user } from './fixtures'

const ab = (id: number, key: number, execution: Record<string, any> = {}, over: Record<string, any> = {}) =>
  experimentDto(
    { id, key, variations: [{ id: id * 10 + 1, key: 'A' }, { id: id * 10 + 2, key: 'B' }], ...over },
    { defaultRule: { type: 'VARIATION', variationId: id * 10 + 1 }, ...execution },
  )
const toB = (id: number) => ({ type: 'VARIATION', variationId: id * 10 + 2 })
const summary = (evaluations: { experiment: { type: string; key: number }; variationKey: string; reason: string }[]) =>
  evaluations.map((e) => `${e.experiment.type}:${e.experiment.key}:${e.variationKey}:${e.reason}`)

describe('A/B test flow order (evaluation.md §4)', () => {
  it('overrides run before the identifier, container and status checks, even to a dropped variation', () => {
    const w = parseWorkspace(
      configWith({
        experiments: [
          ab(1, 1, { status: 'PAUSED', userOverrides: [{ userId: 'u', variationId: 12 }] }, {
            containerId: 99,
            variations: [{ id: 11, key: 'A' }, { id: 12, key: 'B', status: 'DROPPED' }],
          }),
        ],
      }),
    )
    expect(evaluateExperiment(w, w.experiments.get(1)!, user({ id: 'u' }), 'A')).toMatchObject({ variationKey: 'B', reason: R.OVERRIDDEN })
  })

  it('a segment override with a VARIATION action applies without the identifier', () => {
    const w = parseWorkspace(
      configWith({
        segments: [{ id: 1, key: 'vip', type: 'USER_PROPERTY', targets: [{ conditions: [cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['vip'])] }] }],
        experiments: [
          ab(1, 1, { segmentOverrides: [{ target: { conditions: [cond('SEGMENT', 's', 'IN', 'STRING', ['vip'])] }, action: toB(1) }] }, { identifierType: 'custom' }),
        ],
      }),
    )
    const e = evaluateExperiment(w, w.experiments.get(1)!, user({ properties: { grade: 'vip' } }), 'A')
    expect(e).toMatchObject({ variationKey: 'B', reason: R.OVERRIDDEN })
    const other = evaluateExperiment(w, w.experiments.get(1)!, user({ properties: { grade: 'x' } }), 'A')
    expect(other).toMatchObject({ variationKey: 'A', reason: R.IDENTIFIER_NOT_FOUND })
  })

  it('manual override comes first and needs an existing variation', () => {
    const w = parseWorkspace(configWith({ experiments: [ab(1, 1, { userOverrides: [{ userId: 'u', variationId: 11 }] })] }))
    const exp = w.experiments.get(1)!
    const manual = (id: number | undefined): EvaluationOptions => ({ manualOverride: (e) => (e.id === 1 ? id : undefined) })
    expect(evaluateExperiment(w, exp, user({ id: 'u' }), 'A', manual(12))).toMatchObject({ variationKey: 'B', reason: R.OVERRIDDEN })
    expect(evaluateExperiment(w, exp, user({ id: 'u' }), 'A', manual(999))).toMatchObject({ variationKey: 'A', reason: R.OVERRIDDEN })
    expect(evaluateExperiment(w, exp, user({ id: 'v' }), 'A', manual(0))).toMatchObject({ variationKey: 'A', reason: R.TRAFFIC_ALLOCATED })
  })

  it('user overrides do not match numeric identifiers (reference quirk)', () => {
    const w = parseWorkspace(configWith({ experiments: [ab(1, 1, { userOverrides: [{ userId: '12345', variationId: 12 }] })] }))
    const exp = w.experiments.get(1)!
    expect(evaluateExperiment(w, exp, user({ id: '12345' }), 'A').reason).toBe(R.OVERRIDDEN)
    expect(evaluateExperiment(w, exp, user({ id: 12345 }), 'A').reason).toBe(R.TRAFFIC_ALLOCATED)
  })

  it('draft / completed tests still check the audience; dropped allocation → VARIATION_DROPPED', () => {
    const w = parseWorkspace(
      configWith({
        experiments: [
          ab(1, 1, { status: 'READY', targetAudiences: [{ conditions: [cond('USER_PROPERTY', 'x', 'EXISTS', 'STRING', [])] }] }),
          ab(2, 2, { defaultRule: { type: 'BUCKET', bucketId: 5 } }, { variations: [{ id: 21, key: 'A', status: 'DROPPED' }] }),
        ],
        buckets: [fullBucket(5, 21)],
      }),
    )
    expect(evaluateExperiment(w, w.experiments.get(1)!, user(), 'A').reason).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    expect(evaluateExperiment(w, w.experiments.get(1)!, user({ properties: { x: 1 } }), 'A').reason).toBe(R.EXPERIMENT_DRAFT)
    expect(evaluateExperiment(w, w.experiments.get(2)!, user(), 'Z')).toMatchObject({ variationKey: 'Z', reason: R.VARIATION_DROPPED })
  })

  it('slot size 0 never allocates', () => {
    const w = parseWorkspace(
      configWith({ experiments: [ab(1, 1, { defaultRule: { type: 'BUCKET', bucketId: 5 } })], buckets: [{ ...fullBucket(5, 12), slotSize: 0 }] }),
    )
    expect(evaluateExperiment(w, w.experiments.get(1)!, user(), 'A').reason).toBe(R.TRAFFIC_NOT_ALLOCATED)
  })
})

describe('feature flag flow (evaluation.md §5)', () => {
  const w = parseWorkspace(
    configWith({
      featureFlags: [
        ab(1, 1, { status: 'READY', userOverrides: [{ userId: 'u', variationId: 12 }] }),
        ab(2, 2, { status: 'PAUSED' }),
        ab(3, 3, { status: 'STOPPED' }, { winnerVariationId: 32 }),
        ab(4, 4, { userOverrides: [{ userId: 'u', variationId: 42 }], targetRules: [{ target: { conditions: [] }, action: { type: 'VARIATION', variationId: 41 } }] }, { identifierType: 'custom' }),
      ],
    }),
  )
  const flag = (k: number, u = user({ id: 'u' })) => evaluateExperiment(w, w.featureFlags.get(k)!, u, 'A')
  it('status first, then override, identifier, rules, default rule', () => {
    expect(flag(1)).toMatchObject({ variationKey: 'A', reason: R.EXPERIMENT_DRAFT })
    expect(flag(2)).toMatchObject({ variationKey: 'A', reason: R.FEATURE_FLAG_INACTIVE })
    expect(flag(3)).toMatchObject({ variationKey: 'B', reason: R.EXPERIMENT_COMPLETED })
    expect(flag(4, user({ identifiers: { custom: 'u' } }))).toMatchObject({ variationKey: 'B', reason: R.INDIVIDUAL_TARGET_MATCH })
    expect(flag(4)).toMatchObject({ variationKey: 'A', reason: R.IDENTIFIER_NOT_FOUND })
    expect(flag(4, user({ identifiers: { custom: 'v' } }))).toMatchObject({ variationKey: 'A', variationId: 41, reason: R.TARGET_RULE_MATCH })
  })
})

describe('nested evaluations (evaluation.md §14)', () => {
  // flag 9 → [AB 1, FF 2]; FF 2 → [AB 3]; AB 1 referenced twice
  const w = parseWorkspace(
    configWith({
      experiments: [ab(1, 1, { defaultRule: toB(1) }), ab(3, 3, { status: 'PAUSED' })],
      featureFlags: [
        ab(2, 2, { targetRules: [{ target: { conditions: [cond('AB_TEST', '3', 'IN', 'STRING', ['A'])] }, action: toB(2) }] }),
        ab(9, 9, {
          targetRules: [
            {
              target: {
                conditions: [
                  cond('AB_TEST', '1', 'IN', 'STRING', ['A']),
                  cond('FEATURE_FLAG', '2', 'IN', 'BOOLEAN', [true]),
                ],
              },
              action: toB(9),
            },
            {
              target: {
                conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['B']), cond('FEATURE_FLAG', '2', 'IN', 'BOOLEAN', [true])],
              },
              action: toB(9),
            },
            { target: { conditions: [cond('AB_TEST', '777', 'EXISTS', 'STRING', [], 'NOT_MATCH')] }, action: toB(9) },
          ],
        }),
      ],
    }),
  )

  it('every nested evaluation once, deep ones included, in evaluation order', () => {
    const e = evaluateExperiment(w, w.featureFlags.get(9)!, user(), 'A')
    expect(e).toMatchObject({ variationKey: 'A', reason: R.DEFAULT_RULE })
    // rule 1 fails on AB 1 (B); rule 2 reuses AB 1 and evaluates FF 2 (off), which evaluates AB 3 first;
    // rule 3: a missing experiment is false even for NOT_MATCH
    expect(summary(e.targetEvaluations)).toEqual([
      'AB_TEST:1:B:TRAFFIC_ALLOCATED_BY_TARGETING',
      'AB_TEST:3:A:EXPERIMENT_PAUSED',
      'FEATURE_FLAG:2:A:DEFAULT_RULE',
    ])
    // nested results do not carry their own target evaluations
    expect(e.targetEvaluations.every((t) => t.targetEvaluations.length === 0)).toBe(true)
  })

  it('the nested A/B evaluation itself is TRAFFIC_ALLOCATED at the root', () => {
    const root = evaluateExperiment(w, w.experiments.get(1)!, user(), 'A')
    expect(root).toMatchObject({ variationKey: 'B', reason: R.TRAFFIC_ALLOCATED, targetEvaluations: [] })
  })

  it('remote config roots collect nested evaluations too', () => {
    const p = parseWorkspace(
      configWith({
        experiments: [ab(1, 1, { defaultRule: toB(1) })],
        buckets: [fullBucket(7, 0)],
        remoteConfigParameters: [
          {
            id: 5, key: 'p', type: 'STRING', identifierType: '$id',
            targetRules: [{ key: 'r', name: 'R', target: { conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['B'])] }, bucketId: 7, value: { id: 2, value: 'on' } }],
            defaultValue: { id: 1, value: 'off' },
          },
        ],
      }),
    )
    const rc = evaluateRemoteConfig(p, p.remoteConfigParameters.get('p')!, user(), 'x')
    expect(rc).toMatchObject({ value: 'on', reason: R.TARGET_RULE_MATCH })
    expect(summary(rc.targetEvaluations)).toEqual(['AB_TEST:1:B:TRAFFIC_ALLOCATED_BY_TARGETING'])
  })

  it('an A/B test and a flag with the same id share the cache entry (reference keys by id)', () => {
    const s = parseWorkspace(
      configWith({
        experiments: [ab(1, 1, { defaultRule: toB(1) })],
        featureFlags: [
          ab(1, 7, { defaultRule: { type: 'VARIATION', variationId: 11 } }),
          ab(8, 8, { targetAudiences: [], targetRules: [{ target: { conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['B']), cond('FEATURE_FLAG', '7', 'IN', 'BOOLEAN', [true])] }, action: toB(8) }] }),
        ],
      }),
    )
    const e = evaluateExperiment(s, s.featureFlags.get(8)!, user(), 'A')
    expect(e.reason).toBe(R.TARGET_RULE_MATCH)
    expect(summary(e.targetEvaluations)).toEqual(['AB_TEST:1:B:TRAFFIC_ALLOCATED_BY_TARGETING'])
  })

  it('evaluateTargetMatch exposes nested evaluations through a context', () => {
    const targets = w.featureFlags.get(9)!.targetRules[0].target
    const ctx = createContext(w, user())
    expect(evaluateTargetMatch(w, [targets], user(), undefined, ctx)).toBe(false)
    expect(summary(ctx.evaluations)).toEqual(['AB_TEST:1:B:TRAFFIC_ALLOCATED_BY_TARGETING'])
    expect(evaluateTargetMatch(w, [], user())).toBe(true)
  })
})

describe('condition key types (evaluation.md §11)', () => {
  const audience = (...conditions: unknown[]) =>
    parseWorkspace(configWith({ experiments: [ab(1, 1, { targetAudiences: [{ conditions }] })] }))
  const reason = (w: ReturnType<typeof audience>, u = user(), options?: EvaluationOptions) =>
    evaluateExperiment(w, w.experiments.get(1)!, u, 'A', options).reason

  it('EVENT_PROPERTY is false without an event (even NOT_MATCH) and read from the event otherwise', () => {
    const w = audience(cond('EVENT_PROPERTY', 'amount', 'GT', 'NUMBER', [10], 'NOT_MATCH'))
    expect(reason(w)).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    const targets = w.experiments.get(1)!.targetAudiences
    expect(evaluateTargetMatch(w, targets, user(), { event: { key: 'buy', properties: { amount: 5 } } })).toBe(true)
    expect(evaluateTargetMatch(w, targets, user(), { event: { key: 'buy', properties: { amount: 50 } } })).toBe(false)
    // experiments never see the event
    expect(reason(w, user(), { event: { key: 'buy', properties: { amount: 5 } } })).toBe(R.NOT_IN_EXPERIMENT_TARGET)
  })

  it('COHORT matches any cohort id; empty → NOT_MATCH true', () => {
    const w = audience(cond('COHORT', 'c', 'IN', 'NUMBER', [7]))
    expect(reason(w, { ...user(), cohorts: [3, 7] })).toBe(R.TRAFFIC_ALLOCATED)
    expect(reason(w)).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    expect(reason(audience(cond('COHORT', 'c', 'IN', 'NUMBER', [7], 'NOT_MATCH')))).toBe(R.TRAFFIC_ALLOCATED)
  })

  it('NUMBER_OF_EVENTS_IN_DAYS / WITH_PROPERTY examples', () => {
    const now = 1_700_000_000_000
    const day = 86_400_000
    const u = {
      ...user(),
      targetEvents: [
        { eventKey: 'purchase', property: null, stats: [{ date: now - 10 * day, count: 5 }, { date: now - 2 * day, count: 3 }, { date: now - day, count: 1 }] },
        { eventKey: 'purchase', property: { type: 'EVENT_PROPERTY', key: 'category', value: 'shoes' }, stats: [{ date: now - day, count: 2 }] },
        { eventKey: 'purchase', property: { type: 'EVENT_PROPERTY', key: 'category', value: 'hats' }, stats: [{ date: now - day, count: 4 }] },
      ],
    }
    const options = { now: () => now }
    const inDays = (days: number, count: number) =>
      reason(audience(cond('NUMBER_OF_EVENTS_IN_DAYS', JSON.stringify({ eventKey: 'purchase', days }), 'IN', 'NUMBER', [count])), u, options)
    expect(inDays(3, 4)).toBe(R.TRAFFIC_ALLOCATED)
    expect(inDays(30, 9)).toBe(R.TRAFFIC_ALLOCATED)
    expect(inDays(3, 9)).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    const withProperty = (values: string[], count: number) =>
      reason(
        audience(
          cond(
            'NUMBER_OF_EVENTS_WITH_PROPERTY_IN_DAYS',
            JSON.stringify({ eventKey: 'purchase', days: 7, propertyFilter: cond('EVENT_PROPERTY', 'category', 'IN', 'STRING', values) }),
            'IN',
            'NUMBER',
            [count],
          ),
        ),
        u,
        options,
      )
    expect(withProperty(['shoes', 'hats'], 6)).toBe(R.TRAFFIC_ALLOCATED)
    expect(withProperty(['shoes'], 2)).toBe(R.TRAFFIC_ALLOCATED)
    expect(withProperty(['shoes'], 6)).toBe(R.NOT_IN_EXPERIMENT_TARGET)
  })

  it('SEGMENT ignores operator and value type; NOT_MATCH negates', () => {
    const segments = [{ id: 1, key: 'kr', type: 'USER_PROPERTY', targets: [{ conditions: [cond('USER_PROPERTY', 'country', 'IN', 'STRING', ['KR'])] }] }]
    const w = (matchType: string) =>
      parseWorkspace(configWith({ segments, experiments: [ab(1, 1, { targetAudiences: [{ conditions: [cond('SEGMENT', '', 'GT', 'NUMBER', ['none', 'kr'].slice(1), matchType)] }] })] }))
    expect(reason(w('MATCH'), user({ properties: { country: 'KR' } }))).toBe(R.TRAFFIC_ALLOCATED)
    expect(reason(w('NOT_MATCH'), user({ properties: { country: 'KR' } }))).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    expect(reason(w('NOT_MATCH'), user({ properties: { country: 'US' } }))).toBe(R.TRAFFIC_ALLOCATED)
  })

  it('FEATURE_FLAG conditions match the boolean "on"; AB_TEST needs an allocated reason', () => {
    const w = parseWorkspace(
      configWith({
        experiments: [ab(1, 1, { status: 'PAUSED' }), ab(5, 5, { targetAudiences: [{ conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['A'], 'NOT_MATCH')] }] })],
        featureFlags: [ab(2, 2, { defaultRule: toB(2) })],
      }),
    )
    // PAUSED is not an allocated reason: the AB_TEST condition is false even with NOT_MATCH
    expect(evaluateExperiment(w, w.experiments.get(5)!, user(), 'A').reason).toBe(R.NOT_IN_EXPERIMENT_TARGET)
    const f = parseWorkspace(
      configWith({
        featureFlags: [ab(2, 2, { defaultRule: toB(2) })],
        experiments: [ab(5, 5, { targetAudiences: [{ conditions: [cond('FEATURE_FLAG', '2', 'IN', 'BOOLEAN', ['true'])] }] })],
      }),
    )
    expect(evaluateExperiment(f, f.experiments.get(5)!, user(), 'A').reason).toBe(R.TRAFFIC_ALLOCATED)
  })
})
