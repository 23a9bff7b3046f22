import type { ParameterConfiguration } from './model'

/**
 * `Decision.get(key, defaultValue)`: the parameter's value when it is a string, number or boolean of the default's
 * type; the default otherwise (no configuration, no such parameter, another type).
 */
export function getParameter(config: ParameterConfiguration | undefined, key: string, defaultValue: unknown): unknown {
  const v = config?.parameters[key]
  const t = typeof v
  // only string, number and boolean values, and only of the default's type
  return t === typeof defaultValue && (t === 'string' || t === 'number' || t === 'boolean') ? v : defaultValue
}
