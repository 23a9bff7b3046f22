import { resolveAction } from './actions'
import { targetMatches } from './conditions'
import { identifierOf, type EvaluationContext } from './context'
import type { Experiment, Variation } from './model'
import { variationById } from './outcome'

/** Overrides, in precedence order manual → user → segment (evaluation.md §7). */
export function resolveOverride(ctx: EvaluationContext, experiment: Experiment): Variation | undefined {
  const manual = ctx.options?.manualOverride?.(experiment)
  const overridden = manual ? variationById(experiment, manual) : undefined
  if (overridden) return overridden

  const identifier = identifierOf(ctx, experiment.identifierType)
  const userOverride = identifier ? experiment.userOverrides.get(identifier) : undefined
  const v = userOverride ? variationById(experiment, userOverride) : undefined
  if (v) return v

  for (const rule of experiment.segmentOverrides) {
    if (targetMatches(ctx, rule.target)) return resolveAction(ctx, experiment, rule.action)
  }
  return undefined
}
