import { isInContainerGroup, resolveAction } from './actions'
import { anyTargetMatches } from './conditions'
import { identifierOf, type EvaluationContext } from './context'
import { type Experiment } from './model'
import { winnerOf, type Decided } from './outcome'
import { resolveOverride } from './overrides'

/** A/B test flow. */
export function abTestFlow(ctx: EvaluationContext, experiment: Experiment): Decided {
  const overridden = resolveOverride(ctx, experiment)
  if (overridden) return ['OVERRIDDEN', overridden]
  const status = experiment.status
  // the first check that fails gives the default variation with its reason; RUNNING / COMPLETED get through
  const reason = !identifierOf(ctx, experiment.identifierType)
    ? 'IDENTIFIER_NOT_FOUND'
    : experiment.containerId && !isInContainerGroup(ctx, experiment)
      ? 'NOT_IN_MUTUAL_EXCLUSION_EXPERIMENT'
      : !anyTargetMatches(ctx, experiment.targetAudiences)
        ? 'NOT_IN_EXPERIMENT_TARGET'
        : status === 'DRAFT'
          ? 'EXPERIMENT_DRAFT'
          : status === 'PAUSED' && 'EXPERIMENT_PAUSED'
  if (reason) return [reason]
  if (status === 'COMPLETED') return ['EXPERIMENT_COMPLETED', winnerOf(experiment)]
  const v = resolveAction(ctx, experiment, experiment.defaultRule)
  return v && !v.dropped ? ['TRAFFIC_ALLOCATED', v] : [v ? 'VARIATION_DROPPED' : 'TRAFFIC_NOT_ALLOCATED']
}
