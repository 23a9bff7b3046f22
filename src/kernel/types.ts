/** Public and shared types of the kernel. */

export type Properties = Record<string, unknown>

/** A user as the page describes it (the reference SDK's `User`). */
export interface User {
  id?: string
  userId?: string
  deviceId?: string
  identifiers?: Record<string, string>
  properties?: Properties
}

/** Identifier values are strings, or numbers when a page passes numeric ids (kept as the reference does). */
export type Identifiers = Record<string, string | number>

/** A user-target counter from `GET /api/v1/user-targets`. */
export interface TargetEvent {
  eventKey: string
  property: { type: string; key: string; value: unknown } | null
  stats: { date: number; count: number }[]
}

/**
 * The user every decision and event is made for. The kernel builds a fresh one per call;
 * plugins fill it through `hooks.resolveUser`.
 */
export interface EvaluationUser {
  identifiers: Identifiers
  properties: Properties
  hackleProperties: Properties
  cohorts: number[]
  targetEvents: TargetEvent[]
}
