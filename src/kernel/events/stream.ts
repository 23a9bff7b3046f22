import type { KernelHooks } from '../hooks'
import type { Logger } from '../logger'
import type { EventSink } from '../decisions'
import { createDedup, dedupInterval } from './dedup'

/**
 * The event stream every event goes through, with or without the events plugin (the order is documented on
 * `createHooks`): filter, created, duplicate suppression, enrich, deliver, accepted. Events are only worth building
 * while a plugin listens to one of the stream's hooks.
 */
export function createEventStream(hooks: KernelHooks, logger: Logger, dedupOption: unknown): EventSink {
  const isDuplicate = createDedup(dedupInterval(dedupOption, logger))
  const { filterEvent, eventCreated, enrichEvent, deliverEvent, eventAccepted } = hooks
  return {
    listening: () => eventCreated.taps.length + deliverEvent.taps.length + eventAccepted.taps.length > 0,
    emit(event) {
      if (filterEvent.call(event) === false) return
      eventCreated.call(event)
      if (isDuplicate(event)) return
      event = enrichEvent.call(event)
      eventAccepted.call(event, deliverEvent.call(event) === true)
    },
  }
}
