export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const isNullish = (value: unknown): value is null | undefined => value === null || value === undefined

/** Same own keys with identical values; a missing object counts as empty. */
export function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true
  const x = (a ?? {}) as Record<string, unknown>
  const y = (b ?? {}) as Record<string, unknown>
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((key) => x[key] === y[key])
}
