import { describe, expect, it } from 'vitest'
import { PropertyOperationsBuilder } from '../../../src/plugins/identity'

describe('PropertyOperationsBuilder (browser-behaviour §2.4)', () => {
  it('serializes operations in first-use order and ignores keys already used', () => {
    const operations = new PropertyOperationsBuilder()
      .set('a', 1)
      .increment('n', 2)
      .set('b', 'x')
      .unset('a')
      .append('list', 'v')
      .build()
    expect(operations.toRecord()).toEqual({ $set: { a: 1, b: 'x' }, $increment: { n: 2 }, $append: { list: 'v' } })
    expect(Object.keys(operations.toRecord())).toEqual(['$set', '$increment', '$append'])
  })

  it('drops invalid values and over-long keys, keeps $ keys as they are', () => {
    const operations = new PropertyOperationsBuilder()
      .set('obj', { nested: 1 })
      .set('k'.repeat(129), 1)
      .set('$sys', { nested: 1 })
      .set('arr', ['a', '', null, 3])
      .build()
    expect(operations.toRecord()).toEqual({ $set: { $sys: { nested: 1 }, arr: ['a', 3] } })
  })

  it('clearAll records {"clearAll":"-"}', () => {
    expect(new PropertyOperationsBuilder().clearAll().build().toRecord()).toEqual({ $clearAll: { clearAll: '-' } })
  })

  it.each([
    ['$set', (b: PropertyOperationsBuilder) => b.set('a', 2).set('c', 3), { a: 2, b: 'x', c: 3 }],
    ['$setOnce', (b: PropertyOperationsBuilder) => b.setOnce('a', 2).setOnce('c', 3), { a: 1, b: 'x', c: 3 }],
    ['$unset', (b: PropertyOperationsBuilder) => b.unset('a'), { b: 'x' }],
    ['$increment', (b: PropertyOperationsBuilder) => b.increment('a', 5).increment('missing', 2).increment('b', 1), { a: 6, b: 'x', missing: 2 }],
    ['$clearAll', (b: PropertyOperationsBuilder) => b.clearAll(), {}],
  ])('%s applies to properties', (_name, build, expected) => {
    const operations = build(new PropertyOperationsBuilder()).build()
    expect(operations.apply({ a: 1, b: 'x' })).toEqual(expected)
  })

  it('array operations follow the reference', () => {
    const apply = (build: (b: PropertyOperationsBuilder) => PropertyOperationsBuilder, base: Record<string, unknown>) =>
      build(new PropertyOperationsBuilder()).build().apply(base)
    expect(apply((b) => b.append('l', ['b', 'c']), { l: 'a' })).toEqual({ l: ['a', 'b', 'c'] })
    expect(apply((b) => b.appendOnce('l', ['a', 'd', 'd']), { l: ['a'] })).toEqual({ l: ['a', 'd'] })
    expect(apply((b) => b.prepend('l', ['a', 'b']), { l: ['c'] })).toEqual({ l: ['a', 'b', 'c'] })
    expect(apply((b) => b.prependOnce('l', ['a', 'b', 'b', 'c']), { l: ['c'] })).toEqual({ l: ['a', 'b', 'c'] })
    expect(apply((b) => b.remove('l', 'a'), { l: ['a', 'b', 'a'] })).toEqual({ l: ['b'] })
    expect(apply((b) => b.append('new', 1), {})).toEqual({ new: [1] })
  })
})
