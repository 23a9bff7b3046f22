import type { Bucket, Slot } from './model'

const C1 = 0xcc9e2d51
const C2 = 0x1b873593

const mixK = (k: number): number => Math.imul(((k = Math.imul(k, C1)) << 15) | (k >>> 17), C2)

/**
 * MurmurHash3 x86 32-bit, signed result. Each UTF-16 code unit contributes its low byte.
 * A non-string input hashes like "" (the reference reads `.length` of a number as undefined), except one with a
 * length, such as an inherited `constructor` picked up as an identifier, which fails as it does in the reference.
 */
export function murmur3(input: string, seed: number): number {
  if (typeof input !== 'string' && (input as { length?: number } | null)?.length! > 0) throw new TypeError('Invalid identifier')
  const s = typeof input === 'string' ? input : ''
  const len = s.length
  let h = seed | 0
  let k = 0
  // little-endian blocks of four low bytes; a final partial block is mixed without the rotation step
  for (let i = 0; i < len; i++) {
    k |= (s.charCodeAt(i) & 0xff) << ((i & 3) * 8)
    if ((i & 3) === 3) {
      h ^= mixK(k)
      h = (((h << 13) | (h >>> 19)) * 5 + 0xe6546b64) | 0
      k = 0
    }
  }
  if (len & 3) h ^= mixK(k)
  h ^= len
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return h ^ (h >>> 16)
}

/** The bucket slot containing the identifier's slot number, if any. */
export function slotOf(bucket: Bucket, identifier: unknown): Slot | undefined {
  const n = Math.abs(murmur3(identifier as string, bucket.seed)) % bucket.mod
  for (const slot of bucket.slots) if (slot.startInclusive <= n && n < slot.endExclusive) return slot
  return undefined
}
