import type { EvaluationOptions, ExperimentEvaluation } from '../../internal'
import { tools } from './tools'
import type { EvaluationUser, Workspace } from '../../kernel'
import { isFrequencyCapped } from './frequency-cap'
import type { Impression } from './impressions'
import { resolveLayout, type LayoutEvaluation } from './layout'
import type { InAppMessage } from './message'

/** `TRIGGER`: at the trigger event. `DELIVER`: when the message is due (re-running targeting if `atDeliverTime`). */
export type EligibilityFlow = 'TRIGGER' | 'DELIVER'

export interface Eligibility {
  eligible: boolean
  reason: string
  /** Nested experiment evaluations of the targeting steps, to record as exposures. */
  evaluations: ExperimentEvaluation[]
  /** The layout resolved by the trigger flow (step 8), when it got that far. */
  layout?: LayoutEvaluation
}

/** What the flows read besides the message. */
export interface EligibilityInputs {
  ws: Workspace
  options: EvaluationOptions
  impressions(message: InAppMessage): Impression[]
  isHidden(message: InAppMessage, timestamp: number): boolean
}

const DAY_MILLIS = 86_400_000

/** UTC weekday (0 = Monday) and a window after that day's UTC midnight. */
function inTimetable(message: InAppMessage, timestamp: number): boolean {
  if (!message.timetable) return true
  const midnight = timestamp - (((timestamp % DAY_MILLIS) + DAY_MILLIS) % DAY_MILLIS)
  const day = (new Date(timestamp).getUTCDay() + 6) % 7
  return message.timetable.some((slot) => slot.day === day && midnight + slot.start <= timestamp && timestamp < midnight + slot.end)
}

const isOverridden = (message: InAppMessage, user: EvaluationUser) =>
  message.overrides.some((o) => {
    const id = user.identifiers[o.identifierType]
    return id != null && o.identifiers.includes(id)
  })

/**
 * The eligibility of a message for `user` at `timestamp`, step by step in the reference's order; the first step that
 * decides ends the flow:
 *
 * 1. platform `WEB` (else `UNSUPPORTED_PLATFORM`); 2. a user override → eligible `OVERRIDDEN`; 3. `DRAFT` →
 * `IN_APP_MESSAGE_DRAFT`; 4. `PAUSE` → `IN_APP_MESSAGE_PAUSED`; 5. period → `NOT_IN_IN_APP_MESSAGE_PERIOD`;
 * 6. timetable → `NOT_IN_IN_APP_MESSAGE_TIMETABLE`; 7. targets → `NOT_IN_IN_APP_MESSAGE_TARGET`; 8. layout (kept);
 * 9. frequency cap → `IN_APP_MESSAGE_FREQUENCY_CAPPED`; 10. hidden → `IN_APP_MESSAGE_HIDDEN`; 11. eligible
 * `IN_APP_MESSAGE_TARGET`.
 *
 * The trigger flow runs 1–11; the deliver flow 2, 9–11, or with `atDeliverTime` 1–7, 9–11. Throws what the layout
 * and the targets throw.
 */
export function evaluateEligibility(
  inputs: EligibilityInputs,
  flow: EligibilityFlow,
  message: InAppMessage,
  user: EvaluationUser,
  timestamp: number,
): Eligibility {
  const ctx = tools.createContext(inputs.ws, user, inputs.options)
  let layout: LayoutEvaluation | undefined
  const result = (eligible: boolean, reason: string): Eligibility => ({ eligible, reason, evaluations: ctx.evaluations, layout })
  const full = flow === 'TRIGGER' || message.atDeliverTime
  if (full && !message.platformTypes.includes('WEB')) return result(false, 'UNSUPPORTED_PLATFORM')
  if (isOverridden(message, user)) return result(true, 'OVERRIDDEN')
  if (full) {
    if (message.status === 'DRAFT') return result(false, 'IN_APP_MESSAGE_DRAFT')
    if (message.status === 'PAUSE') return result(false, 'IN_APP_MESSAGE_PAUSED')
    const period = message.period
    if (period && !(period.start <= timestamp && timestamp < period.end)) return result(false, 'NOT_IN_IN_APP_MESSAGE_PERIOD')
    if (!inTimetable(message, timestamp)) return result(false, 'NOT_IN_IN_APP_MESSAGE_TIMETABLE')
    if (!tools.anyTargetMatches(ctx, message.targets)) return result(false, 'NOT_IN_IN_APP_MESSAGE_TARGET')
  }
  if (flow === 'TRIGGER') layout = resolveLayout(inputs.ws, message, user, inputs.options)
  if (isFrequencyCapped(message.frequencyCap, () => inputs.impressions(message), user, timestamp)) {
    return result(false, 'IN_APP_MESSAGE_FREQUENCY_CAPPED')
  }
  if (inputs.isHidden(message, timestamp)) return result(false, 'IN_APP_MESSAGE_HIDDEN')
  return result(true, 'IN_APP_MESSAGE_TARGET')
}
