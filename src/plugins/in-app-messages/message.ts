import type { Target } from '../../internal'
import type { MessageLayout } from './model'

/** A timetable slot: a UTC weekday and a window in milliseconds after that day's UTC midnight. */
export interface TimetableSlot {
  /** 0 = MONDAY … 6 = SUNDAY */
  day: number
  start: number
  end: number
}

export interface FrequencyCap {
  identifierCaps: { identifierType: string; count: number }[]
  durationCap: { durationMillis: number; count: number } | null
}

/** An in-app message of the workspace, parsed and validated (the config's `inAppMessages[]`). */
export interface InAppMessage {
  id: number
  key: number
  status: 'ACTIVE' | 'DRAFT' | 'PAUSE'
  /** CUSTOM period `[start, end)`; null: IMMEDIATE (always in period). */
  period: { start: number; end: number } | null
  /** CUSTOM timetable slots; null: ALL. */
  timetable: TimetableSlot[] | null
  triggerRules: { eventKey: string; targets: Target[] }[]
  frequencyCap: FrequencyCap | null
  /**
   * `IMMEDIATE`, `AFTER` or any other text (which fails when a trigger schedules it); `afterMillis` is null without a
   * usable after-condition.
   */
  delay: { type: string; afterMillis: number | null }
  targets: Target[]
  overrides: { identifierType: string; identifiers: unknown[] }[]
  /** Re-run the targeting steps at delivery (`evaluateContext.atDeliverTime`). */
  atDeliverTime: boolean
  platformTypes: string[]
  /** The A/B test key that chooses the layout, or null. */
  experimentKey: number | null
  defaultLang: string
  layouts: MessageLayout[]
}
