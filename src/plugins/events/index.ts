import { definePlugin, sdkHeaders, send, sendBeaconForm, toWireBatch, type SdkEvent } from '../../kernel'

const NAME = 'events'
const BATCH_SIZE = 100
const FLUSH_DELAY_MS = 500

/**
 * Sends events in batches (browser-behaviour §6.3): 500 ms after the first queued event or at 100 events, as
 * JSON to `{eventUrl}/api/v2/w/events`; when the page is hidden or left, by beacon as a form
 * (wire-format §5). De-duplication, persistence and retries are not part of this plugin yet.
 */
export const events = definePlugin(() => ({
  name: NAME,
  apply({ hooks, sdkKey, config, logger }) {
    let queue: SdkEvent[] = []
    let timer: ReturnType<typeof setTimeout> | undefined

    const beacon = (body: string) => sendBeaconForm(`${config.eventUrl}/api/v2/w/${sdkKey}/events`, sdkKey, body)

    const flush = async (leaving: boolean): Promise<void> => {
      clearTimeout(timer)
      timer = undefined
      if (queue.length === 0) return
      const batch = queue
      queue = []
      const body = JSON.stringify(toWireBatch(batch))
      try {
        if (leaving && beacon(body)) return
        const response = await send({
          method: 'POST',
          url: `${config.eventUrl}/api/v2/w/events`,
          headers: sdkHeaders(sdkKey, { 'Content-Type': 'application/json' }),
          body,
          keepalive: leaving,
        })
        if (response.status < 200 || response.status > 299) throw new Error(`Http status code: ${response.status}`)
      } catch (error) {
        logger.error(`Failed to dispatch events: ${String(error)}`)
      }
    }

    hooks.eventCreated.tap(NAME, (event) => {
      queue.push(event)
      if (queue.length >= BATCH_SIZE) void flush(false)
      else if (queue.length === 1) timer = setTimeout(() => void flush(false), FLUSH_DELAY_MS)
    })
    hooks.flush.tap(NAME, (reason) => void flush(reason !== 'manual'))

    if (typeof window === 'undefined') return
    const onPageHide = () => void flush(true)
    const onVisibility = () => document.visibilityState === 'hidden' && void flush(true)
    window.addEventListener('pagehide', onPageHide)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      document.removeEventListener('visibilitychange', onVisibility)
      clearTimeout(timer)
    }
  },
}))
