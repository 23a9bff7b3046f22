export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const isNullish = (value: unknown): value is null | undefined => value === null || value === undefined
