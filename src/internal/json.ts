/**
 * `JSON.stringify`, unaffected by an `Array.prototype.toJSON` the page added (Prototype.js's makes every array
 * serialize as a string of its JSON): that member is taken off for the call and put back exactly as it was before
 * this returns or throws. Without one (or when it cannot be removed) this is `JSON.stringify` itself.
 */
export function toJson(value: unknown): string {
  const proto = Array.prototype
  const added = Object.getOwnPropertyDescriptor(proto, 'toJSON')
  if (!added?.configurable) return JSON.stringify(value)
  delete (proto as { toJSON?: unknown }).toJSON
  try {
    return JSON.stringify(value)
  } finally {
    Object.defineProperty(proto, 'toJSON', added)
  }
}
