import type { ParameterConfiguration } from './model'

/** `Decision.get(key, defaultValue)` semantics (evaluation.md §9). */
export function getParameter(config: ParameterConfiguration | undefined, key: string, defaultValue: unknown): unknown {
  const t = typeof defaultValue
  const v = config && (t === 'string' || t === 'number' || t === 'boolean') ? config.parameters[key] : undefined
  return v == null || typeof v !== t ? defaultValue : v
}
