import type { EvaluationUser } from '../types'
import { abTestFlow } from './ab-test-flow'
import { createContext, enter } from './context'
import type { EvaluationContext, EvaluationOptions, ExperimentEvaluation } from './context'
import { flagFlow } from './flag-flow'
import { outcome } from './outcome'
import { type Experiment, type Workspace } from './model'

/** Evaluates an experiment inside a context (circular detection included). */
export function evaluateInContext(
  ctx: EvaluationContext,
  experiment: Experiment,
  defaultVariationKey: string,
): ExperimentEvaluation {
  enter(ctx, experiment.request)
  try {
    const flow = experiment.type === 'AB_TEST' ? abTestFlow : flagFlow
    return outcome(ctx, experiment, flow(ctx, experiment), defaultVariationKey)
  } finally {
    ctx.stack.pop()
  }
}

/** Dispatches to the A/B or the flag flow. Throws the reference's errors. */
export const evaluateExperiment = (
  ws: Workspace,
  experiment: Experiment,
  user: EvaluationUser,
  defaultVariationKey: string,
  options?: EvaluationOptions,
): ExperimentEvaluation => evaluateInContext(createContext(ws, user, options), experiment, defaultVariationKey)

/** An AB_TEST / FEATURE_FLAG condition's evaluation, computed once per root. */
export function nestedEvaluation(
  ctx: EvaluationContext,
  experiment: Experiment,
  abTest: boolean,
): ExperimentEvaluation {
  for (const e of ctx.evaluations) if (e.experiment.id === experiment.id) return e
  let e = evaluateInContext(ctx, experiment, 'A')
  if (abTest && e.reason === 'TRAFFIC_ALLOCATED') e = { ...e, reason: 'TRAFFIC_ALLOCATED_BY_TARGETING' }
  ctx.evaluations.push(e)
  return e
}
