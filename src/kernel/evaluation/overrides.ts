import { resolveAction } from './actions'
import { targetMatches } from './conditions'
import { identifierOf, type EvaluationContext } from './context'
import type { Experiment, Variation } from './model'
import { variationById } from './outcome'

/** Overrides, in precedence order manual → user → segment. */
export function resolveOverride(ctx: EvaluationContext, experiment: Experiment): Variation | undefined {
  const manual = ctx.options?.manualOverride?.(experiment)
  const identifier = identifierOf(ctx, experiment.identifierType)
  const user = identifier && experiment.userOverrides.get(identifier)
  return (
    (manual && variationById(experiment, manual)) ||
    (user && variationById(experiment, user)) ||
    segmentOverride(ctx, experiment)
  )
}

function segmentOverride(ctx: EvaluationContext, experiment: Experiment): Variation | undefined {
  for (const rule of experiment.segmentOverrides) {
    if (targetMatches(ctx, rule.target)) return resolveAction(ctx, experiment, rule.action)
  }
}
