import type { Experiment, RemoteConfigParameter } from '../evaluation'
import type { EvaluationUser, Properties } from '../types'

interface EventBase {
  /** Random UUID v4; a resent event keeps it. */
  readonly insertId: string
  /** Epoch ms when the event happened. */
  readonly timestamp: number
  /** The user the event is for (identifiers as decided, before session decoration). */
  readonly user: EvaluationUser
}

export interface ExposureEvent extends EventBase {
  readonly type: 'exposure'
  readonly experiment: Experiment
  readonly variationId?: number
  readonly variationKey: string
  readonly decisionReason: string
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

export interface RemoteConfigEvent extends EventBase {
  readonly type: 'remoteConfig'
  readonly parameter: RemoteConfigParameter
  readonly valueId?: number
  readonly decisionReason: string
  readonly properties: Properties
}

/** Every event the kernel creates; the wire form is built from it only when a batch is sent (`toWireEvent`). */
export type SdkEvent = ExposureEvent | TrackEvent | RemoteConfigEvent
