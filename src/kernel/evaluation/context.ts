import type { EvaluationUser } from '../types'
import type { Experiment, ParameterConfiguration, RequestKey, Workspace } from './model'

export interface EvaluationOptions {
  /**
   * Manual (DevTool) override: variation id for this experiment, or nothing (a non-number is no override). Consulted first;
   * an id that is not a variation of the experiment is ignored. The reference falls through from the A/B list to
   * the flag list when the A/B list's id is not a variation of the experiment: return the first listed id that is one.
   */
  manualOverride?: (experiment: Experiment) => number | void
  /** Clock for NUMBER_OF_EVENTS_* day windows; default Date.now */
  now?: () => number
  /** Triggering event, only for EVENT_PROPERTY conditions (in-app triggers); absent → those conditions are false */
  event?: { key: string; properties: Record<string, unknown> }
}

export interface ExperimentEvaluation {
  reason: string
  experiment: Experiment
  /** undefined when the decided key is not a variation of the experiment */
  variationId?: number
  variationKey: string
  /** parameter configuration of the decided variation, if any */
  config?: ParameterConfiguration
  /** root evaluations only: nested AB_TEST / FEATURE_FLAG condition evaluations, in evaluation order, once each */
  targetEvaluations: ExperimentEvaluation[]
}

/**
 * One root evaluation: the request stack for circular detection and the nested experiment
 * evaluations, which double as the per-root cache. Discard it after an exception.
 */
export interface EvaluationContext {
  readonly ws: Workspace
  readonly user: EvaluationUser
  readonly options: EvaluationOptions | undefined
  readonly stack: RequestKey[]
  readonly evaluations: ExperimentEvaluation[]
}

export const createContext = (ws: Workspace, user: EvaluationUser, options?: EvaluationOptions): EvaluationContext => ({
  ws,
  user,
  options,
  stack: [],
  evaluations: [],
})

/** Throws an Error with the reference's message; usable in expressions: `x || fail(...)`. */
export const fail = (message: string): never => {
  throw new Error(message)
}

/** Pushes a request; throws if the same request is already being evaluated. Pop with `ctx.stack.pop()`. */
export function enter(ctx: EvaluationContext, request: RequestKey): void {
  for (const r of ctx.stack) {
    if (r.kind === request.kind && r.id === request.id) {
      fail(`Circular evaluation has occurred [${[...ctx.stack, request].map((s) => s.text).join(' - ')}]`)
    }
  }
  ctx.stack.push(request)
}

export const identifierOf = (ctx: EvaluationContext, type: string): string | number | undefined =>
  ctx.user.identifiers[type]
