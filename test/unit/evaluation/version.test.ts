import { describe, expect, it } from 'vitest'
import { compareVersions, parseVersion } from '../../../src/kernel/evaluation/version'

describe('versions (evaluation.md §13)', () => {
  it.each([
    ['1', [1, 0, 0], []],
    ['1.2', [1, 2, 0], []],
    ['1.2.3-beta.1+build.5', [1, 2, 3], ['beta', '1']],
    ['1.2.3-0a', [1, 2, 3], ['0a']],
    ['10.0.0-alpha-1', [10, 0, 0], ['alpha-1']],
  ])('parses %s', (input, core, pre) => {
    expect(parseVersion(input)).toEqual({ core, pre })
  })

  it('parses the number 1.5 as 1.5.0', () => {
    expect(parseVersion(1.5)).toEqual({ core: [1, 5, 0], pre: [] })
  })

  it.each(['01.2.3', '1.02', '1.2.3.4', 'v1.2.3', ' 1.2.3', '1.2.3-', '1.2.3-01', ''])('rejects %j', (input) => {
    expect(parseVersion(input)).toBeUndefined()
  })

  it.each([
    ['1.0.0', '1', 0],
    ['1.0.0', '1.0.1', -1],
    ['2.0.0', '1.9.9', 1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-alpha.beta', '1.0.0-beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-2', '1.0.0-10', -1],
    ['1.0.0-a10', '1.0.0-a9', -1],
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.0.0+build1', '1.0.0+build2', 0],
  ])('sign(%s − %s) = %d', (a, b, sign) => {
    expect(Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!))).toBe(sign)
    expect(Math.sign(compareVersions(parseVersion(b)!, parseVersion(a)!))).toBe(-sign || 0)
  })
})
