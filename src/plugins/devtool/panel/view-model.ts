/**
 * The panel's view model: pure functions from the data side's snapshot to what the view shows, and from what a
 * developer typed to override values. No React, no DOM.
 */
import type { DecisionRow, EventRow, PanelData, RemoteConfigRow } from './contract'

export type TabId = 'user' | 'ab' | 'ff' | 'rc' | 'events' | 'iam' | 'plugins'

export interface Tab {
  id: TabId
  label: string
  /** How many rows it lists, where that is a count worth showing. */
  count?: number
}

/** The tabs in order, with their counts. */
export function tabsOf(data: PanelData): Tab[] {
  return [
    { id: 'user', label: 'User' },
    { id: 'ab', label: 'A/B tests', count: data.experiments.length },
    { id: 'ff', label: 'Flags', count: data.flags.length },
    { id: 'rc', label: 'Remote config', count: data.remoteConfigs.length },
    { id: 'events', label: 'Events', count: data.events.length },
    { id: 'iam', label: 'In-app', count: data.messages?.length },
    { id: 'plugins', label: 'Plugins', count: data.plugins.length },
  ]
}

/** The tab after `current` in `direction` (wrapping), for the arrow keys; Home / End give the first / last. */
export function nextTab(tabs: readonly Tab[], current: TabId, key: string): TabId | undefined {
  const at = tabs.findIndex((tab) => tab.id === current)
  if (key === 'Home') return tabs[0]?.id
  if (key === 'End') return tabs[tabs.length - 1]?.id
  if (key === 'ArrowRight') return tabs[(at + 1) % tabs.length]?.id
  if (key === 'ArrowLeft') return tabs[(at - 1 + tabs.length) % tabs.length]?.id
  return undefined
}

const matches = (query: string, ...fields: unknown[]) => {
  const q = query.trim().toLowerCase()
  return !q || fields.some((field) => String(field).toLowerCase().includes(q))
}

/** The A/B tests or flags whose key, id, variation or reason contain the query (all for an empty one). */
export const filterDecisions = (rows: readonly DecisionRow[], query: string) =>
  rows.filter((row) => matches(query, row.key, row.id, row.variationKey, row.answer, row.reason))

export const filterRemoteConfigs = (rows: readonly RemoteConfigRow[], query: string) =>
  rows.filter((row) => matches(query, row.key, row.type, formatValue(row.value), row.reason))

export const filterEvents = (rows: readonly EventRow[], query: string) => rows.filter((row) => matches(query, row.name, row.type, row.detail))

/** A value as the panel prints it: strings quoted, objects as JSON, nothing as `—`. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '—'
  if (typeof value === 'string') return JSON.stringify(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** `HH:MM:SS.mmm` in the visitor's time zone. */
export function timeOf(timestamp: number): string {
  const date = new Date(timestamp)
  const pad = (n: number, size = 2) => String(n).padStart(size, '0')
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
}

/** How a reason is marked: an override, a failure, or the usual answers. */
export function reasonTone(reason: string): 'overridden' | 'problem' | 'plain' {
  if (reason === 'OVERRIDDEN') return 'overridden'
  if (/EXCEPTION|NOT_FOUND|INVALID|MISMATCH|SDK_NOT_READY/.test(reason)) return 'problem'
  return 'plain'
}

/** A variation's label in an override list: a flag's `A` is off and its other variations on. */
export function variationLabel(row: Pick<DecisionRow, 'kind'>, variation: { key: string; dropped: boolean }): string {
  const state = row.kind === 'ff' ? ` (${variation.key === 'A' ? 'off' : 'on'})` : ''
  return `${variation.key}${state}${variation.dropped ? ' — dropped' : ''}`
}

/** The override value typed for a parameter of `type`, or an error message for the developer. */
export function parseOverride(type: string, text: string): { value: string | number | boolean } | { error: string } {
  if (type === 'NUMBER') {
    const number = text.trim() === '' ? NaN : Number(text)
    return Number.isFinite(number) ? { value: number } : { error: 'Enter a number.' }
  }
  if (type === 'BOOLEAN') return text === 'true' || text === 'false' ? { value: text === 'true' } : { error: 'Choose true or false.' }
  if (type === 'JSON') {
    try {
      JSON.parse(text)
    } catch {
      return { error: 'Enter valid JSON.' }
    }
  }
  return { value: text }
}

/** The text an override field starts with: the override, else the current value (strings unquoted). */
export function overrideDraft(row: RemoteConfigRow): string {
  const value = row.override ?? row.value
  if (value === undefined || value === null) return row.type === 'BOOLEAN' ? 'true' : ''
  return typeof value === 'string' ? value : String(value)
}
