import type { EvaluationContext, ExperimentEvaluation } from './context'
import { fail } from './context'
import type { Experiment, Variation } from './model'

const NONE = Object.freeze([]) as unknown as ExperimentEvaluation[]

export const variationById = (experiment: Experiment, id: unknown): Variation | undefined =>
  experiment.variations.find((v) => v.id === id)

const variationByKey = (experiment: Experiment, key: string): Variation | undefined =>
  experiment.variations.find((v) => v.key === key)

/** The evaluation of `v`; `key` is the variation key when there is no `v` (see ofDefault). */
export const ofVariation = (
  ctx: EvaluationContext,
  experiment: Experiment,
  v: Variation | undefined,
  reason: string,
  key?: string,
): ExperimentEvaluation => ({
  reason,
  experiment,
  variationId: v?.id,
  variationKey: v ? v.key : key!,
  config: v?.config,
  // only the root request (alone on the stack) reports the nested evaluations
  targetEvaluations: ctx.stack.length > 1 ? NONE : ctx.evaluations,
})

/** The default variation (evaluation.md §6): the variation with that key, or the key alone. */
export const ofDefault = (ctx: EvaluationContext, experiment: Experiment, key: string, reason: string) =>
  ofVariation(ctx, experiment, variationByKey(experiment, key), reason, key)

export const ofWinner = (ctx: EvaluationContext, experiment: Experiment): ExperimentEvaluation =>
  ofVariation(
    ctx,
    experiment,
    (experiment.winnerVariationId && variationById(experiment, experiment.winnerVariationId)) ||
      fail(`winner variation [${experiment.id}]`),
    'EXPERIMENT_COMPLETED',
  )
