import type { User } from '../index'

const asRecord = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {})

/** Same keys with the same values (`===`); a non-object counts as `{}`. */
function sameEntries(a: unknown, b: unknown): boolean {
  const left = asRecord(a)
  const right = asRecord(b)
  const keys = Object.keys(left)
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && left[key] === right[key])
}

/**
 * The reference React client's test for "the user changed": the same `id`, `userId` and `deviceId`, and properties
 * and identifiers with the same entries (one level deep).
 */
export function isSameUser(a: User | null | undefined, b: User | null | undefined): boolean {
  return (
    a?.id === b?.id &&
    a?.userId === b?.userId &&
    a?.deviceId === b?.deviceId &&
    sameEntries(a?.properties, b?.properties) &&
    sameEntries(a?.identifiers, b?.identifiers)
  )
}
