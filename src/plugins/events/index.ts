import { definePlugin, watchPageLifecycle } from '../../kernel'
import { createDedup, dedupInterval } from './dedup'
import { createDelivery } from './delivery'
import { getEventPipelineHooks } from './hooks'

export { getEventPipelineHooks, type EventPipelineHooks } from './hooks'
export { NO_DEDUP } from './dedup'

const NAME = 'events'

/**
 * The event pipeline (browser-behaviour §6): duplicate suppression, opt-out, the pipeline hooks other plugins tap
 * (`getEventPipelineHooks`), and delivery that loses nothing and sends nothing twice through reloads, tab closes,
 * server errors and dropped connections (see DELIVERY.md).
 *
 * Options (`createInstance` config): `exposureEventDedupIntervalMillis` (1000..3600000, default 60000; `-1` turns
 * suppression off) and `optOutTracking`. Client methods: `isOptOutTracking()`, `setOptOutTracking(optOut)`.
 */
export const events = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const { hooks, config, logger } = kernel
    const pipeline = getEventPipelineHooks(kernel)
    const isDuplicate = createDedup(dedupInterval(config.raw.exposureEventDedupIntervalMillis, logger))
    const delivery = createDelivery(kernel)
    let optOut = !!config.raw.optOutTracking

    kernel.extend({
      isOptOutTracking: () => optOut,
      setOptOutTracking(value) {
        if (!!value === optOut) return
        optOut = !!value
        // Events queued before opting out still go (browser-behaviour §6.5).
        if (optOut) delivery.flush()
      },
    })

    hooks.eventCreated.tap(NAME, (event) => {
      pipeline.beforeProcess.call(event)
      if (isDuplicate(event)) return
      event = pipeline.decorate.call(event)
      if (!optOut) delivery.add(event)
      pipeline.processed.call(event)
    })
    // Every reason but `manual` means the page may be going away; after a redirect flush, pagehide follows.
    hooks.flush.tap(NAME, (reason) => (reason === 'manual' ? delivery.flush() : delivery.leave(reason !== 'redirect')))
    // Send what earlier pages and failed requests left.
    void delivery.sync()

    const unwatch = watchPageLifecycle(kernel, { hidden: (leaving) => delivery.leave(leaving), shown: () => delivery.resume() })
    return () => {
      unwatch()
      delivery.close()
      for (const hook of Object.values(pipeline)) hook.taps.length = 0
    }
  },
}))
