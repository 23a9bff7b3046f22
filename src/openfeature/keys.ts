/** The OpenFeature value types a flag key may be evaluated as. */
export type FlagValueType = 'boolean' | 'string' | 'number' | 'object'

/**
 * What an OpenFeature flag key names in Hackle: a feature flag (answers booleans), an A/B test (answers its
 * variation key as a string) or a remote-config parameter (answers booleans, strings, numbers, or JSON as objects).
 */
export type HackleFlagSource =
  | {
      /** A feature flag. */
      readonly type: 'feature-flag'
      /** Its key (a positive integer). */
      readonly key: number
    }
  | {
      /** An A/B test. */
      readonly type: 'ab-test'
      /** Its key (a positive integer). */
      readonly key: number
    }
  | {
      /** A remote-config parameter. */
      readonly type: 'remote-config'
      /** Its key (a non-empty string). */
      readonly key: string
    }

/** A key that names nothing usable, with the OpenFeature error code it answers with. */
export interface KeyError {
  readonly error: 'PARSE_ERROR' | 'TYPE_MISMATCH'
  readonly message: string
}

const DECIMAL_KEY = /^[1-9][0-9]*$/
const PREFIXES: Readonly<Record<string, HackleFlagSource['type']>> = { 'flag:': 'feature-flag', 'ab:': 'ab-test', 'rc:': 'remote-config' }
/** Which OpenFeature types each kind of Hackle source answers. */
const ANSWERS: Readonly<Record<HackleFlagSource['type'], readonly FlagValueType[]>> = {
  'feature-flag': ['boolean'],
  'ab-test': ['string'],
  'remote-config': ['boolean', 'string', 'number', 'object'],
}

/** A Hackle experiment or flag key as written in a flag key: a positive decimal integer without sign or leading zero. */
const numericKey = (text: string): number | undefined => {
  const key = DECIMAL_KEY.test(text) ? Number(text) : Number.NaN
  return Number.isSafeInteger(key) ? key : undefined
}

/** A source given in the `flags` option, checked (it comes from the page's code). */
function checkedSource(flagKey: string, source: unknown): HackleFlagSource | KeyError {
  const { type, key } = (source ?? {}) as { type?: unknown; key?: unknown }
  const valid =
    type === 'remote-config' ? typeof key === 'string' && key.length > 0 : (type === 'feature-flag' || type === 'ab-test') && Number.isSafeInteger(key) && (key as number) > 0
  return valid
    ? (source as HackleFlagSource)
    : { error: 'PARSE_ERROR', message: `flags["${flagKey}"] is not { type: 'feature-flag' | 'ab-test', key: <positive integer> } or { type: 'remote-config', key: <name> }` }
}

/**
 * Maps an OpenFeature flag key to what it names in Hackle, in this order:
 * 1. an entry of the `flags` option (`{ 'new-checkout': { type: 'feature-flag', key: 7 } }`);
 * 2. a namespace prefix: `flag:7` (feature flag 7), `ab:42` (A/B test 42), `rc:banner_text` (remote-config parameter);
 *    `flag:` and `ab:` take a positive decimal integer, `rc:` a non-empty name, else `PARSE_ERROR`;
 * 3. a positive decimal integer (`"7"`): a feature flag when evaluated as a boolean, an A/B test as a string, and
 *    `TYPE_MISMATCH` as a number or an object (Hackle's numeric keys answer only those two types);
 * 4. anything else: a remote-config parameter of that name.
 * A source that cannot answer the requested type (an A/B test read as a boolean) is `TYPE_MISMATCH`.
 */
export function resolveFlagKey(
  flagKey: string,
  valueType: FlagValueType,
  flags: Readonly<Record<string, HackleFlagSource>> | undefined,
): HackleFlagSource | KeyError {
  let source: HackleFlagSource | KeyError
  const prefix = Object.keys(PREFIXES).find((p) => flagKey.startsWith(p))
  if (flags && Object.prototype.hasOwnProperty.call(flags, flagKey)) {
    source = checkedSource(flagKey, flags[flagKey])
  } else if (prefix) {
    const type = PREFIXES[prefix]
    const rest = flagKey.slice(prefix.length)
    const key = type === 'remote-config' ? rest || undefined : numericKey(rest)
    source = key === undefined ? { error: 'PARSE_ERROR', message: `"${flagKey}": "${prefix}" needs ${type === 'remote-config' ? 'a parameter name' : 'a positive integer key'}` } : ({ type, key } as HackleFlagSource)
  } else {
    const key = numericKey(flagKey)
    if (key === undefined) source = { type: 'remote-config', key: flagKey }
    else if (valueType === 'boolean') source = { type: 'feature-flag', key }
    else if (valueType === 'string') source = { type: 'ab-test', key }
    else return { error: 'TYPE_MISMATCH', message: `"${flagKey}" names an A/B test or a feature flag, which answer strings and booleans (use "rc:${flagKey}" for a remote-config parameter)` }
  }
  if ('error' in source || ANSWERS[source.type].includes(valueType)) return source
  return { error: 'TYPE_MISMATCH', message: `"${flagKey}" is a Hackle ${source.type}, which does not answer ${valueType} values` }
}
