/**
 * What the DevTool panel's view reads and calls: plain data and functions, handed over by the data side (built with
 * the client) when the panel opens. The view (React, loaded on demand) imports nothing else of the client, so it can
 * be built apart and share React with the in-app renderer. Types only.
 */
import type { InAppMessageSummary } from '../../in-app-messages/hooks'

/** The user the client decides for now. */
export interface PanelUser {
  identifiers: Record<string, string | number>
  properties: Record<string, unknown>
  hackleProperties: Record<string, unknown>
  /** Cohort ids, when the user's cohorts are known. */
  cohorts: number[]
  /** The session id (sessions plugin); absent without a session. */
  sessionId?: string
}

/** An A/B test or a feature flag, decided for the current user (no exposure event). */
export interface DecisionRow {
  kind: 'ab' | 'ff'
  id: number
  key: number
  status: string
  /** The answer: the variation key (A/B test) or `on` / `off` (flag). */
  answer: string
  variationKey: string
  reason: string
  variations: ReadonlyArray<{ id: number; key: string; dropped: boolean }>
  /** The overriding variation id, when this experiment has an override. */
  overrideId?: number
}

/** A remote-config parameter, decided for the current user without a default (no event). */
export interface RemoteConfigRow {
  key: string
  /** `STRING`, `NUMBER`, `BOOLEAN` or `JSON`. */
  type: string
  value: unknown
  reason: string
  /** The override's value, when the parameter has one. */
  override?: string | number | boolean
}

/** An event the client accepted (passed filters and duplicate suppression). */
export interface EventRow {
  /** Increasing number, unique within the page. */
  seq: number
  type: 'exposure' | 'track' | 'remoteConfig'
  /** The event key, experiment key or parameter key. */
  name: string
  /** Variation and reason, value, or parameter reason. */
  detail: string
  timestamp: number
  /** Whether it will be sent (false: opted out, or no events plugin). */
  delivered: boolean
}

/** An in-app message with its eligibility for the current user now (the in-app plugin's summary, a type only). */
export type MessageRow = InAppMessageSummary

export interface PanelData {
  sdkKey: string
  user: PanelUser
  experiments: DecisionRow[]
  flags: DecisionRow[]
  remoteConfigs: RemoteConfigRow[]
  /** The newest first. */
  events: EventRow[]
  /** `undefined` without the in-app plugin; `null` while they load. */
  messages: MessageRow[] | null | undefined
  /** Why the messages could not be looked at (their code failed to load); `messages` is then empty. */
  messagesError?: string
  /** Installed plugins by name. */
  plugins: string[]
  /** Whether a workspace is loaded (nothing to decide without one). */
  ready: boolean
}

/** The data side: a snapshot (the same object until something changed), change notifications and the actions. */
export interface PanelSource {
  read(): PanelData
  subscribe(listener: () => void): () => void
  setOverride(kind: 'ab' | 'ff', experimentId: number, variationId: number): void
  resetOverride(kind: 'ab' | 'ff', experimentId: number): void
  resetAllOverrides(kind: 'ab' | 'ff' | 'rc'): void
  setRemoteConfigOverride(key: string, value: string | number | boolean): void
  resetRemoteConfigOverride(key: string): void
  /** Loads the messages' eligibility again. */
  refreshMessages(): void
  previewMessage(key: number): void
  /** The view's close button or Escape: closes the panel. */
  close(): void
}

/** What the view module exports (the lazy chunk, or the script's global `HackleKitDevtoolPanel`). */
export interface PanelModule {
  /** Draws the panel into a shadow root of `host`; the returned function removes it. */
  mountPanel(host: HTMLElement, source: PanelSource): () => void
}
