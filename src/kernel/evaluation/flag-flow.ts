import { resolveAction } from './actions'
import { targetMatches } from './conditions'
import { fail, identifierOf, type EvaluationContext, type ExperimentEvaluation } from './context'
import { DecisionReason as R, type Action, type Experiment } from './model'
import { ofDefault, ofVariation, ofWinner } from './outcome'
import { resolveOverride } from './overrides'

/** Feature flag flow (evaluation.md §5). */
export function flagFlow(ctx: EvaluationContext, flag: Experiment, defaultKey: string): ExperimentEvaluation {
  const status = flag.status
  if (status === 'COMPLETED') return ofWinner(ctx, flag)
  if (status !== 'RUNNING') {
    return ofDefault(ctx, flag, defaultKey, status === 'DRAFT' ? R.EXPERIMENT_DRAFT : R.FEATURE_FLAG_INACTIVE)
  }
  const overridden = resolveOverride(ctx, flag)
  if (overridden) return ofVariation(ctx, flag, overridden, R.INDIVIDUAL_TARGET_MATCH)
  if (!identifierOf(ctx, flag.identifierType)) return ofDefault(ctx, flag, defaultKey, R.IDENTIFIER_NOT_FOUND)
  const rule = flag.targetRules.find((r) => targetMatches(ctx, r.target))
  const decide = (action: Action, reason: string) =>
    ofVariation(
      ctx,
      flag,
      resolveAction(ctx, flag, action) || fail(`FeatureFlag must decide the Variation [${flag.id}]`),
      reason,
    )
  return rule ? decide(rule.action, R.TARGET_RULE_MATCH) : decide(flag.defaultRule, R.DEFAULT_RULE)
}
