import { SyncBailHook, SyncHook, definePluginHooks } from '../../kernel'
import type { ScheduleType } from './schedule'

/** An eligibility evaluation of a message (trigger flow, or deliver flow when the message was due). */
export interface InAppEligibilityInfo {
  /** The message's key. */
  messageKey: number
  /** `TRIGGER`: an event triggered it; `DELIVER`: it was due to be shown (after a delay). */
  flow: 'TRIGGER' | 'DELIVER'
  /** Whether the current user may see it now. */
  eligible: boolean
  /** `IN_APP_MESSAGE_TARGET`, `OVERRIDDEN` or an ineligible reason (`IN_APP_MESSAGE_FREQUENCY_CAPPED`, …). */
  reason: string
}

/** A schedule request's outcome: `DELIVER`, `DELAY`, `IGNORE` or `EXCEPTION`. */
export interface InAppScheduleInfo {
  /** The id of this showing of the message (it links schedule and delivery). */
  dispatchId: string
  /** The message's key. */
  messageKey: number
  /** Whether the request was the trigger's or a delay's that came due. */
  type: ScheduleType
  /** Show now, wait (a delay), drop, or failed. */
  code: 'DELIVER' | 'DELAY' | 'IGNORE' | 'EXCEPTION'
}

/**
 * A delivery's outcome: `PRESENT`, `INELIGIBLE`, `IDENTIFIER_CHANGED`, `IN_APP_MESSAGE_NOT_FOUND`,
 * `WORKSPACE_NOT_FOUND` or `EXCEPTION`.
 */
export interface InAppDeliverInfo {
  /** The id of this showing of the message. */
  dispatchId: string
  /** The message's key. */
  messageKey: number
  /** The outcome (see above). */
  code: string
}

/** A message of the workspace as a DevTool lists it, with its eligibility for the current visitor now. */
export interface InAppMessageSummary {
  /** The message's key. */
  key: number
  /** Its id. */
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
  /** A message's eligibility was evaluated. */
  evaluated: new SyncHook<[info: InAppEligibilityInfo]>(),
  /** A request to show a message was scheduled (shown now, delayed, dropped). */
  scheduled: new SyncHook<[info: InAppScheduleInfo]>(),
  /** A scheduled message was delivered, or why not. */
  delivered: new SyncHook<[info: InAppDeliverInfo]>(),
  /** Answers the inspector a DevTool uses (see above). */
  inspectMessages: new SyncBailHook<[], Promise<InAppInspector | null | undefined> | void>(),
}))

/** The in-app plugin's hooks of one client (`getInAppMessageHooks(kernel)`). */
export type InAppMessageHooks = ReturnType<typeof getInAppMessageHooks>
