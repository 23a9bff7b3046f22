/** Public and shared types of the kernel. */

/** Property name → value (user, event, page and Hackle properties). */
export type Properties = Record<string, unknown>

/** A user as the page describes it (the reference SDK's `User`). */
export interface User {
  /** The `$id` identifier; the SDK fills it with the device id when absent. */
  id?: string
  /** The signed-in user's id (`$userId`). */
  userId?: string
  /** The device id (`$deviceId`); the SDK keeps one in a cookie when the page gives none. */
  deviceId?: string
  /** Custom identifier type → value (an experiment can bucket by any of them). */
  identifiers?: Record<string, string>
  /** User properties that targeting reads. */
  properties?: Properties
}

/** Identifier values are strings, or numbers when a page passes numeric ids (kept as the reference does). */
export type Identifiers = Record<string, string | number>

/** A user-target counter from `GET /api/v1/user-targets`. */
export interface TargetEvent {
  /** The event key counted. */
  eventKey: string
  /** The event property the count is restricted to, null for every event of the key. */
  property: {
    /** Where the property is read (`EVENT_PROPERTY`). */
    type: string
    /** The property's name. */
    key: string
    /** The value counted events had. */
    value: unknown
  } | null
  /** Counts per day (`date`: the day's epoch ms). */
  stats: { date: number; count: number }[]
}

/**
 * The user every decision and event is made for. The kernel builds a fresh one per call;
 * plugins fill it through `hooks.resolveUser`.
 */
export interface EvaluationUser {
  /** Identifier type → value: `$id`, `$deviceId`, `$userId`, `$sessionId`, custom ones. */
  identifiers: Identifiers
  /** The user's properties. */
  properties: Properties
  /** The properties the SDK collects (platform, browser, OS, page, locale: the properties plugin). */
  hackleProperties: Properties
  /** The ids of the cohorts the user is in (the sync plugin fetches them). */
  cohorts: number[]
  /** The user's event counters for event-count targeting (the sync plugin fetches them). */
  targetEvents: TargetEvent[]
}
