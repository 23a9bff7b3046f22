import { words } from './words'

/** Parsed workspace model used by the evaluation engine. */

export type ExperimentType = 'AB_TEST' | 'FEATURE_FLAG'
export type ExperimentStatus = 'DRAFT' | 'RUNNING' | 'PAUSED' | 'COMPLETED'
export type ImplementationType = 'DEFAULT' | 'SPLIT_URL' | 'IN_APP_MESSAGE'
export type KeyType =
  | 'USER_ID'
  | 'USER_PROPERTY'
  | 'HACKLE_PROPERTY'
  | 'SEGMENT'
  | 'AB_TEST'
  | 'FEATURE_FLAG'
  | 'EVENT_PROPERTY'
  | 'COHORT'
  | 'NUMBER_OF_EVENTS_IN_DAYS'
  | 'NUMBER_OF_EVENTS_WITH_PROPERTY_IN_DAYS'
export type MatchType = 'MATCH' | 'NOT_MATCH'
export type Operator = 'IN' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'EXISTS'
export type ValueType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'VERSION' | 'JSON' | 'URL' | 'NULL' | 'UNKNOWN'

/**
 * Identity of an evaluation request for circular detection:
 * equal `kind` and `id` means "same request"; `text` is how it prints in the error message.
 */
export interface RequestKey {
  readonly kind: string
  readonly id: unknown
  readonly text: string
}

/** A compiled value/operator match. The fields after `values` are precomputed. */
export interface Match {
  readonly type: MatchType
  readonly operator: Operator
  readonly valueType: ValueType
  readonly values: readonly unknown[]
  /** NOT_MATCH */
  readonly not: boolean
  /** operator index into OPERATORS */
  readonly op: number
  /** converts a user value to the form `vals` hold (undefined: no match); absent when the pair never matches */
  readonly conv?: (value: unknown) => unknown
  /** ordering of converted values (versions or plain) */
  readonly cmp: (a: any, b: any) => number
  /** match values converted like user values, unconvertible ones dropped; null = matching throws URIError */
  readonly vals: readonly unknown[]
  /** decodeURI user and match values (HACKLE_PROPERTY pagePath/host/url/queryParameter) */
  readonly dec: boolean
}

export interface Condition {
  readonly type: KeyType
  readonly name: string
  readonly match: Match
  /** AB_TEST / FEATURE_FLAG: experiment key; NUMBER_OF_EVENTS_*: parsed expression or the parse Error */
  readonly arg?: unknown
}

export interface Target {
  readonly conditions: readonly Condition[]
}

export interface Action {
  readonly type: 'VARIATION' | 'BUCKET'
  readonly variationId?: number
  readonly bucketId?: number
}

export interface TargetRule {
  readonly target: Target
  readonly action: Action
}

export interface ParameterConfiguration {
  id: number
  parameters: Record<string, string | number | boolean>
}

export interface Variation {
  id: number
  key: string
  dropped: boolean
  parameterConfigurationId?: number
  /** the parameter configuration with that id (the first one in config order) */
  config?: ParameterConfiguration
  /** its parameters ({} without one): the public `HackleExperiment` view reads them */
  parameters: Record<string, string | number | boolean>
}

export interface Experiment {
  id: number
  key: number
  type: ExperimentType
  identifierType: string
  status: ExperimentStatus
  version: number
  executionVersion: number
  variations: Variation[]
  implementationType: ImplementationType
  containerId?: number
  winnerVariationId?: number
  /** identifier value → variation id (execution.userOverrides, later entries win) */
  userOverrides: ReadonlyMap<unknown, number>
  segmentOverrides: TargetRule[]
  targetAudiences: Target[]
  targetRules: TargetRule[]
  defaultRule: Action
  readonly request: RequestKey
}

export interface Slot {
  startInclusive: number
  endExclusive: number
  variationId: number
}

export interface Bucket {
  id: number
  seed: number
  slotSize: number
  /** |slotSize| (NaN when it is not numeric: no slot ever matches) */
  mod: number
  slots: Slot[]
}

export interface Segment {
  id: number
  key: string
  type: 'USER_ID' | 'USER_PROPERTY'
  targets: Target[]
}

export interface ContainerGroup {
  id: number
  experiments: number[]
}

export interface Container {
  id: number
  bucketId: number
  groups: ContainerGroup[]
}

export interface RemoteConfigValue {
  id: number
  value: unknown
}

