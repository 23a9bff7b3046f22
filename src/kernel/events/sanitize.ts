import type { Properties } from '../types'

const MAX_COUNT = 128
const MAX_KEY_LENGTH = 128
export const MAX_VALUE_LENGTH = 1024

export const isValidPropertyKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH

/** What is left of an allowance while values are kept: characters of strings, and values (system values only). */
interface Allowance {
  nodes?: number
  chars: number
}

/**
 * Characters of strings one properties object keeps in all (its string values, array elements and system values):
 * what 128 strings of 1024 characters take, so properties within the per-value limits are never cut by it, while
 * 128 arrays of 64 K characters (8 M characters sent with every event) are.
 */
export const MAX_PROPERTIES_CHARS = 131_072

/** An array keeps at most this many elements, and string elements of at most this many characters in all. */
export const MAX_ARRAY_LENGTH = 1024
const MAX_ARRAY_CHARS = 65_536

/**
 * The valid elements (numbers, strings of 1..1024 characters) in order, until the array has MAX_ARRAY_LENGTH of them
 * or its strings MAX_ARRAY_CHARS characters: a huge array is cut while it is read, never copied or serialized whole.
 */
function sanitizeArray(array: unknown[], left: Allowance): unknown[] {
  const kept: unknown[] = []
  const limit = Math.min(MAX_ARRAY_CHARS, left.chars)
  let chars = 0
  for (let i = 0; i < array.length && kept.length < MAX_ARRAY_LENGTH; i++) {
    const element = array[i]
    if (typeof element === 'number') kept.push(element)
    else if (typeof element === 'string' && element.length > 0 && element.length <= MAX_VALUE_LENGTH) {
      if (chars + element.length > limit) break
      chars += element.length
      kept.push(element)
    }
  }
  left.chars -= chars
  return kept
}

/** Characters a system (`$`) property's string keeps, and the longest event key the SDK sends. */
export const MAX_SYSTEM_TEXT = 65_536

/** Values (objects, arrays and leaves) a system property's object or array keeps in all, and its deepest nesting. */
const MAX_SYSTEM_NODES = 4096
const MAX_SYSTEM_DEPTH = 32


/**
 * A bounded copy of a system value, as JSON would serialize it: strings share MAX_SYSTEM_TEXT characters (the one
 * that crosses it is cut), objects keep their first 128 entries with keys of 1..128 characters, arrays their first
 * MAX_ARRAY_LENGTH elements, the whole at most MAX_SYSTEM_NODES values and MAX_SYSTEM_DEPTH levels. A cycle, a
 * BigInt, a function or Symbol, and a member that throws when read are left out (JSON would throw or omit them); a
 * `toJSON` (a Date) is applied first, as JSON applies it. Undefined when nothing of the value can be sent.
 */
function capSystemValue(value: unknown, left: Required<Allowance>, ancestors: unknown[]): unknown {
  if (left.nodes-- <= 0) return undefined
  switch (typeof value) {
    case 'string': {
      const kept = value.length > left.chars ? value.slice(0, left.chars) : value
      left.chars -= kept.length
      return kept
    }
    case 'number':
    case 'boolean':
      return value
    case 'object':
      break
    default:
      return undefined
  }
  if (value === null) return null
  if (ancestors.length >= MAX_SYSTEM_DEPTH || ancestors.includes(value)) return undefined
  try {
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') {
      const json: unknown = toJSON.call(value, '')
      return json === value ? undefined : capSystemValue(json, left, [...ancestors, value])
    }
    const path = [...ancestors, value]
    if (Array.isArray(value)) {
      const copy: unknown[] = []
      for (let i = 0; i < value.length && i < MAX_ARRAY_LENGTH && left.nodes > 0; i++) {
        const element = capSystemValue(value[i], left, path)
        copy.push(element === undefined ? null : element)
      }
      return copy
    }
    const copy: Record<string, unknown> = {}
    let count = 0
    for (const key of Object.keys(value)) {
      if (count >= MAX_COUNT || left.nodes <= 0) break
      if (!isValidPropertyKey(key)) continue
      let member: unknown
      try {
        member = (value as Record<string, unknown>)[key]
      } catch {
        continue
      }
      const kept = capSystemValue(member, left, path)
      if (kept !== undefined) (copy[key] = kept), count++
    }
    return copy
  } catch {
    // a Proxy or a toJSON that throws: nothing of it can be read safely
    return undefined
  }
}

/**
 * The value a property keeps on the wire, or undefined when it is dropped.
 * `$`-prefixed system keys keep any value JSON can send, within the bounds of `capSystemValue`: a string cut to
 * MAX_SYSTEM_TEXT characters, an object or array copied (a small one whole and unchanged), a BigInt, function or
 * Symbol dropped.
 */
export function sanitizePropertyValue(key: string, value: unknown, left: Allowance = { chars: MAX_PROPERTIES_CHARS }): unknown {
  if (value === null || value === undefined) return undefined
  if (key.charCodeAt(0) === 36 /* $ */) {
    const system = { nodes: MAX_SYSTEM_NODES, chars: Math.min(MAX_SYSTEM_TEXT, left.chars) }
    const kept = capSystemValue(value, system, [])
    left.chars -= Math.min(MAX_SYSTEM_TEXT, left.chars) - system.chars
    return kept
  }
  switch (typeof value) {
    case 'string':
      if (value.length > MAX_VALUE_LENGTH || value.length > left.chars) return undefined
      left.chars -= value.length
      return value
    case 'number':
      return Number.isFinite(value) ? value : undefined
    case 'boolean':
      return value
  }
  return Array.isArray(value) ? sanitizeArray(value, left) : undefined
}

/**
 * At most 128 valid properties, in order, their strings MAX_PROPERTIES_CHARS characters in all (a value that would
 * cross it is dropped, an array cut). Like the reference, the entries of any value but null and
 * undefined are read: a string gives its characters under "0", "1", …, a number or boolean nothing.
 */
export function sanitizeProperties(input: unknown): Properties {
  const sanitized: Properties = {}
  if (input === null || input === undefined) return sanitized
  const properties = Object(input) as Properties
  const left: Allowance = { chars: MAX_PROPERTIES_CHARS }
  let count = 0
  /** Keeps the property if valid; false once 128 are kept. */
  const keep = (key: string): boolean => {
    if (count >= MAX_COUNT) return false
    const value = isValidPropertyKey(key) ? sanitizePropertyValue(key, properties[key], left) : undefined
    if (value !== undefined) (sanitized[key] = value), count++
    return true
  }
  if (typeof input === 'string' || Array.isArray(input)) {
    // by index: `for…in` would first list every index of a huge string or array
    for (let i = 0; i < input.length && keep(String(i)); i++);
  } else {
    for (const key in properties) if (Object.prototype.hasOwnProperty.call(properties, key) && !keep(key)) break
  }
  return sanitized
}
