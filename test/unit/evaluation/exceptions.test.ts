import { describe, expect, it } from 'vitest'
import { evaluateExperiment, evaluateRemoteConfig, parseWorkspace } from '../../../src/kernel/evaluation'
import { cond, configWith, experimentDto, fullBucket, user } from './fixtures'

const run = (parts: Record<string, unknown>, flag = false) => {
  const w = parseWorkspace(configWith(parts))
  const e = (flag ? w.featureFlags : w.experiments).get(1)!
  return () => evaluateExperiment(w, e, user({ id: 'u' }), 'A')
}
const audience = (...conditions: unknown[]) => experimentDto({}, { targetAudiences: [{ conditions }] })

describe('exceptions (evaluation.md §15)', () => {
  it('container[<id>]', () => {
    expect(run({ experiments: [experimentDto({ containerId: 9 })] })).toThrow('container[9]')
  })

  it('Bucket[<id>] for a missing container bucket', () => {
    expect(run({ experiments: [experimentDto({ containerId: 9 })], containers: [{ id: 9, bucketId: 4, groups: [] }] })).toThrow('Bucket[4]')
  })

  it('Bucket[<id>] for a missing action bucket (only when the identifier is present)', () => {
    const dto = experimentDto({}, { defaultRule: { type: 'BUCKET', bucketId: 8 } })
    expect(run({ experiments: [dto] })).toThrow('Bucket[8]')
    const noId = parseWorkspace(configWith({ experiments: [experimentDto({ identifierType: 'c' }, { segmentOverrides: [{ target: { conditions: [] }, action: { type: 'BUCKET', bucketId: 8 } }] })] }))
    expect(evaluateExperiment(noId, noId.experiments.get(1)!, user(), 'A').reason).toBe('IDENTIFIER_NOT_FOUND')
  })

  it('ContainerGroup[<id>]', () => {
    const parts = { experiments: [experimentDto({ containerId: 9 })], containers: [{ id: 9, bucketId: 4, groups: [{ id: 1, experiments: [1000] }] }], buckets: [fullBucket(4, 55)] }
    expect(run(parts)).toThrow('ContainerGroup[55]')
  })

  it('bucket[<id>] for a remote-config rule', () => {
    const w = parseWorkspace(
      configWith({
        remoteConfigParameters: [
          {
            id: 1, key: 'p', type: 'STRING', identifierType: '$id',
            targetRules: [{ key: 'r', name: 'r', target: { conditions: [] }, bucketId: 3, value: { id: 2, value: 'v' } }],
            defaultValue: { id: 1, value: 'd' },
          },
        ],
      }),
    )
    expect(() => evaluateRemoteConfig(w, w.remoteConfigParameters.get('p')!, user(), 'x')).toThrow('bucket[3]')
  })

  it('winner variation [<experimentId>]', () => {
    expect(run({ experiments: [experimentDto({}, { status: 'STOPPED' })] })).toThrow('winner variation [1000]')
    expect(run({ experiments: [experimentDto({ winnerVariationId: 5 }, { status: 'STOPPED' })] })).toThrow('winner variation [1000]')
    expect(run({ featureFlags: [experimentDto({}, { status: 'STOPPED' })] }, true)).toThrow('winner variation [1000]')
  })

  it('FeatureFlag must decide the Variation [<id>] (rule and default rule)', () => {
    const rule = experimentDto({}, { targetRules: [{ target: { conditions: [] }, action: { type: 'VARIATION', variationId: 5 } }] })
    expect(run({ featureFlags: [rule] }, true)).toThrow('FeatureFlag must decide the Variation [1000]')
    const dflt = experimentDto({}, { defaultRule: { type: 'BUCKET', bucketId: 4 } })
    expect(run({ featureFlags: [dflt], buckets: [{ ...fullBucket(4, 1001), slots: [] }] }, true)).toThrow('FeatureFlag must decide the Variation [1000]')
  })

  it('Segment[<key>] and SegmentKey[<value>]', () => {
    expect(run({ experiments: [audience(cond('SEGMENT', 's', 'IN', 'STRING', ['nope']))] })).toThrow('Segment[nope]')
    expect(run({ experiments: [audience(cond('SEGMENT', 's', 'IN', 'STRING', [42]))] })).toThrow('SegmentKey[42]')
  })

  it('a segment override on a paused test still throws for a missing segment', () => {
    const dto = experimentDto({}, { status: 'PAUSED', segmentOverrides: [{ target: { conditions: [cond('SEGMENT', 's', 'IN', 'STRING', ['gone'])] }, action: { type: 'VARIATION', variationId: 1001 } }] })
    expect(run({ experiments: [dto] })).toThrow('Segment[gone]')
  })

  it('Invalid key [<type>, <name>]', () => {
    expect(run({ experiments: [audience(cond('AB_TEST', 'abc', 'IN', 'STRING', ['A']))] })).toThrow('Invalid key [AB_TEST, abc]')
    expect(run({ experiments: [audience(cond('FEATURE_FLAG', 'x1', 'IN', 'BOOLEAN', [true]))] })).toThrow('Invalid key [FEATURE_FLAG, x1]')
  })

  it('Failed to parse UserTargetCondition. <error> (at evaluation time, not parse time)', () => {
    const w = parseWorkspace(configWith({ experiments: [audience(cond('NUMBER_OF_EVENTS_IN_DAYS', '{bad', 'GT', 'NUMBER', [1]))] }))
    expect(w.experiments.size).toBe(1)
    expect(() => evaluateExperiment(w, w.experiments.get(1)!, user(), 'A')).toThrow(/^Failed to parse UserTargetCondition\. SyntaxError/)
  })

  it('Unsupported TargetKeyType [COHORT] inside a segment', () => {
    const segments = [{ id: 1, key: 'c', type: 'USER_ID', targets: [{ conditions: [cond('COHORT', 'c', 'IN', 'NUMBER', [1])] }] }]
    expect(run({ segments, experiments: [audience(cond('SEGMENT', 's', 'IN', 'STRING', ['c']))] })).toThrow('Unsupported TargetKeyType [COHORT]')
  })

  it('Circular evaluation between an A/B test and a flag', () => {
    const parts = {
      experiments: [audience(cond('FEATURE_FLAG', '2', 'IN', 'BOOLEAN', [true]))],
      featureFlags: [
        experimentDto({ id: 2000, key: 2 }, { targetRules: [{ target: { conditions: [cond('AB_TEST', '1', 'IN', 'STRING', ['A'])] }, action: { type: 'VARIATION', variationId: 1001 } }] }),
      ],
    }
    expect(run(parts)).toThrow(
      'Circular evaluation has occurred [EvaluatorRequest(type=AB_TEST, key=1) - EvaluatorRequest(type=FEATURE_FLAG, key=2) - EvaluatorRequest(type=AB_TEST, key=1)]',
    )
  })
})