export interface RemoteConfigTargetRule {
  key: string
  name: string
  target: Target
  bucketId: number
  value: RemoteConfigValue
}

export interface RemoteConfigParameter {
  id: number
  key: string
  type: ValueType
  identifierType: string
  targetRules: RemoteConfigTargetRule[]
  defaultValue: RemoteConfigValue
  readonly request: RequestKey
}

export interface EventType {
  id: number
  key: string
}

export interface Workspace {
  readonly experiments: ReadonlyMap<number, Experiment>
  readonly featureFlags: ReadonlyMap<number, Experiment>
  readonly eventTypes: ReadonlyMap<string, EventType>
  readonly remoteConfigParameters: ReadonlyMap<string, RemoteConfigParameter>
  readonly buckets: ReadonlyMap<number, Bucket>
  readonly segments: ReadonlyMap<string, Segment>
  readonly containers: ReadonlyMap<number, Container>
}

export type DecisionReasonName = keyof typeof DecisionReason

/** Every decision reason the reference answers with, as string constants (a literal, so bundles drop it when unused). */
export const DecisionReason = /* @__PURE__ */ Object.freeze({
  SDK_NOT_READY: 'SDK_NOT_READY',
  EXCEPTION: 'EXCEPTION',
  INVALID_INPUT: 'INVALID_INPUT',
  UNSUPPORTED_PLATFORM: 'UNSUPPORTED_PLATFORM',
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  EXPERIMENT_NOT_FOUND: 'EXPERIMENT_NOT_FOUND',
  EXPERIMENT_DRAFT: 'EXPERIMENT_DRAFT',
  EXPERIMENT_PAUSED: 'EXPERIMENT_PAUSED',
  EXPERIMENT_COMPLETED: 'EXPERIMENT_COMPLETED',
  OVERRIDDEN: 'OVERRIDDEN',
  TRAFFIC_NOT_ALLOCATED: 'TRAFFIC_NOT_ALLOCATED',
  NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT: 'NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT',
  IDENTIFIER_NOT_FOUND: 'IDENTIFIER_NOT_FOUND',
  VARIATION_DROPPED: 'VARIATION_DROPPED',
  TRAFFIC_ALLOCATED: 'TRAFFIC_ALLOCATED',
  TRAFFIC_ALLOCATED_BY_TARGETING: 'TRAFFIC_ALLOCATED_BY_TARGETING',
  NOT_IN_EXPERIMENT_TARGET: 'NOT_IN_EXPERIMENT_TARGET',
  FEATURE_FLAG_NOT_FOUND: 'FEATURE_FLAG_NOT_FOUND',
  FEATURE_FLAG_INACTIVE: 'FEATURE_FLAG_INACTIVE',
  INDIVIDUAL_TARGET_MATCH: 'INDIVIDUAL_TARGET_MATCH',
  TARGET_RULE_MATCH: 'TARGET_RULE_MATCH',
  DEFAULT_RULE: 'DEFAULT_RULE',
  REMOTE_CONFIG_PARAMETER_NOT_FOUND: 'REMOTE_CONFIG_PARAMETER_NOT_FOUND',
  IN_APP_MESSAGE_NOT_FOUND: 'IN_APP_MESSAGE_NOT_FOUND',
  IN_APP_MESSAGE_DRAFT: 'IN_APP_MESSAGE_DRAFT',
  IN_APP_MESSAGE_PAUSED: 'IN_APP_MESSAGE_PAUSED',
  IN_APP_MESSAGE_HIDDEN: 'IN_APP_MESSAGE_HIDDEN',
  IN_APP_MESSAGE_TARGET: 'IN_APP_MESSAGE_TARGET',
  NOT_IN_IN_APP_MESSAGE_PERIOD: 'NOT_IN_IN_APP_MESSAGE_PERIOD',
  NOT_IN_IN_APP_MESSAGE_TIMETABLE: 'NOT_IN_IN_APP_MESSAGE_TIMETABLE',
  NOT_IN_IN_APP_MESSAGE_TARGET: 'NOT_IN_IN_APP_MESSAGE_TARGET',
  IN_APP_MESSAGE_FREQUENCY_CAPPED: 'IN_APP_MESSAGE_FREQUENCY_CAPPED',
  EXPERIMENT_CONTROL_GROUP: 'EXPERIMENT_CONTROL_GROUP',
} as const)
