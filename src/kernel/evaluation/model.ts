import { words } from './words'

/*
 * The parsed workspace model the evaluation engine reads (a plugin sees it as `kernel.workspaces.current()`). Ids are
 * the Hackle dashboard's numeric ids; keys are what the client API takes (an experiment's or flag's number, an event
 * type's or parameter's string). The model is read-only in practice: the kernel parses a new one for each config.
 */

/** An experiment's kind: an A/B test, or a feature flag (whose variations are `A` = off and `B` = on). */
export type ExperimentType = 'AB_TEST' | 'FEATURE_FLAG'
/** An experiment's state on the dashboard; only a `RUNNING` one buckets users, the others answer their own reason. */
export type ExperimentStatus = 'DRAFT' | 'RUNNING' | 'PAUSED' | 'COMPLETED'
/** How an experiment is delivered: in code (`DEFAULT`), as a split-URL redirect, or through an in-app message. */
export type ImplementationType = 'DEFAULT' | 'SPLIT_URL' | 'IN_APP_MESSAGE'
/** What a targeting condition reads: an identifier, a user or Hackle property, a segment, another experiment's or flag's decision, an event property, a cohort, or event counts. */
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
/** Whether a condition holds when its operator matches (`MATCH`) or when it does not (`NOT_MATCH`). */
export type MatchType = 'MATCH' | 'NOT_MATCH'
/** How a user value is compared with a condition's values (`EXISTS` ignores them). */
export type Operator = 'IN' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'EXISTS'
/** The type a condition's values, and the user values compared with them, are read as. */
export type ValueType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'VERSION' | 'JSON' | 'URL' | 'NULL' | 'UNKNOWN'

/**
 * Identity of an evaluation request for circular detection:
 * equal `kind` and `id` means "same request"; `text` is how it prints in the error message.
 */
export interface RequestKey {
  /** What is evaluated: an experiment, a feature flag, a remote-config parameter, an in-app message. */
  readonly kind: string
  /** Its id (with `kind`, what makes two requests the same). */
  readonly id: unknown
  /** How the request prints in a circular-evaluation error. */
  readonly text: string
}

