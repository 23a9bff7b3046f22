import { SyncHook, definePluginHooks } from '../../kernel'
import type { ScheduleType } from './schedule'

/** An eligibility evaluation of a message (trigger flow, or deliver flow when the message was due). */
export interface InAppEligibilityInfo {
  messageKey: number
  flow: 'TRIGGER' | 'DELIVER'
  eligible: boolean
  /** `IN_APP_MESSAGE_TARGET`, `OVERRIDDEN` or an ineligible reason (`IN_APP_MESSAGE_FREQUENCY_CAPPED`, …). */
  reason: string
}

/** A schedule request's outcome: `DELIVER`, `DELAY`, `IGNORE` or `EXCEPTION`. */
export interface InAppScheduleInfo {
  dispatchId: string
  messageKey: number
  type: ScheduleType
  code: 'DELIVER' | 'DELAY' | 'IGNORE' | 'EXCEPTION'
}

/**
 * A delivery's outcome: `PRESENT`, `INELIGIBLE`, `IDENTIFIER_CHANGED`, `IN_APP_MESSAGE_NOT_FOUND`,
 * `WORKSPACE_NOT_FOUND` or `EXCEPTION`.
 */
export interface InAppDeliverInfo {
  dispatchId: string
  messageKey: number
  code: string
}

/**
 * The in-app plugin's hooks, for tools that show what it decided (the DevTool, tests). Notifications only: taps
 * observe and change nothing. Each is called after the step it reports; a throwing tap is isolated.
 */
export const getInAppMessageHooks = /* @__PURE__ */ definePluginHooks('in-app-messages', () => ({
  evaluated: new SyncHook<[info: InAppEligibilityInfo]>(),
  scheduled: new SyncHook<[info: InAppScheduleInfo]>(),
  delivered: new SyncHook<[info: InAppDeliverInfo]>(),
}))

export type InAppMessageHooks = ReturnType<typeof getInAppMessageHooks>
