import { describe, expect, it } from 'vitest'
import { sanitizeProperties } from '../../../src/kernel/events/sanitize'

describe('sanitizeProperties (wire-format §4.6)', () => {
  it('matches the captured example', () => {
    const properties = { amount: 100, tags: ['a', 'b', null, ''], $sys: { x: 1 }, longstr: 'x'.repeat(1100), nested: { a: 1 } }
    expect(sanitizeProperties(properties)).toEqual({ amount: 100, tags: ['a', 'b'], $sys: { x: 1 } })
  })

  it('drops NaN, infinities, null and over-long keys, and stops at 128 properties', () => {
    expect(sanitizeProperties({ a: NaN, b: Infinity, c: null, ['k'.repeat(129)]: 1, d: false })).toEqual({ d: false })
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, i]))
    const kept = sanitizeProperties(many)
    expect(Object.keys(kept)).toHaveLength(128)
    expect(kept.p127).toBe(127)
    expect(kept.p128).toBeUndefined()
  })

  it('reads the entries of any value but null and undefined, as the reference: a string gives its characters', () => {
    expect(sanitizeProperties(null)).toEqual({})
    expect(sanitizeProperties(undefined)).toEqual({})
    expect(sanitizeProperties(5)).toEqual({})
    expect(sanitizeProperties(true)).toEqual({})
    expect(sanitizeProperties('str')).toEqual({ 0: 's', 1: 't', 2: 'r' })
    expect(sanitizeProperties([1, 'a', null])).toEqual({ 0: 1, 1: 'a' })
  })
})
