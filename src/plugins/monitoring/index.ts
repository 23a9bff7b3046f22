import { definePlugin, Stage, type HttpRequest, type SdkEvent } from '../../kernel'
import { describeError, toJson, transportOf, watchPageLifecycle } from '../../internal'
import { getManualOverrideHooks } from '../manual-overrides/hooks'
import { createMetrics, type Metrics } from './metrics'

export { createMetrics, type Metrics, type MetricType, type WireMetric } from './metrics'

const NAME = 'monitoring'
/** How often metrics are posted (the reference's `METRIC_FLUSH_INTERVAL`). */
export const PUBLISH_INTERVAL_MS = 60_000
/** Metrics per request (the reference's browser batch size). */
export const METRICS_PER_REQUEST = 100
const FIRST = Stage.FIRST

/**
 * Records the decision timer of a root event (nested target exposures are not decisions of their own):
 * `experiment.decision` / `feature.flag.decision` for an exposure, `remote.config.decision` for a remote-config
 * event, with the reference's tags .
 */
function recordDecision(metrics: Metrics, event: SdkEvent, millis: number): void {
  if (event.type === 'remoteConfig') {
    metrics.record('remote.config.decision', { key: String(event.parameterKey), reason: String(event.decisionReason) }, millis)
  } else if (event.type === 'exposure') {
    const key = String(event.experimentKey)
    const reason = String(event.decisionReason)
    if (event.kind === 'feature-flag') {
      metrics.record('feature.flag.decision', { key, on: String(event.variationKey !== 'A'), reason }, millis)
    } else {
      metrics.record('experiment.decision', { key, variation: event.variationKey, reason }, millis)
    }
  }
}

/**
 * The `api.call` operation of a request the SDK sent, from its method and address: the event post, the workspace
 * config, cohorts and user targets by their API paths; any other GET is an in-app message's HTML. Undefined for
 * requests the reference does not measure (the metrics posts themselves).
 */
export function apiOperation({ method, url }: HttpRequest, metricsUrl: string): string | undefined {
  if (url === metricsUrl) return undefined
  if (method !== 'GET') return 'post.events'
  const path = /\/api\/v[12]\/(workspaces\/|cohorts|user-targets)/.exec(url)?.[1]
  return path ? (path === 'cohorts' ? 'get.cohorts' : path === 'user-targets' ? 'get.user-targets' : 'get.workspace') : 'get.iam-html'
}

/**
 * SDK metrics for the Hackle monitoring API. Opt-in: not in the preset,
 * a page adds it with `plugins: [monitoring()]` (and `enableMonitoring: false` still turns it off).
 *
 * What it sees through the kernel's hooks: every decision that produced an event, i.e. every `variation`,
 * `isFeatureOn` and `remoteConfig().get` answered from a workspace item (timed from the start of the user
 * resolution to the event, in whole milliseconds like the reference); the `api.call` timer of every request sent
 * through the transport seam (`hooks.requestSettled`; tags `operation`, `success`: a 2xx or 304 answer; requests a
 * plugin answered with status 0, i.e. never sent, are not measured); the `log`
 * counter of every printed log line (`hooks.logged`; tag `level`); and the `experiment.manual.override` /
 * `user.explorer.show` counters a devtool announces through the manual-overrides hooks. What it cannot see:
 * decisions answered without an event (`SDK_NOT_READY`, `*_NOT_FOUND`, `INVALID_INPUT`, `EXCEPTION`).
 *
 * Metrics measured since the last publication are posted as JSON to `{monitoringUrl}/metrics` every 60 s, and
 * by beacon (the event API's form fields) when the page is hidden or left, or the client closes.
 */
export interface MonitoringOptions {
  /** `false` turns the plugin off (the reference's `enableMonitoring`). */
  enableMonitoring?: boolean
}

/** The monitoring plugin (see `MonitoringOptions` above for what it measures and sends). */
export const monitoring = definePlugin((options: MonitoringOptions = {}) => ({
  name: NAME,
  apply(kernel) {
    const { hooks, config, logger } = kernel
    const enabled = options.enableMonitoring
    if (enabled !== undefined && !enabled) return
    const transport = transportOf(kernel)

    const metrics = createMetrics()
    const url = `${config.monitoringUrl}/metrics`

    // A decision resolves its user first and creates its events last: the time in between is the decision.
    let decisionStart: number | undefined
    hooks.resolveUser.tap({ name: NAME, stage: FIRST }, () => {
      decisionStart = Date.now()
    })
    hooks.eventCreated.tap({ name: NAME, stage: FIRST }, (event) => {
      if (event.type === 'exposure' && event.rootType !== undefined) return
      const start = decisionStart
      decisionStart = undefined
      if (event.type !== 'track') recordDecision(metrics, event, start === undefined ? 0 : Math.max(0, event.timestamp - start))
    })

    hooks.requestSettled.tap(NAME, (request, response, millis) => {
      const operation = apiOperation(request, url)
      const status = response ? response.status : 0
      // A status-0 answer is a request a plugin swallowed (a web-view bridge): never sent, so not measured.
      if (operation && response?.status !== 0) metrics.record('api.call', { operation, success: String((status >= 200 && status < 300) || status === 304) }, millis)
    })
    hooks.logged.tap(NAME, (level) => metrics.increment('log', { level: level.toUpperCase() }))
    // Overrides exist only with the manual-overrides plugin (tapping its hooks without it would be reported).
    hooks.applied.tap(NAME, () => {
      if (!kernel.has('manual-overrides')) return
      const overrides = getManualOverrideHooks(kernel)
      overrides.overrideChanged.tap(NAME, (change) =>
        metrics.increment('experiment.manual.override', { 'experiment.type': change.type, operation: change.operation }),
      )
      overrides.userExplorerShown.tap(NAME, () => metrics.increment('user.explorer.show'))
    })

    const beacon = (body: string) => transport.beacon(url, body)

    /** Sends what was measured since the last call, in requests of at most 100 metrics. */
    const publish = (leaving: boolean): void => {
      const measured = metrics.flush()
      for (let i = 0; i < measured.length; i += METRICS_PER_REQUEST) {
        const body = toJson({ metrics: measured.slice(i, i + METRICS_PER_REQUEST) })
        if (leaving && beacon(body)) continue
        transport.request({ method: 'POST', url, headers: transport.headers({ 'Content-Type': 'application/json' }), body, keepalive: leaving })
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
    const unwatch = watchPageLifecycle(kernel, { hidden: () => publish(true) })
    return () => {
      clearInterval(timer)
      unwatch()
    }
  },
}))
