import {
  DecisionReason,
  evaluateExperiment,
  evaluateRemoteConfig,
  type EvaluationOptions,
  type Experiment,
  type Workspace,
} from './evaluation'
import { Decision, FeatureFlagDecision, experimentView, parameterConfig, type RemoteConfigDetail } from './decision'
import { experimentEvents, remoteConfigEvents } from './events/factory'
import type { SdkEvent } from './events/model'
import type { KernelHooks } from './hooks'
import type { Logger } from './logger'
import type { EvaluationUser } from './types'
import type { UserManager } from './identity/user-manager'

interface DeciderOptions {
  hooks: KernelHooks
  logger: Logger
  users: UserManager
  workspace: () => Workspace | undefined
}

/**
 * The decision core behind the public API (evaluation.md §1): input checks, evaluation, decision objects and
 * the events a decision produces. Exceptions propagate; the client turns them into `EXCEPTION` answers.
 */
export function createDecider({ hooks, logger, workspace }: DeciderOptions) {
  const options: EvaluationOptions = {
    manualOverride: (experiment: Experiment) =>
      hooks.overrideVariation.taps.length > 0 ? hooks.overrideVariation.call(experiment) ?? undefined : undefined,
  }

  // Events are only built when something listens: the kernel alone decides without allocating them.
  const emit = (build: () => SdkEvent[]) => {
    if (hooks.eventCreated.taps.length === 0) return
    for (const event of build()) hooks.eventCreated.call(event)
  }

  const lookup = <T>(ready: (ws: Workspace) => T | undefined, notFound: string): [Workspace, T] | string => {
    const ws = workspace()
    if (!ws) {
      logger.warn('SDK not ready.')
      return DecisionReason.SDK_NOT_READY
    }
    const found = ready(ws)
    if (found === undefined) {
      logger.warn(notFound)
      return ''
    }
    return [ws, found]
  }

  function experiment(key: number, user: EvaluationUser, defaultVariation: string): Decision {
    if (!key) {
      logger.error('experimentKey must not be empty')
      return new Decision(defaultVariation, DecisionReason.INVALID_INPUT)
    }
    const found = lookup((ws) => ws.experiments.get(key), 'Experiment does not exist.')
    if (typeof found === 'string') return new Decision(defaultVariation, found || DecisionReason.EXPERIMENT_NOT_FOUND)
    const [ws, target] = found
    const evaluation = evaluateExperiment(ws, target, user, defaultVariation, options)
    emit(() => experimentEvents(evaluation, user, Date.now()))
    return new Decision(evaluation.variationKey, evaluation.reason, parameterConfig(evaluation.config), experimentView(target))
  }

  function featureFlag(key: number, user: EvaluationUser): FeatureFlagDecision {
    if (!key) {
      logger.error('featureKey must not be empty')
      return new FeatureFlagDecision(false, DecisionReason.INVALID_INPUT)
    }
    const found = lookup((ws) => ws.featureFlags.get(key), 'FeatureFlag does not exist.')
    if (typeof found === 'string') return new FeatureFlagDecision(false, found || DecisionReason.FEATURE_FLAG_NOT_FOUND)
    const [ws, flag] = found
    const evaluation = evaluateExperiment(ws, flag, user, 'A', options)
    emit(() => experimentEvents(evaluation, user, Date.now()))
    const config = parameterConfig(evaluation.config)
    return new FeatureFlagDecision(evaluation.variationKey !== 'A', evaluation.reason, config, experimentView(flag))
  }

  function remoteConfig<T>(key: string, user: EvaluationUser, defaultValue: T): RemoteConfigDetail<T> {
    if (key === null || key === undefined) return { value: defaultValue, reason: DecisionReason.INVALID_INPUT }
    const found = lookup((ws) => ws.remoteConfigParameters.get(key), 'Remote config parameter does not exist.')
    if (typeof found === 'string') {
      return { value: defaultValue, reason: found || DecisionReason.REMOTE_CONFIG_PARAMETER_NOT_FOUND }
    }
    const [ws, parameter] = found
    const evaluation = evaluateRemoteConfig(ws, parameter, user, defaultValue, options)
    emit(() => remoteConfigEvents(parameter, evaluation, user, Date.now()))
    return { value: evaluation.value as T, reason: evaluation.reason }
  }

  return { experiment, featureFlag, remoteConfig }
}

export type Decider = ReturnType<typeof createDecider>
