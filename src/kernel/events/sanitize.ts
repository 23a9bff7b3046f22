import type { Properties } from '../types'

const MAX_COUNT = 128
const MAX_KEY_LENGTH = 128
export const MAX_VALUE_LENGTH = 1024

export const isValidPropertyKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH

/** An array keeps at most this many elements, and string elements of at most this many characters in all. */
export const MAX_ARRAY_LENGTH = 1024
const MAX_ARRAY_CHARS = 65_536

/**
 * The valid elements (numbers, strings of 1..1024 characters) in order, until the array has MAX_ARRAY_LENGTH of them
 * or its strings MAX_ARRAY_CHARS characters: a huge array is cut while it is read, never copied or serialized whole.
 */
function sanitizeArray(array: unknown[]): unknown[] {
  const kept: unknown[] = []
  let chars = 0
  for (let i = 0; i < array.length && kept.length < MAX_ARRAY_LENGTH; i++) {
    const element = array[i]
    if (typeof element === 'number') kept.push(element)
    else if (typeof element === 'string' && element.length > 0 && element.length <= MAX_VALUE_LENGTH) {
      if ((chars += element.length) > MAX_ARRAY_CHARS) break
      kept.push(element)
    }
  }
  return kept
}

/** Characters a system (`$`) property's string keeps, and the longest event key the SDK sends. */
export const MAX_SYSTEM_TEXT = 65_536

/** Values (objects, arrays and leaves) a system property's object or array keeps in all, and its deepest nesting. */
const MAX_SYSTEM_NODES = 4096
const MAX_SYSTEM_DEPTH = 32

/** What is left of one system value's allowance while it is copied. */
interface Allowance {
  nodes: number
  chars: number
}

/**
 * A bounded copy of a system value, as JSON would serialize it: strings share MAX_SYSTEM_TEXT characters (the one
 * that crosses it is cut), objects keep their first 128 entries with keys of 1..128 characters, arrays their first
 * MAX_ARRAY_LENGTH elements, the whole at most MAX_SYSTEM_NODES values and MAX_SYSTEM_DEPTH levels. A cycle, a
 * BigInt, a function or Symbol, and a member that throws when read are left out (JSON would throw or omit them); a
 * `toJSON` (a Date) is applied first, as JSON applies it. Undefined when nothing of the value can be sent.
 */
function capSystemValue(value: unknown, left: Allowance, ancestors: unknown[]): unknown {
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
export function sanitizePropertyValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (key.charCodeAt(0) === 36 /* $ */) return capSystemValue(value, { nodes: MAX_SYSTEM_NODES, chars: MAX_SYSTEM_TEXT }, [])
  switch (typeof value) {
    case 'string':
      return value.length <= MAX_VALUE_LENGTH ? value : undefined
    case 'number':
      return Number.isFinite(value) ? value : undefined
    case 'boolean':
      return value
  }
  return Array.isArray(value) ? sanitizeArray(value) : undefined
}

/**
 * At most 128 valid properties, in order. Like the reference, the entries of any value but null and
 * undefined are read: a string gives its characters under "0", "1", …, a number or boolean nothing.
 */
export function sanitizeProperties(input: unknown): Properties {
  const sanitized: Properties = {}
  if (input === null || input === undefined) return sanitized
  const properties = Object(input) as Properties
  let count = 0
  /** Keeps the property if valid; false once 128 are kept. */
  const keep = (key: string): boolean => {
    if (count >= MAX_COUNT) return false
    const value = isValidPropertyKey(key) ? sanitizePropertyValue(key, properties[key]) : undefined
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

/** Strings longer than 1024 characters cut to 1024 (remote-config request and return values). */
export const truncate = (value: unknown): unknown =>
  typeof value === 'string' && value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value
