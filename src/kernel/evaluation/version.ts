/** Semantic versions as the reference compares them. */
export interface Version {
  readonly core: readonly [number, number, number]
  readonly pre: readonly string[]
}

// major[.minor[.patch]][-pre.release][+build]; numeric parts without leading zeros
const VERSION_RE =
  /^(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:\.(0|[1-9]\d*))?(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][\da-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][\da-zA-Z-]*))*))?(?:\+[\da-zA-Z-]+(?:\.[\da-zA-Z-]+)*)?$/
const NUMERIC_RE = /^(0|[1-9]\d*)$/

/** Parses `String(value)`; undefined when it is not a version. */
export function parseVersion(value: unknown): Version | undefined {
  const m = VERSION_RE.exec(String(value))
  return m ? { core: [+m[1], +m[2] || 0, +m[3] || 0], pre: m[4] ? m[4].split('.') : [] } : undefined
}

/** Sign-like comparison: < 0, 0 or > 0. Build metadata is ignored. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return a.core[i] - b.core[i]
  const x = a.pre
  const y = b.pre
  if (!x.length || !y.length) return y.length - x.length
  for (let i = 0; i < x.length && i < y.length; i++) {
    const p = x[i]
    const q = y[i]
    if (NUMERIC_RE.test(p) && NUMERIC_RE.test(q)) {
      if (+p !== +q) return +p - +q
    } else if (p !== q) return p < q ? -1 : 1
  }
  return x.length - y.length
}