/** A compiled value/operator match. The fields after `values` are precomputed. */
export interface Match {
  /** `MATCH`, or `NOT_MATCH` to negate the operator's result. */
  readonly type: MatchType
  /** How the user value is compared with `values`. */
  readonly operator: Operator
  /** The type the values are read as. */
  readonly valueType: ValueType
  /** The condition's values as the config lists them; the user value matches when it matches any of them. */
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

/** One targeting condition: the value `type` and `name` select, matched by `match`. */
export interface Condition {
  /** What the condition reads. */
  readonly type: KeyType
  /** Which one: the identifier type, the property name, the segment or experiment key, the cohort id. */
  readonly name: string
  /** How the value read is matched. */
  readonly match: Match
  /** AB_TEST / FEATURE_FLAG: experiment key; NUMBER_OF_EVENTS_*: parsed expression or the parse Error */
  readonly arg?: unknown
}

/** A target: a user is in it when every one of its conditions holds (an empty list holds for everyone). */
export interface Target {
  /** The conditions, all of which must hold. */
  readonly conditions: readonly Condition[]
}

/** What a matched rule does: give a fixed variation, or bucket the user with a bucket. */
export interface Action {
  /** `VARIATION`: `variationId`; `BUCKET`: the variation of the user's slot in bucket `bucketId`. */
  readonly type: 'VARIATION' | 'BUCKET'
  /** The variation given (type `VARIATION`). */
  readonly variationId?: number
  /** The bucket the user is placed with (type `BUCKET`). */
  readonly bucketId?: number
}

/** A rule: users in `target` get what `action` says. */
export interface TargetRule {
  /** Who the rule is for. */
  readonly target: Target
  /** What they get. */
  readonly action: Action
}

/** A set of parameters a variation (or a flag's on state) carries. */
export interface ParameterConfiguration {
  /** Its id, which variations refer to. */
  id: number
  /** Parameter key → value. */
  parameters: Record<string, string | number | boolean>
}

/** One variation of an experiment (`A`, `B`, …; a flag's `A` is off and `B` on). */
export interface Variation {
  /** The variation's id. */
  id: number
  /** Its key, what `variation()` answers. */
  key: string
  /** Removed from the experiment: a user bucketed into it gets the default variation (reason `VARIATION_DROPPED`). */
  dropped: boolean
  /** The id of its parameter configuration, when it has one. */
  parameterConfigurationId?: number
  /** the parameter configuration with that id (the first one in config order) */
  config?: ParameterConfiguration
  /** its parameters ({} without one): the public `HackleExperiment` view reads them */
  parameters: Record<string, string | number | boolean>
}

/** An A/B test or feature flag of the workspace, with everything that decides a user's variation. */
export interface Experiment {
  /** The experiment's id. */
  id: number
  /** Its key: the number `variation()` / `isFeatureOn()` take. */
  key: number
  /** A/B test or feature flag. */
  type: ExperimentType
  /** The identifier users are bucketed by (`$id`, `$userId`, `$deviceId` or a custom one). */
  identifierType: string
  /** Its state; only `RUNNING` buckets users. */
  status: ExperimentStatus
  /** The experiment's version, sent with its exposures. */
  version: number
  /** The version of its running settings, sent with its exposures. */
  executionVersion: number
  /** Its variations, in config order. */
  variations: Variation[]
  /** How it is delivered. */
  implementationType: ImplementationType
  /** The mutual-exclusion container it is in, if any. */
  containerId?: number
  /** A completed experiment's winner: what every user gets. */
  winnerVariationId?: number
  /** identifier value → variation id (execution.userOverrides, later entries win) */
  userOverrides: ReadonlyMap<unknown, number>
  /** Segments whose users get a fixed variation, checked after the user overrides. */
  segmentOverrides: TargetRule[]
  /** The audience: a user in none of these targets is not in the experiment (an empty list: everyone is). */
  targetAudiences: Target[]
  /** A flag's targeting rules, first match wins. */
  targetRules: TargetRule[]
  /** What users no rule matched get (for an A/B test, the bucket that allocates traffic). */
  defaultRule: Action
  /** The experiment's identity for circular-evaluation detection. */
  readonly request: RequestKey
}

/** A range of a bucket's slots that gives one variation. */
export interface Slot {
  /** The first slot number of the range. */
  startInclusive: number
  /** The slot number after the last one. */
  endExclusive: number
  /** The variation users in the range get. */
  variationId: number
}

/** Traffic allocation: a user's identifier hashed with `seed` picks a slot number below `slotSize`, and the slot's range a variation. */
export interface Bucket {
  /** The bucket's id. */
  id: number
  /** The hash seed. */
  seed: number
  /** How many slot numbers there are. */
  slotSize: number
  /** |slotSize| (NaN when it is not numeric: no slot ever matches) */
  mod: number
  /** The allocated ranges; a slot number in none of them is not allocated (reason `TRAFFIC_NOT_ALLOCATED`). */
  slots: Slot[]
}

/** A named group of users, by user id or by user property, that conditions of type `SEGMENT` refer to by key. */
export interface Segment {
  /** The segment's id. */
  id: number
  /** Its key, what conditions name. */
  key: string
  /** What it matches on. */
  type: 'USER_ID' | 'USER_PROPERTY'
  /** A user is in the segment when they are in any of these targets. */
  targets: Target[]
}

/** One group of a mutual-exclusion container: the experiments a user of that group may be in. */
export interface ContainerGroup {
  /** The group's id, what the container's bucket allocates. */
  id: number
  /** The ids of the experiments of the group. */
  experiments: number[]
}

/** A mutual-exclusion container: its bucket places each user in one group, and only that group's experiments apply. */
export interface Container {
  /** The container's id. */
  id: number
  /** The bucket that places users in groups. */
  bucketId: number
  /** Its groups. */
  groups: ContainerGroup[]
}

/** One value of a remote-config parameter. */
export interface RemoteConfigValue {
  /** The value's id, sent in `$remote_config` events. */
  id: number
  /** The value (its type is the parameter's). */
  value: unknown
}

/** A remote-config rule: users in `target` and in the bucket's allocated slots get `value`. */
export interface RemoteConfigTargetRule {
  /** The rule's key, sent in `$remote_config` events. */
  key: string
  /** Its name on the dashboard. */
  name: string
  /** Who the rule is for. */
  target: Target
  /** The bucket that allocates its traffic. */
  bucketId: number
  /** What the rule gives. */
  value: RemoteConfigValue
}

/** A remote-config parameter: rules that give values, and the value everyone else gets. */
export interface RemoteConfigParameter {
  /** The parameter's id. */
  id: number
  /** Its key, what `remoteConfig().get(key, default)` takes. */
  key: string
  /** The type of its values; a default of another type answers the default (reason `TYPE_MISMATCH`). */
  type: ValueType
  /** The identifier users are bucketed by. */
  identifierType: string
  /** Its rules, first match wins. */
  targetRules: RemoteConfigTargetRule[]
  /** The value users no rule matched get. */
  defaultValue: RemoteConfigValue
  /** The parameter's identity for circular-evaluation detection. */
  readonly request: RequestKey
}

/** A tracked event type of the workspace. */
export interface EventType {
  /** Its id, sent with tracked events (0 for a key the workspace does not know). */
  id: number
  /** The event key `track()` takes. */
  key: string
}

/** A parsed workspace config: what decisions are made from, each part keyed as it is looked up. */
export interface Workspace {
  /** A/B tests by key. */
  readonly experiments: ReadonlyMap<number, Experiment>
  /** Feature flags by key. */
  readonly featureFlags: ReadonlyMap<number, Experiment>
  /** Event types by key. */
  readonly eventTypes: ReadonlyMap<string, EventType>
  /** Remote-config parameters by key. */
  readonly remoteConfigParameters: ReadonlyMap<string, RemoteConfigParameter>
  /** Buckets by id. */
  readonly buckets: ReadonlyMap<number, Bucket>
  /** Segments by key. */
  readonly segments: ReadonlyMap<string, Segment>
  /** Mutual-exclusion containers by id. */
  readonly containers: ReadonlyMap<number, Container>
}

/** The name of a decision reason (`TRAFFIC_ALLOCATED`, `DEFAULT_RULE`, …). */
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
