import { definePlugin, describeError, sdkHeaders, send, sendBeaconForm, watchPageLifecycle, type SdkEvent } from '../../kernel'
import { createMetrics, type Metrics } from './metrics'

export { createMetrics, type Metrics, type MetricType, type WireMetric } from './metrics'

const NAME = 'monitoring'
/** How often metrics are posted (the reference's `METRIC_FLUSH_INTERVAL`). */
export const PUBLISH_INTERVAL_MS = 60_000
/** Metrics per request (the reference's browser batch size). */
export const METRICS_PER_REQUEST = 100
const FIRST = Number.NEGATIVE_INFINITY

/**
 * Records the decision timer of a root event (nested target exposures are not decisions of their own):
 * `experiment.decision` / `feature.flag.decision` for an exposure, `remote.config.decision` for a remote-config
 * event, with the reference's tags (wire-format §7).
 */
function recordDecision(metrics: Metrics, event: SdkEvent, millis: number): void {
  if (event.type === 'remoteConfig') {
    metrics.record('remote.config.decision', { key: String(event.parameter.key), reason: String(event.decisionReason) }, millis)
  } else if (event.type === 'exposure') {
    const key = String(event.experiment.key)
    const reason = String(event.decisionReason)
    if (event.experiment.type === 'FEATURE_FLAG') {
      metrics.record('feature.flag.decision', { key, on: String(event.variationKey !== 'A'), reason }, millis)
    } else {
      metrics.record('experiment.decision', { key, variation: event.variationKey, reason }, millis)
    }
  }
}

/**
 * SDK metrics for the Hackle monitoring API (wire-format §7, browser-behaviour §17). Opt-in: not in the preset,
 * a page adds it with `plugins: [monitoring()]` (and `enableMonitoring: false` still turns it off).
 *
 * What it sees through the kernel's hooks: every decision that produced an event, i.e. every `variation`,
 * `isFeatureOn` and `remoteConfig().get` answered from a workspace item (timed from the start of the user
 * resolution to the event, in whole milliseconds like the reference). What it cannot see: decisions answered
 * without an event (`SDK_NOT_READY`, `*_NOT_FOUND`, `INVALID_INPUT`, `EXCEPTION`), request timings (`api.call`),
 * log lines (`log`) and DevTool overrides (`experiment.manual.override`); those need kernel hooks.
 *
 * Metrics measured since the last publication are posted as JSON to `{monitoringUrl}/metrics` every 60 s, and
 * by beacon (form fields of wire-format §5) when the page is hidden or left, or the client closes.
 */
export const monitoring = definePlugin(() => ({
  name: NAME,
  apply({ hooks, sdkKey, config, logger }) {
    const enabled = config.raw.enableMonitoring
    if (enabled !== undefined && !enabled) return

    const metrics = createMetrics()
    const url = `${config.monitoringUrl}/metrics`

    // A decision resolves its user first and creates its events last: the time in between is the decision.
    let decisionStart: number | undefined
    hooks.resolveUser.tap({ name: NAME, stage: FIRST }, () => {
      decisionStart = Date.now()
    })
    hooks.eventCreated.tap({ name: NAME, stage: FIRST }, (event) => {
      if (event.type === 'exposure' && event.properties.$targetingRootType !== undefined) return
      const start = decisionStart
      decisionStart = undefined
      if (event.type !== 'track') recordDecision(metrics, event, start === undefined ? 0 : Math.max(0, event.timestamp - start))
    })

    const beacon = (body: string) => sendBeaconForm(url, sdkKey, body)

    /** Sends what was measured since the last call, in requests of at most 100 metrics. */
    const publish = (leaving: boolean): void => {
      const measured = metrics.flush()
      for (let i = 0; i < measured.length; i += METRICS_PER_REQUEST) {
        const body = JSON.stringify({ metrics: measured.slice(i, i + METRICS_PER_REQUEST) })
        if (leaving && beacon(body)) continue
        send({ method: 'POST', url, headers: sdkHeaders(sdkKey, { 'Content-Type': 'application/json' }), body, keepalive: leaving })
          .catch((error: unknown) => logger.debug(`Failed to flushing metrics: ${describeError(error)}`))
      }
    }

    const timer = setInterval(() => publish(false), PUBLISH_INTERVAL_MS)
    // Outside a browser (server rendering) the timer must not keep the process alive.
    ;(timer as { unref?: () => void }).unref?.()
    hooks.flush.tap(NAME, (reason) => {
      if (reason !== 'manual') publish(true)
    })

    // The page's own lifecycle too (`flush` covers close and redirects); a second publication in the same moment
    // finds nothing new and sends nothing.
    const unwatch = watchPageLifecycle({ hooks }, { hidden: () => publish(true) })
    return () => {
      clearInterval(timer)
      unwatch()
    }
  },
}))
