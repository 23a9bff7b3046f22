/** Shapes shared by the generator, the hand-written cases, the drivers and the comparison. */
import type { PageEnv } from './page'

/**
 * The `user` argument of every decision call for one user: a User object of the public API (passed as given),
 * a string (the API reads it as `{ id }`), or null = the call is made without a user argument.
 */
export type TestUser = Record<string, unknown> | string | null

export type QueryKey = number | string | null

export type Query =
  | { kind: 'experiment'; key: QueryKey; user: number; defaultVariation?: string }
  | { kind: 'featureFlag'; key: QueryKey; user: number }
  | { kind: 'remoteConfig'; key: QueryKey; user: number; defaultValue: string | number | boolean | null }

/** What one query answered. Fields depend on the query kind; `thrown` means the SDK threw to the caller. */
export interface Answer {
  variation?: string
  isOn?: boolean
  reason?: string
  parameters?: unknown
  value?: unknown
  thrown?: string
}

export interface ConformanceCase {
  /** Stable name used in reports and for `CONFORMANCE_ONLY`, e.g. `normal#17`, `edge:wire-3.7`. */
  id: string
  mode: 'normal' | 'odd' | 'edge'
  seed?: number
  /** Odd mode: the names of the mutations applied. */
  oddities: string[]
  page: PageEnv
  /** The workspace config as served to hackle-kit. */
  config: unknown
  /**
   * The config served to the reference when it differs (`tolerant-parsing` exclusion: the reference rejects a
   * config with a missing list / targetUrls / implementationType, so it runs on the repaired one).
   */
  referenceConfig?: unknown
  users: TestUser[]
  queries: Query[]
  /** Hand-written cases: what the spec says the reference answers (checked against the reference itself). */
  expect?: Array<Partial<Answer> | undefined>
  /** Hand-written cases: not compared with hackle-kit when this name is in EXCLUSIONS. */
  exclusion?: string
}
