import { isInContainerGroup, resolveAction } from './actions'
import { anyTargetMatches } from './conditions'
import { identifierOf, type EvaluationContext, type ExperimentEvaluation } from './context'
import { DecisionReason as R, type Experiment } from './model'
import { ofDefault, ofVariation, ofWinner } from './outcome'
import { resolveOverride } from './overrides'

/** A/B test flow (evaluation.md §4). */
export function abTestFlow(ctx: EvaluationContext, experiment: Experiment, defaultKey: string): ExperimentEvaluation {
  const overridden = resolveOverride(ctx, experiment)
  if (overridden) return ofVariation(ctx, experiment, overridden, R.OVERRIDDEN)
  const status = experiment.status
  const reason = !identifierOf(ctx, experiment.identifierType)
    ? R.IDENTIFIER_NOT_FOUND
    : experiment.containerId && !isInContainerGroup(ctx, experiment)
      ? R.NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT
      : !anyTargetMatches(ctx, experiment.targetAudiences)
        ? R.NOT_IN_EXPERIMENT_TARGET
        : status === 'DRAFT'
          ? R.EXPERIMENT_DRAFT
          : status === 'PAUSED' && R.EXPERIMENT_PAUSED
  if (reason) return ofDefault(ctx, experiment, defaultKey, reason)
  if (status === 'COMPLETED') return ofWinner(ctx, experiment)
  const v = resolveAction(ctx, experiment, experiment.defaultRule)
  return v && !v.dropped
    ? ofVariation(ctx, experiment, v, R.TRAFFIC_ALLOCATED)
    : ofDefault(ctx, experiment, defaultKey, v ? R.VARIATION_DROPPED : R.TRAFFIC_NOT_ALLOCATED)
}
