import type { EvaluationOptions, ExperimentEvaluation } from '../../internal'
import { tools } from './tools'
import type { EvaluationUser, Kernel, KeyValueStore, Workspace } from '../../kernel'
import type { InputSnapshot } from './engine'
import { evaluateEligibility, type Eligibility, type EligibilityFlow } from './eligibility'
import { isHidden } from './hidden'
import type { InAppMessageHooks } from './hooks'
import { readImpressions } from './impressions'
import type { InAppMessage } from './message'

/** What the trigger, schedule and deliver steps share within one client. */
export interface InAppContext {
  kernel: Kernel
  hooks: InAppMessageHooks
  store: KeyValueStore
  /** The current workspace's in-app messages by key, in config order. */
  messages(): Map<number, InAppMessage>
  options: EvaluationOptions
  /** The input being replayed (it happened while the engine was loading); undefined while handling a live one. */
  replay: InputSnapshot | undefined
  /** The time of the input being handled: now, or the replayed input's time. */
  now(): number
  /** The current workspace, or the one current when the replayed input happened. */
  workspace(): Workspace | undefined
  /** Hands nested evaluations to the event stream as exposures rooted at the message, timestamped `now()`. */
  record(message: InAppMessage, evaluations: ExperimentEvaluation[], user: EvaluationUser): void
  /**
   * Runs an eligibility flow, records its nested evaluations (and, when it was ineligible after resolving the layout,
   * the layout's too), and reports it on `hooks.evaluated`.
   */
  evaluate(flow: EligibilityFlow, message: InAppMessage, user: EvaluationUser, timestamp: number): Eligibility
  /** The same flow without recording or reporting anything (a DevTool's look). */
  inspect(flow: EligibilityFlow, message: InAppMessage, user: EvaluationUser, timestamp: number): Eligibility
}

export function createInAppContext(kernel: Kernel, hooks: InAppMessageHooks, store: KeyValueStore, messages: () => Map<number, InAppMessage>): InAppContext {
  const { sdkKey } = kernel
  const options: EvaluationOptions = { manualOverride: (experiment) => kernel.hooks.overrideVariation.call(experiment) }
  const context: InAppContext = {
    kernel,
    hooks,
    store,
    messages,
    options,
    replay: undefined,
    now: () => context.replay?.at ?? Date.now(),
    workspace: () => (context.replay ? context.replay.ws : kernel.workspaces.current()),
    record(message, evaluations, user) {
      for (const event of tools.exposureEvents(evaluations, user, context.now(), 'IN_APP_MESSAGE', message.id)) kernel.emit(event)
    },
    inspect: (flow, message, user, timestamp) =>
      evaluateEligibility(
        {
          ws: context.workspace()!,
          options,
          impressions: (m) => readImpressions(store, sdkKey, m.id),
          isHidden: (m, at) => isHidden(store, sdkKey, m.key, at),
        },
        flow,
        message,
        user,
        timestamp,
      ),
    evaluate(flow, message, user, timestamp) {
      const eligibility = context.inspect(flow, message, user, timestamp)
      context.record(message, eligibility.evaluations, user)
      if (!eligibility.eligible && eligibility.layout) context.record(message, eligibility.layout.evaluations, user)
      const { eligible, reason } = eligibility
      hooks.evaluated.call({ messageKey: message.key, flow, eligible, reason })
      return eligibility
    },
  }
  return context
}
