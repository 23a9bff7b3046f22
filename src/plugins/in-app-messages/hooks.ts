import { SyncBailHook, SyncHook, definePluginHooks } from '../../kernel'
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

/** A message of the workspace as a DevTool lists it, with its eligibility for the current visitor now. */
export interface InAppMessageSummary {
  key: number
  id: number
  /** `ACTIVE`, `DRAFT` or `PAUSE`. */
  status: string
  /** The display type of its first layout: `MODAL`, `BANNER`, `BOTTOM_SHEET`, `HTML`. */
  displayType: string
  /** The event keys that trigger it. */
  triggers: string[]
  /** The trigger flow's answer for the current user now (no events, no history written). */
  eligible: boolean
  /** The flow's reason (`IN_APP_MESSAGE_TARGET`, `OVERRIDDEN`, an ineligible reason, or `EXCEPTION`). */
  reason: string
}

/** A look at the in-app messages for a DevTool (the decision engine's; `inspectMessages`). */
export interface InAppInspector {
  /** The current workspace's messages with their eligibility for the current user now (no events, no history). */
  describe(): InAppMessageSummary[]
  /**
   * Shows that message now for the current user, whatever its eligibility, as an overridden message (its `$in_app_*`
   * events carry `decision_reason: OVERRIDDEN`; it adds no impression to the frequency-cap history); false when the
   * workspace has no such message.
   */
  preview(messageKey: number): boolean
}

/**
 * The in-app plugin's hooks, for tools that show what it decided (the DevTool, tests).
 *
 * Notifications (`evaluated`, `scheduled`, `delivered`): taps observe and change nothing; each is called after the
 * step it reports; a throwing tap is isolated.
 *
 * `inspectMessages()` is a request the plugin answers (call it; the plugin is its tap): a promise of the inspector,
 * once the decision engine is loaded (it is loaded now when the workspace has messages), or of `undefined` when the
 * workspace has none, or of `null` when the engine's code could not be loaded (a later call tries again); `undefined`
 * itself without the plugin.
 */
export const getInAppMessageHooks = /* @__PURE__ */ definePluginHooks('in-app-messages', () => ({
  evaluated: new SyncHook<[info: InAppEligibilityInfo]>(),
  scheduled: new SyncHook<[info: InAppScheduleInfo]>(),
  delivered: new SyncHook<[info: InAppDeliverInfo]>(),
  inspectMessages: new SyncBailHook<[], Promise<InAppInspector | null | undefined> | void>(),
}))

export type InAppMessageHooks = ReturnType<typeof getInAppMessageHooks>
