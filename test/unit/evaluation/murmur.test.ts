import { describe, expect, it } from 'vitest'
import { murmur3 } from '../../../src/kernel/evaluation'

const slot = (hash: number, size: number) => Math.abs(hash) % size

describe('murmur3 (evaluation.md §8.2)', () => {
  const vectors: [string, number, number, number, number][] = [
    ['', 0, 0, 0, 0],
    ['a', 0, 1009084850, 4850, 50],
    ['abc', 0, -1277324294, 4294, 94],
    ['abcd', 0, 1139631978, 1978, 78],
    ['hello', 0, 613153351, 3351, 51],
    ['hello', 1, -1152729939, 9939, 39],
    ['user_1', 12345, -1509835335, 5335, 35],
    ['user_2', 12345, 65132683, 2683, 83],
    ['test_id', 508421375, 381749660, 9660, 60],
    ['c4d8b5a1-7f32-4a1e-9e1b-0f3c2a9d8e77', 1064039337, -1905589582, 9582, 82],
    ['device-0001', -1382945, -1568677621, 7621, 21],
    ['1234567890', 2147483647, -1133806614, 6614, 14],
    ['The quick brown fox jumps over the lazy dog', 0, 776992547, 2547, 47],
    ['0', 1, -1302509589, 9589, 89],
    ['$deviceId', 777, 1908977247, 7247, 47],
    ['userId-abcdef', 1705467214, 978274081, 4081, 81],
    ['홍길동', 0, -498162713, 2713, 13],
    ['é', 42, 984263641, 3641, 41],
  ]
  it.each(vectors)('%j seed %d → %d', (input, seed, hash, s10000, s100) => {
    const h = murmur3(input, seed)
    expect(h).toBe(hash)
    expect(slot(h, 10000)).toBe(s10000)
    expect(slot(h, 100)).toBe(s100)
  })

  it('slots without a listed hash', () => {
    expect(slot(murmur3('user_1', 508421375), 10000)).toBe(8752)
    expect(slot(murmur3('hello', 508421375), 10000)).toBe(1215)
  })

  it('uses the low byte of each UTF-16 unit, not UTF-8', () => {
    expect(murmur3('홍길동', 0)).not.toBe(167327103)
    expect(murmur3('홍길동', 0)).toBe(murmur3('\u004d\u0038\u00d9', 0))
  })

  it('hashes a number like the empty string (reference quirk)', () => {
    expect(murmur3(12345 as unknown as string, 7)).toBe(murmur3('', 7))
    expect(murmur3(12345 as unknown as string, 0)).toBe(0)
  })

  it('takes the seed as a 32-bit integer', () => {
    expect(murmur3('hello', 2 ** 32 + 1)).toBe(-1152729939)
    expect(murmur3('hello', 1.9)).toBe(-1152729939)
  })
})
