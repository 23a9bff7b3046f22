import type { EvaluationContext, ExperimentEvaluation } from './context'
import { fail } from './context'
import type { Experiment, Variation } from './model'

const NONE = /* @__PURE__ */ Object.freeze([]) as unknown as ExperimentEvaluation[]

/**
 * What a flow decided: the reason, and the variation; without one, the default variation, which is the variation
 * with the requested default key, or that key alone when the experiment has no such variation.
 */
export type Decided = [reason: string, variation?: Variation]

export const variationById = (experiment: Experiment, id: unknown): Variation | undefined =>
  experiment.variations.find((v) => v.id === id)

/** The winner of a completed experiment; throws when it has none. */
export const winnerOf = (experiment: Experiment): Variation =>
  (experiment.winnerVariationId && variationById(experiment, experiment.winnerVariationId)) ||
  fail(`winner variation [${experiment.id}]`)

/** The evaluation of what a flow decided, while the experiment's request is still on the stack. */
export function outcome(
  ctx: EvaluationContext,
  experiment: Experiment,
  [reason, decided]: Decided,
  defaultKey: string,
): ExperimentEvaluation {
  const v = decided || experiment.variations.find((d) => d.key === defaultKey)
  return {
    reason,
    experiment,
    variationId: v?.id,
    variationKey: v ? v.key : defaultKey,
    config: v?.config,
    // only the root request (alone on the stack) reports the nested evaluations
    targetEvaluations: ctx.stack.length > 1 ? NONE : ctx.evaluations,
  }
}
