import type { HackleUser, Identifiers } from '../../kernel'
import { requestIdentifiers } from './user-header'

/** One `cohorts[]` item of `GET /api/v1/cohorts`: the identifier it was computed for and its cohort ids. */
export interface IdentifierCohorts {
  type: unknown
  value: unknown
  cohorts: unknown[]
}

interface CohortsDto {
  cohorts: ArrayLike<{ identifier: { type?: unknown; value?: unknown }; cohorts: unknown[] }>
}

/**
 * Reads the response body as the reference does: a body, list, item or identifier that is missing,
 * or `cohorts` that is not a list, fails the whole sync. Ids are kept as sent.
 */
export function parseCohorts(body: unknown): IdentifierCohorts[] {
  const list = (body as CohortsDto).cohorts
  const parsed: IdentifierCohorts[] = []
  for (let i = 0; i < list.length; i++) {
    const { identifier, cohorts } = list[i]!
    const { type, value } = identifier
    parsed.push({ type, value, cohorts: cohorts.map((id) => id) })
  }
  return parsed
}

/** The reference's filter: the identifier's value equals the user's value for that type (plain property lookup). */
const belongsTo = (identifiers: Identifiers, entry: { type: unknown; value: unknown }): boolean =>
  (identifiers as Record<PropertyKey, unknown>)[entry.type as PropertyKey] === entry.value

interface Entry {
  key: string
  value: unknown
  ids: Set<unknown>
}

/**
 * The known cohorts, per identifier, always filtered to the current user's identifiers.
 *
 * As in the reference (UserContext / UserCohorts), a sync adds to what is known for an identifier and never replaces
 * it: the reference keeps every fetched entry side by side and evaluates with all their ids, so an id once received
 * for an identifier counts until the user stops having that identifier. Here each identifier keeps the union of its
 * ids instead of a growing list of entries: the same decisions (cohort conditions are "any id matches"), bounded
 * memory under polling.
 */
export function createCohortStore() {
  let entries: Entry[] = []
  let filteredFor: HackleUser | undefined
  let identifiers: Identifiers = {}
  let ids: unknown[] = []

  const rebuild = () => {
    ids = []
    for (const entry of entries) for (const id of entry.ids) ids.push(id)
  }

  /** Drops what the user no longer has an identifier for (the reference re-filters on every user update). */
  const keepFor = (user: HackleUser) => {
    if (user === filteredFor) return
    filteredFor = user
    identifiers = requestIdentifiers(user)
    const kept = entries.filter((entry) => belongsTo(identifiers, { type: entry.key, value: entry.value }))
    if (kept.length !== entries.length) {
      entries = kept
      rebuild()
    }
  }

  return {
    keepFor,
    /** Adds a fetched response, filtered to `user` (the current user when the response arrives). */
    merge(fetched: IdentifierCohorts[], user: HackleUser): void {
      keepFor(user)
      for (const item of fetched) {
        if (!belongsTo(identifiers, item)) continue
        // property lookup turns the type into a string key: types 1 and "1" select the same identifier
        const key = String(item.type)
        let entry = entries.find((it) => it.key === key && it.value === item.value)
        if (!entry) entries.push((entry = { key, value: item.value, ids: new Set() }))
        for (const id of item.cohorts) entry.ids.add(id)
      }
      rebuild()
    },
    /** The cohort ids of `user` (the current user), in the order they were first received. */
    idsFor(user: HackleUser): readonly unknown[] {
      keepFor(user)
      return ids
    },
  }
}

export type CohortStore = ReturnType<typeof createCohortStore>
