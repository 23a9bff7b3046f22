const HEX: string[] = []
for (let i = 0; i < 256; i++) HEX.push((i + 0x100).toString(16).slice(1))

const POOL_SIZE = 16 * 64
let pool: Uint8Array | undefined
let offset = POOL_SIZE

function refill(): Uint8Array {
  pool ??= new Uint8Array(POOL_SIZE)
  const cryptoApi = typeof crypto !== 'undefined' ? crypto : undefined
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(pool)
  else for (let i = 0; i < POOL_SIZE; i++) pool[i] = (Math.random() * 256) | 0
  offset = 0
  return pool
}

/**
 * A random UUID v4. Uses getRandomValues (available on plain-http pages, unlike crypto.randomUUID)
 * from a pooled buffer, since an id is made for every event.
 */
export function uuid(): string {
  const bytes = offset >= POOL_SIZE ? refill() : pool!
  const b = offset
  offset += 16
  const h = (i: number) => HEX[bytes[b + i]!]!
  return (
    h(0) + h(1) + h(2) + h(3) + '-' + h(4) + h(5) + '-' +
    HEX[(bytes[b + 6]! & 0x0f) | 0x40] + h(7) + '-' +
    HEX[(bytes[b + 8]! & 0x3f) | 0x80] + h(9) + '-' +
    h(10) + h(11) + h(12) + h(13) + h(14) + h(15)
  )
}
