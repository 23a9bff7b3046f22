import { resolveAction } from './actions'
import { targetMatches } from './conditions'
import { fail, identifierOf, type EvaluationContext, type ExperimentEvaluation } from './context'
import { type Action, type Experiment } from './model'
import { ofDefault, ofVariation, ofWinner } from './outcome'
import { resolveOverride } from './overrides'

const decide = (ctx: EvaluationContext, flag: Experiment, action: Action, reason: string): ExperimentEvaluation =>
  ofVariation(
    ctx,
    flag,
    resolveAction(ctx, flag, action) || fail(`FeatureFlag must decide the Variation [${flag.id}]`),
    reason,
  )

/** Feature flag flow (evaluation.md §5). */
export function flagFlow(ctx: EvaluationContext, flag: Experiment, defaultKey: string): ExperimentEvaluation {
  const status = flag.status
  if (status === 'COMPLETED') return ofWinner(ctx, flag)
  if (status !== 'RUNNING') {
    return ofDefault(ctx, flag, defaultKey, status === 'DRAFT' ? 'EXPERIMENT_DRAFT' : 'FEATURE_FLAG_INACTIVE')
  }
  const overridden = resolveOverride(ctx, flag)
  if (overridden) return ofVariation(ctx, flag, overridden, 'INDIVIDUAL_TARGET_MATCH')
  if (!identifierOf(ctx, flag.identifierType)) return ofDefault(ctx, flag, defaultKey, 'IDENTIFIER_NOT_FOUND')
  for (const rule of flag.targetRules) {
    if (targetMatches(ctx, rule.target)) return decide(ctx, flag, rule.action, 'TARGET_RULE_MATCH')
  }
  return decide(ctx, flag, flag.defaultRule, 'DEFAULT_RULE')
}
