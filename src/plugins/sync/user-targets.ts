import type { TargetEvent } from '../../kernel'

/**
 * Reads `GET /api/v1/user-targets` as the reference does: a missing body or a non-list `events`
 * fails the sync, a missing item too; fields are kept as sent (evaluation reads them).
 */
export function parseUserTargets(body: unknown): TargetEvent[] {
  return (body as { events: TargetEvent[] }).events.map(({ eventKey, property, stats }) => ({ eventKey, property, stats }))
}
