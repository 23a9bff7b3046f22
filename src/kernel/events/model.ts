import type { EvaluationUser, Properties } from '../types'

/** What every SDK event has. */
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
  /** Marks an exposure. */
  readonly type: 'exposure'
  /** Whether an A/B test or a feature flag was decided. */
  readonly kind: 'ab-test' | 'feature-flag'
  /** The experiment's id. */
  readonly experimentId: number
  /** The experiment's key. */
  readonly experimentKey: number
  /** The experiment's version. */
  readonly experimentVersion: number
  /** Absent when the answer is a default that is not a variation of the experiment. */
  readonly variationId?: number
  /** The variation the user got (a default variation too). */
  readonly variationKey: string
  /** A feature flag's answer: on unless the variation is `A`. Absent for A/B tests. */
  readonly isOn?: boolean
  /** Why the user got it (`TRAFFIC_ALLOCATED`, `OVERRIDDEN`, …). */
  readonly decisionReason: string
  /** For a nested decision (a target of another decision): the root's type and id; absent for a root decision. */
  readonly rootType?: TargetingRootType
  /** The root decision's experiment, parameter or message id (with `rootType`). */
  readonly rootId?: number
  /** The wire properties: `$targetingRootType`, `$targetingRootId`, `$parameterConfigurationId`, versions. */
  readonly properties: Properties
}

/** An event the page tracked (`track()`). */
export interface TrackEvent extends EventBase {
  /** Marks a tracked event. */
  readonly type: 'track'
  /** The event key. */
  readonly key: string
  /** Id of the workspace event type with this key, 0 when unknown. */
  readonly eventTypeId: number
  /** The event's value (0 when none was given). */
  readonly value: number
  /** The event's properties (`{}` when none were given). */
  readonly properties: Properties
}

/** A remote-config parameter was decided for a user. */
export interface RemoteConfigEvent extends EventBase {
  /** Marks a remote-config decision. */
  readonly type: 'remoteConfig'
  /** The parameter's id. */
  readonly parameterId: number
  /** The parameter's key. */
  readonly parameterKey: string
  /** The parameter's value type as the workspace names it (`STRING`, `NUMBER`, `BOOLEAN`, `JSON`). */
  readonly parameterType: string
  /** The id of the value the user got; absent when the answer is the caller's default. */
  readonly valueId?: number
  /** Why the user got it (`TARGET_RULE_MATCH`, `DEFAULT_RULE`, …). */
  readonly decisionReason: string
  /** The wire properties: the requested value type, the default given, the rule key and name, the answer. */
  readonly properties: Properties
}

/** Every event the kernel creates; the wire form is built from it only when a batch is sent. */
export type SdkEvent = ExposureEvent | TrackEvent | RemoteConfigEvent
