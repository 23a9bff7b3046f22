import { definePlugin, Stage, type PluginDefinition } from '../../kernel'
import { watchPageLifecycle } from '../../internal'
import { createDelivery } from './delivery'

const NAME = 'events'

/** `events(options)`. */
export interface EventsOptions {
  /** Start opted out: events are neither queued nor sent until `setOptOutTracking(false)`. */
  optOutTracking?: boolean
}

/** The client methods of the events plugin. */
export interface EventsMethods {
  /** Whether tracking is opted out. */
  isOptOutTracking(): boolean
  /** While opted out, events are not sent; decisions, sessions and the other plugins go on. */
  setOptOutTracking(optOut: boolean): void
}

/**
 * Delivery of the kernel's event stream: it answers `hooks.deliverEvent`, queueing each accepted event unless
 * tracking is opted out, and sends every queued event once, through reloads, tab closes, server errors and dropped
 * connections (see DELIVERY.md). Requests go through the kernel's transport seam (`hooks.sendRequest`,
 * `hooks.sendBeacon`).
 */
export const events = definePlugin(
  (options: EventsOptions = {}): PluginDefinition<EventsMethods> => ({
    name: NAME,
    apply(kernel) {
      const { hooks } = kernel
      const delivery = createDelivery(kernel)
      let optOut = !!options.optOutTracking

      kernel.extend({
        isOptOutTracking: () => optOut,
        setOptOutTracking(value) {
          if (!!value === optOut) return
          optOut = !!value
          // Events queued before opting out still go.
          if (optOut) delivery.flush()
        },
      })

      // Opting out drops the events made while opted out, also one that another plugin held back and hands over later
      // (the properties plugin, while an uncommon user agent is read); one made before still goes. Marked when it has
      // passed duplicate suppression, so each mark is taken back when the event is delivered.
      const madeOptedOut = new Set<string>()
      hooks.enrichEvent.tap({ name: NAME, stage: Stage.LATE }, (event) => {
        if (optOut) madeOptedOut.add(event.insertId)
        return event
      })
      hooks.deliverEvent.tap(NAME, (event) => {
        if (madeOptedOut.delete(event.insertId)) return false
        delivery.add(event)
        return true
      })
      // Every reason but `manual` means the page may be going away; after a redirect flush, pagehide follows.
      hooks.flush.tap(NAME, (reason) => (reason === 'manual' ? delivery.flush() : delivery.leave(reason !== 'redirect')))
      // Send what earlier pages and failed requests left.
      void delivery.sync()

      const unwatch = watchPageLifecycle(kernel, { hidden: (leaving) => delivery.leave(leaving), shown: () => delivery.resume() })
      return () => {
        unwatch()
        delivery.close()
      }
    },
  }),
)
