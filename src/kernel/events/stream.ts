import type { KernelHooks } from '../hooks'
import type { Logger } from '../logger'
import type { EventSink } from '../decisions'
import { createDedup, dedupInterval } from './dedup'

/**
 * The event stream every event goes through, with or without the events plugin (the order is documented on
 * `createHooks`): filter, created, duplicate suppression, enrich, deliver, accepted. Events are only worth building
 * while a plugin listens to one of the stream's hooks. Once `closed()`, no plugin delivers events: an event a later
 * call makes is refused with a warning, never dropped silently (decisions still answer).
 */
export function createEventStream(hooks: KernelHooks, logger: Logger, dedupOption: unknown, closed: () => boolean): EventSink {
  const isDuplicate = createDedup(dedupInterval(dedupOption, logger))
  const { filterEvent, eventCreated, enrichEvent, deliverEvent, eventAccepted } = hooks
  return {
    listening: () => closed() || eventCreated.taps.length + deliverEvent.taps.length + eventAccepted.taps.length > 0,
    emit(event) {
      if (closed()) {
        const e = event as { key?: string; experimentKey?: number; parameterKey?: string }
        return logger.warn(`Client is closed: ${event.type} event [${e.key ?? e.experimentKey ?? e.parameterKey}] is not sent`)
      }
      if (filterEvent.call(event) === false) return
      eventCreated.call(event)
      if (isDuplicate(event)) return
      event = enrichEvent.call(event)
      eventAccepted.call(event, deliverEvent.call(event) === true)
    },
  }
}
