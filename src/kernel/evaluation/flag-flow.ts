import { resolveAction } from './actions'
import { targetMatches } from './conditions'
import { fail, identifierOf, type EvaluationContext } from './context'
import { type Action, type Experiment } from './model'
import { winnerOf, type Decided } from './outcome'
import { resolveOverride } from './overrides'

const decide = (ctx: EvaluationContext, flag: Experiment, action: Action, reason: string): Decided => [
  reason,
  resolveAction(ctx, flag, action) || fail(`FeatureFlag must decide the Variation [${flag.id}]`),
]

/** Feature flag flow. */
export function flagFlow(ctx: EvaluationContext, flag: Experiment): Decided {
  const status = flag.status
  if (status === 'COMPLETED') return ['EXPERIMENT_COMPLETED', winnerOf(flag)]
  if (status !== 'RUNNING') return [status === 'DRAFT' ? 'EXPERIMENT_DRAFT' : 'FEATURE_FLAG_INACTIVE']
  const overridden = resolveOverride(ctx, flag)
  if (overridden) return ['INDIVIDUAL_TARGET_MATCH', overridden]
  if (!identifierOf(ctx, flag.identifierType)) return ['IDENTIFIER_NOT_FOUND']
  for (const rule of flag.targetRules) {
    if (targetMatches(ctx, rule.target)) return decide(ctx, flag, rule.action, 'TARGET_RULE_MATCH')
  }
  return decide(ctx, flag, flag.defaultRule, 'DEFAULT_RULE')
}
