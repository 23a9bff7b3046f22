import type { EvaluationUser, Properties } from '../types'

interface EventBase {
  /** Random UUID v4; a resent event keeps it. */
  readonly insertId: string
  /** Epoch ms when the event happened. */
  readonly timestamp: number
  /** The user the event is for (identifiers as decided; `hooks.enrichEvent` taps may return a copy with more). */
  readonly user: EvaluationUser
}

/** What made a nested decision: the decision whose targeting evaluated this experiment or flag. */
export type TargetingRootType = 'EXPERIMENT' | 'REMOTE_CONFIG' | 'IN_APP_MESSAGE'

/**
 * An experiment or feature flag was decided for a user (an exposure). A stable, public view: the plain values the
 * event API receives, never the parsed workspace objects.
 */
export interface ExposureEvent extends EventBase {
  readonly type: 'exposure'
  readonly kind: 'ab-test' | 'feature-flag'
  readonly experimentId: number
  readonly experimentKey: number
  readonly experimentVersion: number
  /** Absent when the answer is a default that is not a variation of the experiment. */
  readonly variationId?: number
  readonly variationKey: string
  /** A feature flag's answer: on unless the variation is `A`. Absent for A/B tests. */
  readonly isOn?: boolean
  readonly decisionReason: string
  /** For a nested decision (a target of another decision): the root's type and id; absent for a root decision. */
  readonly rootType?: TargetingRootType
  readonly rootId?: number
  /** The wire properties: `$targetingRootType`, `$targetingRootId`, `$parameterConfigurationId`, versions. */
  readonly properties: Properties
}

export interface TrackEvent extends EventBase {
  readonly type: 'track'
  readonly key: string
  /** Id of the workspace event type with this key, 0 when unknown. */
  readonly eventTypeId: number
  readonly value: number
  readonly properties: Properties
}

/** A remote-config parameter was decided for a user. */
export interface RemoteConfigEvent extends EventBase {
  readonly type: 'remoteConfig'
  readonly parameterId: number
  readonly parameterKey: string
  /** The parameter's value type as the workspace names it (`STRING`, `NUMBER`, `BOOLEAN`, `JSON`). */
  readonly parameterType: string
  readonly valueId?: number
  readonly decisionReason: string
  readonly properties: Properties
}

/** Every event the kernel creates; the wire form is built from it only when a batch is sent. */
export type SdkEvent = ExposureEvent | TrackEvent | RemoteConfigEvent
