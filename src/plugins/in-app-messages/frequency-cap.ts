import type { EvaluationUser } from '../../kernel'
import type { FrequencyCap } from './message'
import type { Impression } from './impressions'

interface Counter {
  threshold: number
  matches(impression: Impression): boolean
}

/**
 * Whether a message is capped for `user` at `timestamp`. One counter per identifier cap (the user and the impression
 * have the same value of that identifier type), then one for the duration cap (the impression is at most
 * `durationMillis` old). Walking the impressions oldest first, each counter counts its matches and the message is
 * capped as soon as a counter's count reaches its threshold (checked after every impression, matched or not).
 * `impressions` is only read when there is a counter.
 */
export function isFrequencyCapped(cap: FrequencyCap | null, impressions: () => Impression[], user: EvaluationUser, timestamp: number): boolean {
  if (!cap) return false
  const counters: Counter[] = cap.identifierCaps.map(({ identifierType, count }) => ({
    threshold: count,
    matches: (impression) => {
      const mine = user.identifiers[identifierType]
      const theirs = impression.identifiers[identifierType]
      return mine != null && theirs != null && mine === theirs
    },
  }))
  const duration = cap.durationCap
  if (duration) counters.push({ threshold: duration.count, matches: (impression) => timestamp - impression.timestamp <= duration.durationMillis })
  if (!counters.length) return false
  const counts = counters.map(() => 0)
  for (const impression of impressions()) {
    for (let i = 0; i < counters.length; i++) {
      if (counters[i]!.matches(impression)) counts[i]!++
      if (counts[i]! >= counters[i]!.threshold) return true
    }
  }
  return false
}
