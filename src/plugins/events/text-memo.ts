/** The JSON text of a flat object, with its UTF-8 size. */
export interface Text {
  readonly s: string
  readonly n: number
}

type Flat = Record<string, unknown>

/**
 * `JSON.stringify(object)` for objects that often repeat value for value (event properties, user properties),
 * answering from the last call when nothing differs: the same own keys in the same order, each with the very same
 * primitive value (`===`), and no `toJSON` to call. Any nested object or array, any new key or value, and a `toJSON`
 * anywhere on the chain serialize afresh. The text is built from the values the comparison read (from a copy,
 * unless `plain`: the caller built every object it passes with data properties only, no accessors), so what it
 * answers is always the text of the object as it is now.
 */
export function createTextMemo(size: (text: string) => number, plain = false) {
  let keys: string[] = []
  let values: unknown[] = []
  let last: Text | undefined
  return (object: Flat | undefined): Text | undefined => {
    if (object === undefined) return undefined
    if (typeof object.toJSON === 'function') return serialize(object)
    const names = Object.keys(object)
    const read: unknown[] = new Array(names.length)
    let flat = true
    let same = last !== undefined && names.length === keys.length
    for (let i = 0; i < names.length; i++) {
      const value = object[names[i]!]
      read[i] = value
      if (typeof value === 'object' && value !== null) flat = false
      else if (same && (names[i] !== keys[i] || value !== values[i])) same = false
    }
    if (!flat) return serialize(object)
    if (same) return last
    let copy = object
    if (!plain) {
      // Serialized from the values read, as a fresh object with the same keys in the same order.
      copy = {}
      for (let i = 0; i < names.length; i++) define(copy, names[i]!, read[i])
    }
    const s = JSON.stringify(copy)
    keys = names
    values = read
    return (last = { s, n: size(s) })
  }

  function serialize(object: Flat): Text | undefined {
    const s = JSON.stringify(object) as string | undefined
    return s === undefined ? undefined : { s, n: size(s) }
  }
}

/** Sets an own enumerable data property, `__proto__` included. */
function define(object: Flat, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  else object[key] = value
}
