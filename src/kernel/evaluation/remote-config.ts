import type { EvaluationUser } from '../types'
import { bucketOf } from './actions'
import { targetMatches } from './conditions'
import { createContext, enter, type EvaluationOptions, type ExperimentEvaluation } from './context'
import { DecisionReason as R, type RemoteConfigParameter, type RemoteConfigValue, type Workspace } from './model'
import { slotOf } from './murmur'
import { PRIMITIVES } from './parameters'

export interface RemoteConfigEvaluation {
  reason: string
  value: unknown
  valueId?: number
  /** requestValueType, requestDefaultValue, targetRuleKey?, targetRuleName?, returnValue (wire-format §4.5) */
  properties: Record<string, unknown>
  targetEvaluations: ExperimentEvaluation[]
}

export type ValueTypeName = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'NULL' | 'UNKNOWN'

export const requiredValueType = (defaultValue: unknown): ValueTypeName =>
  defaultValue == null
    ? 'NULL'
    : PRIMITIVES.includes(typeof defaultValue)
      ? ((typeof defaultValue).toUpperCase() as ValueTypeName)
      : 'UNKNOWN'

const cut = (v: unknown): unknown => (typeof v === 'string' && v.length > 1024 ? v.slice(0, 1024) : v)

/** Remote config evaluation (evaluation.md §10). Throws the spec's errors. */
export function evaluateRemoteConfig(
  ws: Workspace,
  parameter: RemoteConfigParameter,
  user: EvaluationUser,
  defaultValue: unknown,
  options?: EvaluationOptions,
): RemoteConfigEvaluation {
  const ctx = createContext(ws, user, options)
  enter(ctx, parameter.request)
  const type = requiredValueType(defaultValue)
  const properties: Record<string, unknown> = { requestValueType: type, requestDefaultValue: cut(defaultValue) }
  const identifier = user.identifiers[parameter.identifierType]
  let reason: string = R.IDENTIFIER_NOT_FOUND
  let value = defaultValue
  let valueId: number | undefined
  if (identifier != null) {
    let chosen: RemoteConfigValue = parameter.defaultValue
    reason = R.DEFAULT_RULE
    for (const rule of parameter.targetRules) {
      if (targetMatches(ctx, rule.target) && slotOf(bucketOf(ctx, rule.bucketId, 'bucket'), identifier)) {
        properties.targetRuleKey = rule.key
        properties.targetRuleName = rule.name
        chosen = rule.value
        reason = R.TARGET_RULE_MATCH
        break
      }
    }
    if (type === 'UNKNOWN' || (type !== 'NULL' && typeof defaultValue !== typeof chosen.value)) {
      reason = R.TYPE_MISMATCH
    } else {
      value = chosen.value
      valueId = chosen.id
    }
  }
  properties.returnValue = cut(value)
  return { reason, value, valueId, properties, targetEvaluations: ctx.evaluations }
}
