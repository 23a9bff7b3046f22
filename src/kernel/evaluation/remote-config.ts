import type { EvaluationUser } from '../types'
import { bucketOf } from './actions'
import { targetMatches } from './conditions'
import { createContext, enter, type EvaluationOptions, type ExperimentEvaluation } from './context'
import { type RemoteConfigParameter, type RemoteConfigValue, type Workspace } from './model'
import { slotOf } from './murmur'

export interface RemoteConfigEvaluation {
  reason: string
  value: unknown
  valueId?: number
  /** requestValueType, requestDefaultValue, targetRuleKey?, targetRuleName?, returnValue */
  properties: Record<string, unknown>
  targetEvaluations: ExperimentEvaluation[]
}

export type ValueTypeName = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'NULL' | 'UNKNOWN'

const TYPE_NAMES: Partial<Record<string, ValueTypeName>> = { string: 'STRING', number: 'NUMBER', boolean: 'BOOLEAN' }

export const requiredValueType = (defaultValue: unknown): ValueTypeName =>
  defaultValue == null ? 'NULL' : TYPE_NAMES[typeof defaultValue] || 'UNKNOWN'

/** Whether a value may answer for this default: one of the same type (any value for a null default). */
export function fitsDefault(value: unknown, defaultValue: unknown): boolean {
  const type = requiredValueType(defaultValue)
  return type === 'NULL' || (type !== 'UNKNOWN' && typeof value === typeof defaultValue)
}

/** A string cut to its first 1024 characters (a shorter one is itself); any other value as it is. */
const cut = (v: unknown): unknown => (typeof v === 'string' ? v.slice(0, 1024) : v)

/** Remote config evaluation. Throws the reference's errors. */
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
  let reason: string = 'IDENTIFIER_NOT_FOUND'
  let value = defaultValue
  let valueId: number | undefined
  if (identifier != null) {
    let chosen: RemoteConfigValue = parameter.defaultValue
    reason = 'DEFAULT_RULE'
    for (const rule of parameter.targetRules) {
      if (targetMatches(ctx, rule.target) && slotOf(bucketOf(ctx, rule.bucketId, 'bucket'), identifier)) {
        properties.targetRuleKey = rule.key
        properties.targetRuleName = rule.name
        chosen = rule.value
        reason = 'TARGET_RULE_MATCH'
        break
      }
    }
    if (!fitsDefault(chosen.value, defaultValue)) {
      reason = 'TYPE_MISMATCH'
    } else {
      value = chosen.value
      valueId = chosen.id
    }
  }
  properties.returnValue = cut(value)
  return { reason, value, valueId, properties, targetEvaluations: ctx.evaluations }
}
