import { describe, expect, it } from 'vitest'
import { evaluateTargetMatch, parseWorkspace } from '../../../src/kernel/evaluation'
import { compileMatch, matchValue } from '../../../src/kernel/evaluation/match-value'
import type { MatchType, Operator, ValueType } from '../../../src/kernel/evaluation'
import { cond, configWith, user } from './fixtures'

const m = (valueType: ValueType, operator: Operator, values: unknown[], type: MatchType = 'MATCH') =>
  compileMatch(type, operator, valueType, values, false)

describe('value / operator matching (evaluation.md §12)', () => {
  const vectors: [ValueType, Operator, unknown[], unknown, boolean, boolean?][] = [
    // valueType, operator, values, user value, MATCH result, NOT_MATCH result (when listed)
    ['STRING', 'IN', ['abc'], 'abc', true],
    ['STRING', 'IN', ['1'], 1, true],
    ['STRING', 'IN', [1], '1', true],
    ['STRING', 'IN', ['true'], true, true],
    ['STRING', 'IN', ['ABC'], 'abc', false],
    ['STRING', 'CONTAINS', ['bc'], 'abcd', true],
    ['STRING', 'GT', ['10'], '9', true],
    ['STRING', 'IN', ['a', 'b'], null, false, true],
    ['STRING', 'IN', ['a'], ['x', 'a'], true],
    ['STRING', 'IN', ['a'], [], false, true],
    ['STRING', 'IN', ['a'], ['a', 'b'], true, false],
    ['STRING', 'EXISTS', [], '', true],
    ['STRING', 'EXISTS', [], null, false],
    ['STRING', 'EXISTS', [], [], false],
    ['NUMBER', 'IN', [42], ' 42 ', true],
    ['NUMBER', 'IN', [0], '', true],
    ['NUMBER', 'IN', [16], '0x10', true],
    ['NUMBER', 'IN', [1], true, false],
    ['NUMBER', 'GTE', [10], '10', true],
    ['NUMBER', 'LT', [10], 'abc', false],
    ['NUMBER', 'CONTAINS', [1], 11, false],
    ['BOOLEAN', 'IN', [true], 'true', true],
    ['BOOLEAN', 'IN', [true], 'TRUE', false],
    ['BOOLEAN', 'IN', [false], 0, false],
    ['JSON', 'IN', ['{"a":1}'], '{"a":1}', true],
    ['NULL', 'IN', [null], null, false],
    ['NULL', 'IN', [null], 'x', false, true],
    ['URL', 'IN', ['https://a.com/path'], 'https://a.com/path/', true],
    ['URL', 'IN', ['https://a.com/한글'], 'https://a.com/%ED%95%9C%EA%B8%80', true],
    ['URL', 'IN', ['https://a.com/p?q=1'], 'https://a.com/p/?q=1', true],
    ['URL', 'IN', ['https://a.com'], 'https://a.com/', true],
    ['URL', 'IN', ['https://A.com/p'], 'https://a.com/p', true],
    ['URL', 'IN', ['a.com/p'], 'https://a.com/p', false],
    ['URL', 'IN', ['https://a.com/p'], 'a.com/p', false],
    ['URL', 'CONTAINS', ['/한글'], 'https://a.com/%ED%95%9C%EA%B8%80/x', true],
    ['URL', 'CONTAINS', ['%ED%95%9C'], 'https://a.com/%ED%95%9C%EA%B8%80/x', false],
    ['URL', 'STARTS_WITH', ['https://a.com/sh'], 'https://a.com/shop', true],
    ['URL', 'ENDS_WITH', ['shop'], 'https://a.com/shop', false],
    ['VERSION', 'IN', ['1.2.0'], '1.2', true],
    ['VERSION', 'GTE', ['1.2.0'], '1.10.0', true],
    ['VERSION', 'CONTAINS', ['1'], '1.2.0', false],
    ['VERSION', 'GT', ['1.0.0'], '1.0.0+b', false],
  ]
  it.each(vectors)('%s %s %j vs %j → %s', (valueType, operator, values, userValue, expected, notExpected) => {
    expect(matchValue(m(valueType, operator, values), userValue)).toBe(expected)
    const not = matchValue(m(valueType, operator, values, 'NOT_MATCH'), userValue)
    expect(not).toBe(notExpected ?? !expected)
  })

  it('an array with only null elements does not exist', () => {
    expect(matchValue(m('STRING', 'EXISTS', []), [null])).toBe(false)
    expect(matchValue(m('STRING', 'EXISTS', []), ['x'])).toBe(true)
  })

  it('NUMBER rejects NaN / Infinity on both sides', () => {
    expect(matchValue(m('NUMBER', 'GT', [1]), 'Infinity')).toBe(false)
    expect(matchValue(m('NUMBER', 'LT', ['NaN']), 1)).toBe(false)
    expect(matchValue(m('NUMBER', 'IN', ['1e3']), 1000)).toBe(true)
  })

  it('decodes HACKLE_PROPERTY pagePath on both sides', () => {
    const ws = parseWorkspace(configWith({}))
    const u = user({}, { pagePath: '/%ED%95%9C%EA%B8%80' })
    for (const value of ['/한글', '/%ED%95%9C%EA%B8%80']) {
      const targets = parseTargets([cond('HACKLE_PROPERTY', 'pagePath', 'IN', 'STRING', [value])])
      expect(evaluateTargetMatch(ws, targets, u)).toBe(true)
    }
    // other hackle properties are not decoded
    const raw = user({}, { pageTitle: '/%ED%95%9C%EA%B8%80' })
    expect(evaluateTargetMatch(ws, parseTargets([cond('HACKLE_PROPERTY', 'pageTitle', 'IN', 'STRING', ['/한글'])]), raw)).toBe(false)
  })
})

/** Parses condition DTOs as the audience of an A/B test, the place where every property condition is allowed. */
function parseTargets(conditions: unknown[]) {
  const ws = parseWorkspace(
    configWith({
      experiments: [
        {
          id: 1, key: 1, identifierType: '$id', variations: [],
          execution: { status: 'RUNNING', targetAudiences: [{ conditions }], defaultRule: { type: 'VARIATION' } },
        },
      ],
    }),
  )
  return ws.experiments.get(1)!.targetAudiences
}
