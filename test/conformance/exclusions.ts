/**
 * Deliberate differences between hackle-kit and the reference, excluded from the comparison **by name**.
 * Nothing else may differ. Each entry says how the suite keeps it out of the comparison.
 *
 * Besides the two below, an entry may name an odd-mode mutation of generate.ts (MUTATION_NAMES): that mutation
 * is then never applied, and hand-written cases tagged with the name are not compared with hackle-kit; or a
 * difference of the payload comparison (payload/, PAYLOAD_EXCLUSIONS), which its sequences then avoid.
 */
export interface Exclusion {
  name: string
  reason: string
  /** How the suite applies it. */
  handling: string
}

export const EXCLUSIONS: readonly Exclusion[] = [
  {
    name: 'timeZone',
    reason: 'hackle-kit fills the timeZone hackle property on desktop; the reference leaves it "" (strict-mode bug)',
    handling: 'the generator and the hand-written cases never use a HACKLE_PROPERTY timeZone condition',
  },
  {
    name: 'tolerant-parsing',
    reason:
      'the reference rejects the whole config when a list, execution.targetUrls or implementationType is missing; hackle-kit reads them as [], null, "DEFAULT"',
    handling: 'hackle-kit gets the config with the holes, the reference the repaired config (repairConfig)',
  },
  {
    name: 'non-string-enums',
    reason:
      'an enum field that is not a string (null, number, object) makes the reference reject the whole config; hackle-kit drops only that item, like any unknown enum value',
    handling: 'the odd-mode mutation of that name is not generated; the hand-written case tagged with it is not compared',
  },
  {
    name: 'missing-required-fields',
    reason:
      'a missing enum field (match.type, defaultRule.type, remote-config type, …) makes the reference reject the whole config; hackle-kit drops only that item',
    handling: 'the odd-mode mutation of that name is not generated',
  },
  {
    name: 'condition-values-not-a-list',
    reason:
      'a condition whose `values` is not a list makes every evaluation that reaches it throw (EXCEPTION) in the reference; hackle-kit reads it as an empty list (the condition is false)',
    handling: 'the odd-mode mutation of that name is not generated; the hand-written case tagged with it is not compared',
  },
  {
    name: 'batch-size-limit',
    reason:
      'hackle-kit splits a batch into requests of at most 48 kB (JSON) and sends at most one 64 kB beacon form on page hide (the rest waits for the next page), to stay within the browser keepalive and beacon quotas; the reference sends up to 100 events in one body whatever its size (src/plugins/events/DELIVERY.md)',
    handling:
      'the pieces of a JSON batch hackle-kit split are joined again and compared with the reference body (each piece checked against the limit); payload sequences flush (wait ≥ 500 ms) at least every 3 calls and after every burst of tracks, so no beacon form is over the limit (one would be reported as a setup problem)',
  },
  {
    name: 'symbol-property-values',
    reason:
      'a Symbol as a property value makes the reference throw while it serializes the batch (its debug message formats the value): every event of that batch is lost and close() throws to the page; hackle-kit drops the property like any invalid value',
    handling: 'the payload sequence generator puts no Symbol in properties',
  },
  {
    name: 'dedup-off',
    reason:
      'exposureEventDedupIntervalMillis: -1 turns duplicate suppression off in hackle-kit; the reference treats -1 as out of range and uses 60 s (src/plugins/events/DELIVERY.md)',
    handling: 'the payload sequence generator never passes -1',
  },
  {
    name: 'lifecycle-before-ready',
    reason:
      'the reference ignores visibilitychange / pagehide until its onReady (config loaded, or 3 s): a tab hidden before that does not flush, and a page closed before that loses its queued events; hackle-kit flushes (beacon) on every hide from the start',
    handling: 'payload sequences do not hide the tab before the config has arrived (no testPage.hide() among the `early` steps)',
  },
  {
    name: 'non-object-user-argument',
    reason:
      'a decision or track whose user argument is neither a string nor an object: the reference throws inside for null (the decision answers the default with EXCEPTION and sends no exposure, the tracked event is dropped) and reads a number, true or an array as a user without ids, so the current user silently becomes the anonymous device user; hackle-kit ignores such an argument with a warning and keeps the current user (README, deliberate differences)',
    handling: 'the payload sequence generator never passes such a user argument',
  },
]

export const isExcluded = (name: string): boolean => EXCLUSIONS.some((exclusion) => exclusion.name === name)
