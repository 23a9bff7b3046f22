import type { ParameterConfiguration } from './model'
import { fitsDefault } from './remote-config'

/**
 * `Decision.get(key, defaultValue)`: the parameter's value when it is a string, number or boolean of the default's
 * type; the default otherwise (no configuration, no such parameter, another type, a null or undefined default).
 */
export function getParameter(config: ParameterConfiguration | undefined, key: string, defaultValue: unknown): unknown {
  const v = config?.parameters[key]
  // the remote-config rule (a string, number or boolean of the default's type), but a missing default never fits
  return defaultValue != null && fitsDefault(v, defaultValue) ? v : defaultValue
}
