/** A small seeded PRNG (xoshiro128**, seeded through splitmix32) with the helpers the generator needs. */
export class Rng {
  private s0: number
  private s1: number
  private s2: number
  private s3: number

  constructor(seed: number) {
    let x = (Math.trunc(seed) ^ 0x5f3759df) >>> 0
    const split = () => {
      x = (x + 0x9e3779b9) >>> 0
      let z = x
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
      return (z ^ (z >>> 16)) >>> 0
    }
    this.s0 = split()
    this.s1 = split()
    this.s2 = split()
    this.s3 = split() || 1
  }

  /** Uniform 32-bit unsigned integer. */
  next(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0
    const t = (this.s1 << 9) >>> 0
    this.s2 ^= this.s0
    this.s3 ^= this.s1
    this.s1 ^= this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotl(this.s3 >>> 0, 11)
    this.s0 >>>= 0
    this.s1 >>>= 0
    this.s2 >>>= 0
    return result
  }

  /** [0, 1) */
  float(): number {
    return this.next() / 4294967296
  }

  /** Integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1))
  }

  /** A signed 32-bit integer. */
  int32(): number {
    return this.next() | 0
  }

  chance(p: number): boolean {
    return this.float() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.float() * items.length)]
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(options: ReadonlyArray<readonly [number, T]>): T {
    const total = options.reduce((sum, [weight]) => sum + weight, 0)
    let roll = this.float() * total
    for (const [weight, value] of options) {
      roll -= weight
      if (roll < 0) return value
    }
    return options[options.length - 1][1]
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy
  }

  /** `n` distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, n))
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0
}
