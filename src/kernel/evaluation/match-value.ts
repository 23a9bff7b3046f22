import type { Match, MatchType, Operator, ValueType } from './model'
import { compareVersions, parseVersion } from './version'
import { words } from './words'

/**
 * Value / operator matching. Match values are converted once, when the config is parsed: each
 * match gets a converter for user values (`conv`, none when the pair never matches) and the converted match values.
 */

export const OPERATORS = /* @__PURE__ */ words('IN CONTAINS STARTS_WITH ENDS_WITH GT GTE LT LTE EXISTS')
const IN = 0
const CONTAINS = 1
const STARTS_WITH = 2
const GT = 4
const EXISTS = 8

type Conv = (value: unknown) => unknown

const asString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined

/** A finite number, from a number or a numeric string. */
export function asNumber(v: unknown): number | undefined {
  const n = typeof v === 'number' || typeof v === 'string' ? +v : NaN
  return Number.isFinite(n) ? n : undefined
}

const asBoolean = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : v === 'true' || (v === 'false' ? false : undefined)

const CONVERTERS: Partial<Record<ValueType, Conv>> = {
  STRING: asString,
  JSON: asString,
  NUMBER: asNumber,
  BOOLEAN: asBoolean,
  VERSION: parseVersion,
}

const comparePlain = (a: any, b: any): number => (a < b ? -1 : a > b ? 1 : 0)

const decodeOrOriginal = (s: string): string => {
  try {
    return decodeURI(s)
  } catch {
    return s
  }
}

const parseUrl = (v: unknown): URL | undefined => {
  try {
    return new URL(v as string)
  } catch {
    return undefined
  }
}

const tryEncode = (s: string): string | null => {
  try {
    return encodeURI(s)
  } catch {
    return null
  }
}

const TRAILING_SLASHES = /\/+$/

/**
 * The decoded href (decodeURI) of an absolute URL, the form of URL CONTAINS / STARTS_WITH; undefined for anything
 * else. `trim` first removes the path's trailing slashes: the form of URL IN.
 */
function decodedHref(v: unknown, trim?: boolean): string | undefined {
  const url = parseUrl(v)
  if (!url) return undefined
  if (trim && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(TRAILING_SLASHES, '')
  return decodeOrOriginal(url.href)
}

const urlInForm = (v: unknown): string | undefined => decodedHref(v, true)

export function compileMatch(
  type: MatchType,
  operator: Operator,
  valueType: ValueType,
  values: readonly unknown[],
  dec: boolean,
): Match {
  const op = OPERATORS.indexOf(operator)
  const source = dec ? values.map((v) => (typeof v === 'string' ? decodeOrOriginal(v) : v)) : values
  let conv: Conv | undefined
  let vals: unknown[] = []
  if (valueType !== 'URL') {
    conv = CONVERTERS[valueType]
    // text operators: strings only; BOOLEAN: IN only; EXISTS does not convert
    if (op === EXISTS || (op > IN && op < GT ? conv !== asString : op !== IN && valueType === 'BOOLEAN')) conv = undefined
    if (conv) vals = source.map(conv)
  } else if (op === IN) {
    conv = urlInForm
    // a match value that is not an absolute URL is compared decoded
    vals = source.map((v) => ((v = asString(v)) === undefined ? v : (urlInForm(v) ?? decodeOrOriginal(v as string))))
  } else if (op === CONTAINS || op === STARTS_WITH) {
    conv = decodedHref
    // each value, then its encodeURI form as a second chance (null when encodeURI throws: matching it throws)
    vals = source.flatMap((v) => ((v = asString(v)) === undefined ? [] : [v, tryEncode(v as string)]))
  }
  return {
    type,
    operator,
    valueType,
    values,
    not: type === 'NOT_MATCH',
    op,
    conv,
    cmp: valueType === 'VERSION' ? compareVersions : comparePlain,
    vals: vals.filter((v) => v !== undefined),
    dec,
  }
}

type Holds = (x: any, v: any, cmp: (a: any, b: any) => number) => boolean

/** By operator index: does the converted user value `x` satisfy the operator against the converted match value `v`? */
const HOLDS: Holds[] = [
  (x, v, cmp) => cmp(x, v) === 0,
  (x, v) => x.includes(v),
  (x, v) => x.startsWith(v),
  (x, v) => x.endsWith(v),
  (x, v, cmp) => cmp(x, v) > 0,
  (x, v, cmp) => cmp(x, v) >= 0,
  (x, v, cmp) => cmp(x, v) < 0,
  (x, v, cmp) => cmp(x, v) <= 0,
]

function single(m: Match, u: unknown): boolean {
  if (m.op === EXISTS) return u != null
  if (u == null || !m.conv) return false
  if (m.dec && typeof u === 'string') u = decodeOrOriginal(u)
  const x = m.conv(u)
  if (x === undefined) return false
  for (const v of m.vals) {
    if (v === null) throw new URIError('URI malformed')
    if (HOLDS[m.op]!(x, v, m.cmp)) return true
  }
  return false
}

/** Matches a user value (arrays: any element) against a match, then applies MATCH / NOT_MATCH. */
export function matchValue(m: Match, userValue: unknown): boolean {
  let r = false
  if (Array.isArray(userValue)) {
    for (let i = 0; i < userValue.length && !r; i++) r = single(m, userValue[i])
  } else r = single(m, userValue)
  return r !== m.not
}
