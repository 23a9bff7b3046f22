/**
 * A random UUID v4. `crypto.randomUUID` only exists on secure pages, so plain-http pages build one from
 * getRandomValues: version 4, variant 10xx, dashes before bytes 4, 6, 8 and 10.
 */
export function uuid(): string {
  if (crypto.randomUUID) return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 15) | 64
  bytes[8] = (bytes[8]! & 63) | 128
  return Array.from(bytes, (byte, i) => (i > 3 && i < 11 && !(i & 1) ? '-' : '') + (byte + 256).toString(16).slice(1)).join('')
}
