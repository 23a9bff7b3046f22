import type { EvaluationOptions, ExperimentEvaluation } from '../../internal'
import { tools } from './tools'
import type { EvaluationUser, Workspace } from '../../kernel'
import type { InAppMessage } from './message'
import type { MessageLayout } from './model'

/** The content chosen for a user, the A/B test's properties for the `$in_app_*` events, and the evaluations to record. */
export interface LayoutEvaluation {
  layout: MessageLayout
  /** `experiment_id`, `experiment_key`, `variation_id`, `variation_key`, `experiment_decision_reason`; empty without A/B test. */
  properties: Record<string, unknown>
  evaluations: ExperimentEvaluation[]
}

const fail = (message: string): never => {
  throw new Error(message)
}

/**
 * Picks a message's layout: the first in its default language, and, when an A/B test chooses the layout, with the
 * decided variation key. The A/B test is evaluated (default `A`) in a context of its own; its nested evaluations come
 * first in `evaluations`, then its own (reason as decided, never rewritten to `…_BY_TARGETING`). Throws
 * `Experiment[key=<key>]` when the A/B test does not exist and `InAppMessage must be decided [<id>]` when no layout fits.
 */
export function resolveLayout(ws: Workspace, message: InAppMessage, user: EvaluationUser, options: EvaluationOptions): LayoutEvaluation {
  const ctx = tools.createContext(ws, user, options)
  const properties: Record<string, unknown> = {}
  let variationKey: string | undefined
  const key = message.experimentKey
  if (key !== null) {
    const experiment = ws.experiments.get(key) ?? fail(`Experiment[key=${key}]`)
    const e = tools.evaluateInContext(ctx, experiment, 'A')
    ctx.evaluations.push(e)
    properties.experiment_id = experiment.id
    properties.experiment_key = experiment.key
    properties.variation_id = e.variationId
    properties.variation_key = e.variationKey
    properties.experiment_decision_reason = e.reason
    variationKey = e.variationKey
  }
  const layout =
    message.layouts.find((l) => l.lang === message.defaultLang && (key === null || l.variationKey === variationKey)) ??
    fail(`InAppMessage must be decided [${message.id}]`)
  return { layout, properties, evaluations: ctx.evaluations }
}
