/**
 * Named tap stages (`hook.tap({ name, stage: Stage.LATE }, fn)`): taps run in ascending stage order, taps of one
 * stage in the order they were added. Plugins use these names instead of bare numbers so that the order between
 * plugins is readable where it matters.
 */
export const Stage = {
  /** Before every other tap: measuring or observing the unchanged input (monitoring). */
  FIRST: -1000,
  /** Before the default taps. */
  EARLY: -100,
  /** Where a tap without a stage runs. */
  DEFAULT: 0,
  /** After the default taps: work that must see what they did (the sessions plugin tracks its events here). */
  LATE: 100,
  /** Last: the built-in answer of a bail hook, used when no other tap answers (HTTP transport, the sync loader). */
  FALLBACK: 1000,
} as const
