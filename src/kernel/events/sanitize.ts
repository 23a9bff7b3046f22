import type { Properties } from '../types'

const MAX_COUNT = 128
const MAX_KEY_LENGTH = 128
export const MAX_VALUE_LENGTH = 1024

export const isValidPropertyKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH

const isValidElement = (element: unknown) =>
  typeof element === 'number' || (typeof element === 'string' && element.length > 0 && element.length <= MAX_VALUE_LENGTH)

/**
 * The value a property keeps on the wire, or undefined when it is dropped.
 * `$`-prefixed system keys keep any non-null value.
 */
export function sanitizePropertyValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined) return undefined
  if (key.charCodeAt(0) === 36 /* $ */) return value
  switch (typeof value) {
    case 'string':
      return value.length <= MAX_VALUE_LENGTH ? value : undefined
    case 'number':
      return Number.isFinite(value) ? value : undefined
    case 'boolean':
      return value
  }
  return Array.isArray(value) ? value.filter(isValidElement) : undefined
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
  for (const key in properties) {
    if (!Object.prototype.hasOwnProperty.call(properties, key)) continue
    if (count >= MAX_COUNT) break
    if (!isValidPropertyKey(key)) continue
    const value = sanitizePropertyValue(key, properties[key])
    if (value === undefined) continue
    sanitized[key] = value
    count++
  }
  return sanitized
}

/** Strings longer than 1024 characters cut to 1024 (remote-config request and return values). */
export const truncate = (value: unknown): unknown =>
  typeof value === 'string' && value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value
