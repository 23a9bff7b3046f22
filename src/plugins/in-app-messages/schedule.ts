import type { Identifiers } from '../../kernel'
import type { TriggerEvent } from './model'

/**
 * A message to deliver for a trigger. Persisted as is inside a delay entity: the field order is the stored JSON's.
 */
export interface Schedule {
  dispatchId: string
  inAppMessageKey: number
  /** The trigger event user's identifiers. */
  identifiers: Identifiers
  time: { startedAt: number; deliverAt: number }
  /** The trigger eligibility reason. */
  reason: string
  eventBasedContext: { insertId: string; event: TriggerEvent }
}

/** `TRIGGERED`: at the trigger. `DELAYED`: a delay timer fired. `STORED`: a persisted delay restored at start-up. */
export type ScheduleType = 'TRIGGERED' | 'DELAYED' | 'STORED'

export interface ScheduleRequest {
  schedule: Schedule
  type: ScheduleType
  requestedAt: number
}

/** A pending delay, persisted exactly as `{ schedule, requestedAt }`. */
export interface DelayEntity {
  schedule: Schedule
  requestedAt: number
}

export type ScheduleAction = 'DELIVER' | 'DELAY' | 'IGNORE'

const DELIVER_THRESHOLD_MILLIS = -10_000

/**
 * What to do with a request: `delay = deliverAt − requestedAt`; a STORED request already overdue is ignored; otherwise
 * a positive delay waits, a delay of at most 10 s overdue delivers, an older one is ignored.
 */
export function scheduleAction(request: ScheduleRequest): ScheduleAction {
  const delay = request.schedule.time.deliverAt - request.requestedAt
  if (request.type === 'STORED' && delay < 0) return 'IGNORE'
  if (delay > 0) return 'DELAY'
  return delay >= DELIVER_THRESHOLD_MILLIS ? 'DELIVER' : 'IGNORE'
}
