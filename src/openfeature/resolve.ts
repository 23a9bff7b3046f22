import { ErrorCode, StandardResolutionReasons, type JsonValue, type ResolutionDetails } from '@openfeature/web-sdk'
import type { HackleClient } from '../kernel'
import type { FlagValueType, HackleFlagSource } from './keys'
import { mapReason } from './reasons'

type Value = boolean | string | number | JsonValue

/** An error answer: the caller's default, reason `ERROR`. */
export const failed = <T>(value: T, errorCode: ErrorCode, errorMessage: string, hackleReason?: string): ResolutionDetails<T> => ({
  value,
  reason: StandardResolutionReasons.ERROR,
  errorCode,
  errorMessage,
  ...(hackleReason && { flagMetadata: { hackleReason } }),
})

/** The answer of a Hackle decision: its value and variant, or the caller's default when the reason is an error. */
function answer<T>(hackleReason: string, defaultValue: T, value: () => T, variant?: (value: T) => string): ResolutionDetails<T> {
  const { reason, errorCode } = mapReason(hackleReason)
  if (errorCode) return failed(defaultValue, errorCode, `Hackle decided ${hackleReason}`, hackleReason)
  const resolved = value()
  return { value: resolved, reason, ...(variant && { variant: variant(resolved) }), flagMetadata: { hackleReason } }
}

/** A JSON remote-config value as an OpenFeature object (an object or an array), or the error it makes. */
function parseObject<T>(text: unknown, defaultValue: T, hackleReason: string): ResolutionDetails<T> | { parsed: T } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text as string)
  } catch {
    return failed(defaultValue, ErrorCode.PARSE_ERROR, 'the remote-config value is not JSON', hackleReason)
  }
  return parsed !== null && typeof parsed === 'object'
    ? { parsed: parsed as T }
    : failed(defaultValue, ErrorCode.TYPE_MISMATCH, 'the remote-config JSON is not an object or an array', hackleReason)
}

/** The caller's default as the string default of a JSON remote-config read (it is what the parameter's event records). */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? ''
  } catch {
    return ''
  }
}

/**
 * Evaluates a Hackle source through the client, as a page's own call would (same exposure and remote-config
 * events, same overrides) for the client's current user:
 * - a feature flag: `featureFlagDetail`, the value `isOn`, variant `on` / `off`;
 * - an A/B test: `variationDetail` with the caller's default as the default variation; value and variant are the
 *   variation key;
 * - a remote-config parameter: `remoteConfig().getDetail` with the caller's default; an object is read from a
 *   JSON parameter (its string value parsed; the caller's default is passed as JSON text), no variant.
 * Every answer carries the Hackle reason as `flagMetadata.hackleReason`.
 */
export function evaluate<T extends Value>(client: HackleClient, source: HackleFlagSource, valueType: FlagValueType, defaultValue: T): ResolutionDetails<T> {
  if (source.type === 'feature-flag') {
    const decision = client.featureFlagDetail(source.key)
    return answer(decision.reason, defaultValue, () => decision.isOn as T, (on) => (on ? 'on' : 'off'))
  }
  if (source.type === 'ab-test') {
    const decision = client.variationDetail(source.key, undefined, defaultValue as string)
    return answer(decision.reason, defaultValue, () => decision.variation as T, String)
  }
  const config = client.remoteConfig()
  if (valueType !== 'object') {
    const detail = config.getDetail(source.key, defaultValue as string | number | boolean)
    return answer(detail.reason, defaultValue, () => detail.value as T)
  }
  const detail = config.getDetail(source.key, jsonText(defaultValue))
  // without the parameter's identifier, Hackle answers the caller's default (here its JSON text)
  if (detail.reason === 'IDENTIFIER_NOT_FOUND') return answer(detail.reason, defaultValue, () => defaultValue)
  const { errorCode } = mapReason(detail.reason)
  if (errorCode) return answer(detail.reason, defaultValue, () => defaultValue)
  const read = parseObject(detail.value, defaultValue, detail.reason)
  return 'parsed' in read ? answer(detail.reason, defaultValue, () => read.parsed) : read
}
