import { tools } from './tools'
import type { SdkEvent, TrackEvent, Workspace } from '../../kernel'
import type { InAppContext } from './context'
import type { InAppMessage } from './message'
import type { TriggerEvent } from './model'
import type { Schedule } from './schedule'
import type { Scheduler } from './scheduler'

/** Does a trigger rule match: the event key, and its targets empty or any matching (`EVENT_PROPERTY` reads the event)? */
function isTriggered(ws: Workspace, message: InAppMessage, event: TrackEvent, context: InAppContext): boolean {
  const options = { ...context.options, event: { key: event.key, properties: event.properties } }
  return message.triggerRules.some((rule) => rule.eventKey === event.key && tools.anyTargetMatches(tools.createContext(ws, event.user, options), rule.targets))
}

/** When an immediate or AFTER-delayed message is due. Throws for an AFTER delay without its duration or another type. */
function deliverAt(message: InAppMessage, startedAt: number): number {
  const { type, afterMillis } = message.delay
  if (type === 'IMMEDIATE') return startedAt
  if (type !== 'AFTER') throw new Error(`Unsupported delay type: ${type}`)
  if (afterMillis === null) throw new Error('AfterCondition is required for AFTER delay type')
  return startedAt + afterMillis
}

/**
 * The trigger event as the page tracked it: key, then value and properties when given. (The event stream keeps a
 * value of 0 and empty properties for an event tracked without them; those are left out here.)
 */
function triggerEvent(event: TrackEvent): TriggerEvent {
  const out: TriggerEvent = { key: event.key }
  if (event.value) out.value = event.value
  if (Object.keys(event.properties).length) out.properties = event.properties
  return out
}

/**
 * Handles an accepted event: for a track event (any key), the first message in config order that one of its trigger
 * rules matches and that the trigger flow finds eligible (evaluated for the event's user at the event's time) is
 * scheduled (TRIGGERED, requested at the event's time); the other messages are not considered. Any error ends the
 * handling of this event and is logged.
 */
export function handleEvent(context: InAppContext, scheduler: Scheduler, event: SdkEvent): void {
  if (event.type !== 'track') return
  try {
    const ws = context.workspace()
    if (!ws) return
    for (const message of context.messages().values()) {
      if (!isTriggered(ws, message, event, context)) continue
      const eligibility = context.evaluate('TRIGGER', message, event.user, event.timestamp)
      if (!eligibility.eligible) continue
      const schedule: Schedule = {
        dispatchId: tools.uuid(),
        inAppMessageKey: message.key,
        identifiers: event.user.identifiers,
        time: { startedAt: event.timestamp, deliverAt: deliverAt(message, event.timestamp) },
        reason: eligibility.reason,
        eventBasedContext: { insertId: event.insertId, event: triggerEvent(event) },
      }
      scheduler.process({ schedule, type: 'TRIGGERED', requestedAt: event.timestamp })
      return
    }
  } catch (error) {
    context.kernel.logger.error(`Failed to process InAppMessage event trigger: ${tools.describeError(error)}`)
  }
}
