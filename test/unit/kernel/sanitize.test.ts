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

  describe('system ($) values are kept within bounds', () => {
    const serialized = (value: unknown) => JSON.stringify(sanitizeProperties({ $v: value }).$v)

    it('a small object or array is kept as it is (the same JSON, a copy)', () => {
      const value = { a: 1, list: ['x', 2, { deep: [true, null] }], when: 'now', nan: NaN }
      expect(serialized(value)).toBe(JSON.stringify(value))
      expect(sanitizeProperties({ $v: [1, 'two', [3]] }).$v).toEqual([1, 'two', [3]])
    })

    it('a huge array keeps its first 1024 elements, a wide object its first 128 entries', () => {
      const kept = sanitizeProperties({ $a: Array.from({ length: 100_000 }, (_, i) => i), $o: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])) })
      expect(kept.$a).toHaveLength(1024)
      expect((kept.$a as number[])[1023]).toBe(1023)
      expect(Object.keys(kept.$o as object)).toHaveLength(128)
      expect((kept.$o as Record<string, number>).k127).toBe(127)
    })

    it('strings inside share 64 K characters; the whole value keeps at most 4096 values', () => {
      const big = sanitizeProperties({ $s: ['y'.repeat(40_000), 'z'.repeat(40_000), 'after'] }).$s as string[]
      expect(big[0]).toHaveLength(40_000)
      expect(big[1]).toHaveLength(65_536 - 40_000)
      expect(big[2]).toBe('')
      const grid = sanitizeProperties({ $g: Array.from({ length: 1024 }, () => Array.from({ length: 1024 }, () => 1)) }).$g as number[][]
      const values = grid.length + grid.reduce((n, row) => n + row.length, 0)
      expect(values).toBeLessThanOrEqual(4096)
      expect(grid[0]).toHaveLength(1024)
    })

    it('cycles, deep nesting, BigInt and throwing members are left out; a Date is sent as JSON sends it', () => {
      const cyclic: Record<string, unknown> = { name: 'c' }
      cyclic.self = cyclic
      cyclic.list = [cyclic, 1]
      expect(sanitizeProperties({ $c: cyclic }).$c).toEqual({ name: 'c', list: [null, 1] })
      let deep: Record<string, unknown> = { leaf: 1 }
      for (let i = 0; i < 2000; i++) deep = { next: deep }
      const text = serialized(deep)
      expect(text.split('"next"').length - 1).toBeLessThanOrEqual(32)
      const throwing = Object.defineProperty({ ok: 1 }, 'bad', { enumerable: true, get: () => { throw new Error('getter') } })
      expect(sanitizeProperties({ $t: throwing, $b: BigInt(1), $f: () => 1, $d: new Date(0) })).toEqual({ $t: { ok: 1 }, $d: '1970-01-01T00:00:00.000Z' })
      const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
      expect(sanitizeProperties({ $p: proxy, $ok: 1 })).toEqual({ $ok: 1 })
    })

    it('a huge or cyclic system value is read only in part and always serializes', () => {
      const cyclic: Record<string, unknown> = {}
      for (let i = 0; i < 200; i++) cyclic[`k${i}`] = cyclic
      let reads = 0
      const huge = new Proxy(Array.from({ length: 1_000_000 }, () => 'x'.repeat(100)), {
        get: (target, key, receiver) => ((reads += /^\d+$/.test(String(key)) ? 1 : 0), Reflect.get(target, key, receiver)),
      })
      const kept = sanitizeProperties({ $a: huge, $c: cyclic })
      expect(reads).toBeLessThanOrEqual(1024)
      expect(() => JSON.stringify(kept)).not.toThrow()
      expect(JSON.stringify(kept).length).toBeLessThan(200_000)
    })
  })

  it('one properties object keeps 128 K characters of strings in all: within the per-value limits nothing is cut by it', () => {
    const strings = Object.fromEntries(Array.from({ length: 128 }, (_, i) => [`s${i}`, 'x'.repeat(1024)]))
    expect(sanitizeProperties(strings)).toEqual(strings)
    // 128 arrays of 64 K characters each would be 8 M characters with every event
    const arrays = Object.fromEntries(Array.from({ length: 128 }, (_, i) => [`a${i}`, Array.from({ length: 1024 }, () => 'v'.repeat(64))]))
    const kept = sanitizeProperties(arrays)
    expect(JSON.stringify(kept).length).toBeLessThan(131_072 + 128 * 1024)
    expect((kept.a0 as string[]).length).toBe(1024)
    expect((kept.a1 as string[]).length).toBe(1024)
    expect((kept.a2 as string[]).length).toBe(0)
    // numbers cost nothing: they are kept after the characters ran out
    expect(sanitizeProperties({ big: Array.from({ length: 1024 }, () => 'w'.repeat(128)), more: 'x'.repeat(1000), n: 5, list: [1, 2] })).toMatchObject({ n: 5, list: [1, 2] })
  })
})

