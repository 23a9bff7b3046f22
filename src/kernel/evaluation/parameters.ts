import type { ParameterConfiguration } from './model'
import { words } from './words'

/** The `typeof` of the values a parameter or a remote config can have. */
export const PRIMITIVES: readonly string[] = words('string number boolean')

/** `Decision.get(key, defaultValue)` semantics (evaluation.md §9). */
export function getParameter(config: ParameterConfiguration | undefined, key: string, defaultValue: unknown): unknown {
  const t = typeof defaultValue
  const v = config && PRIMITIVES.includes(t) ? config.parameters[key] : undefined
  return v == null || typeof v !== t ? defaultValue : v
}
