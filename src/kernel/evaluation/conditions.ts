import type { EvaluationUser } from '../types'
import { createContext, fail, type EvaluationContext, type EvaluationOptions } from './context'
import { nestedEvaluation } from './experiment'
import { matchValue } from './match-value'
import type { Condition, DecisionReasonName, KeyType, Target, Workspace } from './model'
import { words } from './words'

/** Targets and conditions. */

const AB_TEST_MATCHED: readonly string[] = /* @__PURE__ */ words(
  'OVERRIDDEN TRAFFIC_ALLOCATED EXPERIMENT_COMPLETED TRAFFIC_ALLOCATED_BY_TARGETING',
) satisfies DecisionReasonName[]
const DAY_MILLIS = 86_400_000

interface EventCountArg {
  expr: any
  filter: Condition | false | undefined
}

const USER_FIELDS: Partial<Record<string, 'identifiers' | 'properties' | 'hackleProperties'>> = {
  USER_ID: 'identifiers',
  USER_PROPERTY: 'properties',
  HACKLE_PROPERTY: 'hackleProperties',
}

/** USER_ID / USER_PROPERTY / HACKLE_PROPERTY conditions, the only ones a segment can evaluate. */
const userConditionMatches = (ctx: EvaluationContext, c: Condition): boolean =>
  matchValue(c.match, ctx.user[USER_FIELDS[c.type] || fail(`Unsupported TargetKeyType [${c.type}]`)][c.name])

/** Any listed segment has a target whose conditions all match; operator and value type are ignored. */
function segmentMatches(ctx: EvaluationContext, c: Condition): boolean {
  for (const key of c.match.values) {
    const segment =
      typeof key === 'string' ? ctx.ws.segments.get(key) || fail(`Segment[${key}]`) : fail(`SegmentKey[${key}]`)
    for (const t of segment.targets) if (targetMatches(ctx, t, userConditionMatches)) return !c.match.not
  }
  return c.match.not
}

function experimentMatches(ctx: EvaluationContext, c: Condition): boolean {
  const abTest = c.type === 'AB_TEST'
  const key = (c.arg as number | undefined) ?? fail(`Invalid key [${c.type}, ${c.name}]`)
  const experiment = (abTest ? ctx.ws.experiments : ctx.ws.featureFlags).get(key)
  if (!experiment) return false
  const e = nestedEvaluation(ctx, experiment, abTest)
  return abTest
    ? AB_TEST_MATCHED.includes(e.reason) && matchValue(c.match, e.variationKey)
    : matchValue(c.match, e.variationKey !== 'A')
}

function eventCountMatches(ctx: EvaluationContext, c: Condition): boolean {
  if (c.arg instanceof Error) throw c.arg
  const { expr, filter } = c.arg as EventCountArg
  const since = (ctx.options?.now ?? Date.now)() - expr.days * DAY_MILLIS
  // counts are summed per event first: with non-numeric counts `+` concatenates, as in the reference
  let sum: any = 0
  for (const e of ctx.user.targetEvents ?? []) {
    const p = e.property
    if (
      e.eventKey === expr.eventKey &&
      (c.type === 'NUMBER_OF_EVENTS_IN_DAYS'
        ? p === null
        : filter && p && p.type === filter.type && p.key === filter.name && matchValue(filter.match, p.value))
    ) {
      let count: any = 0
      for (const s of e.stats) if (s.date >= since) count += s.count
      sum += count
    }
  }
  return matchValue(c.match, sum)
}

/** Only the event-triggered request itself sees the event, not the experiments / parameters it evaluates. */
function eventPropertyMatches(ctx: EvaluationContext, c: Condition): boolean {
  const top = ctx.stack[ctx.stack.length - 1]
  const event = top && (top.kind === 'EXPERIMENT' || top.kind === 'REMOTE_CONFIG') ? undefined : ctx.options?.event
  return event !== undefined && matchValue(c.match, event.properties?.[c.name])
}

type ConditionMatcher = (ctx: EvaluationContext, c: Condition) => boolean

/** By key type; the user key types (USER_ID, USER_PROPERTY, HACKLE_PROPERTY) are the default. */
const MATCHERS: Partial<Record<KeyType, ConditionMatcher>> = {
  SEGMENT: segmentMatches,
  AB_TEST: experimentMatches,
  FEATURE_FLAG: experimentMatches,
  EVENT_PROPERTY: eventPropertyMatches,
  COHORT: (ctx, c) => matchValue(c.match, ctx.user.cohorts ?? []),
  NUMBER_OF_EVENTS_IN_DAYS: eventCountMatches,
  NUMBER_OF_EVENTS_WITH_PROPERTY_IN_DAYS: eventCountMatches,
}

export const conditionMatches: ConditionMatcher = (ctx, c) => (MATCHERS[c.type] || userConditionMatches)(ctx, c)

/** Every condition matches (an empty target matches). `matches` is for segments, which evaluate fewer key types. */
export function targetMatches(ctx: EvaluationContext, target: Target, matches = conditionMatches): boolean {
  for (const c of target.conditions) if (!matches(ctx, c)) return false
  return true
}

/** Any target matches; an empty list matches. */
export function anyTargetMatches(ctx: EvaluationContext, targets: readonly Target[]): boolean {
  for (const t of targets) if (targetMatches(ctx, t)) return true
  return !targets.length
}

/**
 * Does any of these targets match the user (an empty list matches)? For plugins (split-URL, in-app messages).
 * Pass `ctx` (from createContext) to read the nested evaluations afterwards from `ctx.evaluations`.
 */
export const evaluateTargetMatch = (
  ws: Workspace,
  targets: readonly Target[],
  user: EvaluationUser,
  options?: EvaluationOptions,
  ctx: EvaluationContext = createContext(ws, user, options),
): boolean => anyTargetMatches(ctx, targets)
