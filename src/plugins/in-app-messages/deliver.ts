import { tools } from './tools'
import type { EvaluationUser, Identifiers } from '../../kernel'
import type { InAppContext } from './context'
import { recordImpression } from './impressions'
import { resolveLayout } from './layout'
import type { Display, Presentation } from './model'
import type { Schedule } from './schedule'

const USER_ID = '$userId'
const DEVICE_ID = '$deviceId'

/**
 * The identifier-changed rule: when both have `$userId`, whether they differ; else when both have `$deviceId`, whether
 * they differ; else not changed (an anonymous visitor logging in on the same device keeps their messages).
 */
export function isIdentifierChanged(before: Identifiers, after: Identifiers): boolean {
  if (before[USER_ID] !== undefined && after[USER_ID] !== undefined) return before[USER_ID] !== after[USER_ID]
  if (before[DEVICE_ID] !== undefined && after[DEVICE_ID] !== undefined) return before[DEVICE_ID] !== after[DEVICE_ID]
  return false
}

export type DeliverCode = 'PRESENT' | 'INELIGIBLE' | 'IDENTIFIER_CHANGED' | 'IN_APP_MESSAGE_NOT_FOUND' | 'WORKSPACE_NOT_FOUND' | 'EXCEPTION'

/** What the sessions plugin's `getSessionId` answers without a session (not imported: that would bundle the plugin). */
const EMPTY_SESSION_ID = '0.ffffffff'

/**
 * The current user (the one current when a replayed input happened) with the current `$sessionId` (appended when the
 * user has none), as delivery sees it.
 */
function deliveryUser(context: InAppContext): EvaluationUser {
  const { kernel } = context
  const user = context.replay?.user ?? kernel.users.resolve()
  if (user.identifiers.$sessionId || !kernel.has('sessions')) return user
  const sessionId = (kernel.client as { getSessionId?: () => string }).getSessionId?.()
  return sessionId && sessionId !== EMPTY_SESSION_ID ? { ...user, identifiers: { ...user.identifiers, $sessionId: sessionId } } : user
}

/**
 * Delivers a due schedule at `requestedAt`: no workspace → `WORKSPACE_NOT_FOUND`; no message with its key →
 * `IN_APP_MESSAGE_NOT_FOUND`; the identifier-changed rule between the schedule's and the current user →
 * `IDENTIFIER_CHANGED`; then the layout is resolved and recorded, the deliver flow runs (ineligible → `INELIGIBLE`)
 * and the message is presented (`PRESENT`): the display is asked to show it and, unless it was `OVERRIDDEN`, the
 * impression is appended to the message's history whatever the display did. Any error is logged and answered with
 * `EXCEPTION`. Reported on `hooks.delivered`.
 */
export function deliver(context: InAppContext, display: Display, schedule: Schedule, requestedAt: number): DeliverCode {
  let code: DeliverCode
  try {
    code = attempt(context, display, schedule, requestedAt)
  } catch (error) {
    context.kernel.logger.error(`Failed to process InAppMessageDeliver: ${tools.describeError(error)}`)
    code = 'EXCEPTION'
  }
  const { dispatchId, inAppMessageKey: messageKey } = schedule
  context.kernel.logger.debug(`InAppMessage Deliver Response: InAppMessageDeliverResponse(dispatchId=${dispatchId}, inAppMessageKey=${messageKey}, code=${code})`)
  context.hooks.delivered.call({ dispatchId, messageKey, code })
  return code
}

function attempt(context: InAppContext, display: Display, schedule: Schedule, requestedAt: number): DeliverCode {
  const { kernel } = context
  const ws = context.workspace()
  if (!ws) return 'WORKSPACE_NOT_FOUND'
  const message = context.messages().get(schedule.inAppMessageKey)
  if (!message) return 'IN_APP_MESSAGE_NOT_FOUND'
  const user = deliveryUser(context)
  if (isIdentifierChanged(schedule.identifiers, user.identifiers)) return 'IDENTIFIER_CHANGED'
  const layout = resolveLayout(ws, message, user, context.options)
  context.record(message, layout.evaluations, user)
  const eligibility = context.evaluate('DELIVER', message, user, requestedAt)
  if (!eligibility.eligible) return 'INELIGIBLE'
  const presentation: Presentation = {
    dispatchId: schedule.dispatchId,
    message: { id: message.id, key: message.key },
    layout: layout.layout,
    user,
    reason: eligibility.reason,
    properties: { $trigger_event_insert_id: schedule.eventBasedContext.insertId, ...layout.properties },
    triggerEvent: schedule.eventBasedContext.event,
  }
  display.present(presentation)
  if (eligibility.reason !== 'OVERRIDDEN') {
    try {
      recordImpression(context.store, kernel.sdkKey, message.id, { identifiers: user.identifiers, timestamp: requestedAt })
    } catch (error) {
      kernel.logger.error(`Failed to record InAppMessageImpression: ${tools.describeError(error)}`)
    }
  }
  return 'PRESENT'
}
