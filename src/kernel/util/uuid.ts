/**
 * A random UUID v4. `crypto.randomUUID` only exists on secure pages, so plain-http pages build one from
 * getRandomValues.
 */
export function uuid(): string {
  if (crypto.randomUUID) return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  let i = 0
  // each x is one byte as two hex digits: 8-4-4-4-12 digits
  return 'xxxx-xx-xx-xx-xxxxxx'.replace(/x/g, () => (bytes[i++]! + 0x100).toString(16).slice(1))
}
