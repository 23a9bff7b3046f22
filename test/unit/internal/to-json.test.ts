import { afterEach, describe, expect, it } from 'vitest'
import { toJson } from '../../../src/internal'

const proto = Array.prototype as unknown as Record<string, unknown>
afterEach(() => {
  delete proto.toJSON
})

describe('toJson', () => {
  it('is JSON.stringify on a page without Array.prototype.toJSON', () => {
    expect(toJson({ a: [1, 'x'], b: null })).toBe('{"a":[1,"x"],"b":null}')
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON')).toBeUndefined()
  })

  it('serializes arrays as arrays under a Prototype.js-style toJSON, and puts that member back as it was', () => {
    const toJSON = function (this: unknown[]) {
      return `[${this.join(', ')}]`
    }
    proto.toJSON = toJSON
    const before = Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON')
    expect(JSON.stringify({ a: [1] })).toBe('{"a":"[1]"}')
    expect(toJson({ a: [1, [2]] })).toBe('{"a":[1,[2]]}')
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON')).toEqual(before)
  })

  it('puts the member back when serializing throws', () => {
    Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'x', configurable: true, enumerable: false, writable: false })
    const before = Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => toJson([cyclic])).toThrow()
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'toJSON')).toEqual(before)
  })
})
