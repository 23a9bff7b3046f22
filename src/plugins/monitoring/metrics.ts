/** A counter counts; a timer also sums and keeps the longest of its durations. */
export type MetricType = 'COUNTER' | 'TIMER'
/** A metric's tags, name → value (with the name and type, what tells two metrics apart). */
export type Tags = Readonly<Record<string, string>>

/** One metric as the monitoring API receives it. */
export interface WireMetric {
  /** The metric's name (`experiment.decision`, `feature.flag.decision`, `api.call`, `log`, …). */
  name: string
  /** Counter or timer. */
  type: MetricType
  /** Its tags. */
  tags: Tags
  /** A counter's `count`; a timer's `count`, `total`, `max` and `mean` (ms). */
  measurements: Record<string, number>
}

/** A metric being counted. */
interface Metric {
  /** Its name. */
  readonly name: string
  /** Counter or timer. */
  readonly type: MetricType
  /** Its tags. */
  readonly tags: Tags
  /** How many times it was counted or timed since the last flush. */
  count: number
  /** Milliseconds (timers only). */
  total: number
  /** The longest duration in milliseconds (timers only). */
  max: number
}

/**
 * Counters and timers keyed by type, name and tags, counted since the last `flush` (the reference's flush
 * registry: every metric restarts at zero when it is published). Metrics keep their registration order.
 */
export function createMetrics() {
  const metrics = new Map<string, Metric>()

  const get = (type: MetricType, name: string, tags: Tags): Metric => {
    const id = JSON.stringify([type, name, Object.entries(tags).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))])
    let metric = metrics.get(id)
    if (!metric) metrics.set(id, (metric = { name, type, tags: { ...tags }, count: 0, total: 0, max: 0 }))
    return metric
  }

  return {
    /** Adds `delta` (default 1) to the counter `name` with `tags`. */
    increment(name: string, tags: Tags = {}, delta = 1): void {
      get('COUNTER', name, tags).count += delta
    },
    /** Records one duration in milliseconds; negative durations are ignored, as in the reference. */
    record(name: string, tags: Tags, millis: number): void {
      if (!(millis >= 0)) return
      const timer = get('TIMER', name, tags)
      timer.count++
      timer.total += millis
      timer.max = Math.max(timer.max, millis)
    },
    /** The metrics measured since the last flush (count > 0), in registration order; restarts every metric. */
    flush(): WireMetric[] {
      const measured: WireMetric[] = []
      for (const metric of metrics.values()) {
        const { name, type, tags, count, total, max } = metric
        metric.count = metric.total = metric.max = 0
        if (count <= 0) continue
        const measurements: Record<string, number> = type === 'COUNTER' ? { count } : { count, total, max, mean: total / count }
        measured.push({ name, type, tags, measurements })
      }
      return measured
    },
  }
}

/** A client's metric registry (`createMetrics`). */
export type Metrics = ReturnType<typeof createMetrics>
