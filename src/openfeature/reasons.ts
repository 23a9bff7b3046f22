import { ErrorCode, StandardResolutionReasons as Reason } from '@openfeature/web-sdk'

/** Hackle decision reasons that mean the value is the caller's default because of an error, with their error code. */
const ERRORS: Readonly<Record<string, ErrorCode>> = {
  SDK_NOT_READY: ErrorCode.PROVIDER_NOT_READY,
  EXPERIMENT_NOT_FOUND: ErrorCode.FLAG_NOT_FOUND,
  FEATURE_FLAG_NOT_FOUND: ErrorCode.FLAG_NOT_FOUND,
  REMOTE_CONFIG_PARAMETER_NOT_FOUND: ErrorCode.FLAG_NOT_FOUND,
  TYPE_MISMATCH: ErrorCode.TYPE_MISMATCH,
  INVALID_INPUT: ErrorCode.GENERAL,
  EXCEPTION: ErrorCode.GENERAL,
}

/** Hackle decision reasons of a successful evaluation, as OpenFeature resolution reasons. */
const REASONS: Readonly<Record<string, string>> = {
  // bucketed: a pseudorandom assignment (also an A/B test reached from another's targeting)
  TRAFFIC_ALLOCATED: Reason.SPLIT,
  TRAFFIC_ALLOCATED_BY_TARGETING: Reason.SPLIT,
  // a rule, an individual target or a manual (DevTool) override for this user
  TARGET_RULE_MATCH: Reason.TARGETING_MATCH,
  INDIVIDUAL_TARGET_MATCH: Reason.TARGETING_MATCH,
  OVERRIDDEN: Reason.TARGETING_MATCH,
  // the configured default: the flag's or parameter's default rule, or the default variation for a user left out
  DEFAULT_RULE: Reason.DEFAULT,
  TRAFFIC_NOT_ALLOCATED: Reason.DEFAULT,
  NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT: Reason.DEFAULT,
  NOT_IN_EXPERIMENT_TARGET: Reason.DEFAULT,
  VARIATION_DROPPED: Reason.DEFAULT,
  IDENTIFIER_NOT_FOUND: Reason.DEFAULT,
  // switched off in Hackle
  FEATURE_FLAG_INACTIVE: Reason.DISABLED,
  EXPERIMENT_DRAFT: Reason.DISABLED,
  EXPERIMENT_PAUSED: Reason.DISABLED,
  // a completed test answers its winner for everyone
  EXPERIMENT_COMPLETED: Reason.STATIC,
}

export interface MappedReason {
  readonly reason: string
  readonly errorCode?: ErrorCode
}

/** The OpenFeature reason (and error code, for an error) of a Hackle decision reason; an unknown one is `UNKNOWN`. */
export function mapReason(hackleReason: string): MappedReason {
  const errorCode = ERRORS[hackleReason]
  if (errorCode) return { reason: Reason.ERROR, errorCode }
  return { reason: REASONS[hackleReason] ?? Reason.UNKNOWN }
}
