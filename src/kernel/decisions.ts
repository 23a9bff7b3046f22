import { evaluateExperiment, evaluateRemoteConfig, type EvaluationOptions, type Workspace } from './evaluation'
import { Decision, FeatureFlagDecision, parameterConfig, type RemoteConfigDetail } from './decision'
import { experimentEvents, remoteConfigEvents } from './events/factory'
import { describeError, type Logger } from './logger'
import type { SdkEvent } from './events/model'
import type { KernelHooks } from './hooks'
import type { EvaluationUser } from './types'

const INVALID_INPUT = 'INVALID_INPUT'
const SDK_NOT_READY = 'SDK_NOT_READY'
const EXCEPTION = 'EXCEPTION'

/**
 * The three decisions behind the public API (evaluation.md §1): input checks with the reference's logs and
 * reasons, evaluation, the decision object and the events it produces. Never throws: an exception is logged and
 * answered with the default and `EXCEPTION`.
 */
export function createDecisions(hooks: KernelHooks, logger: Logger, workspace: () => Workspace | undefined) {
  const options: EvaluationOptions = {
    manualOverride: (experiment) => (hooks.overrideVariation.taps.length ? hooks.overrideVariation.call(experiment) ?? undefined : undefined),
  }

  // Events are only built when something listens: the kernel alone decides without allocating them.
  const emit = (build: () => SdkEvent[]) => {
    if (hooks.eventCreated.taps.length) for (const event of build()) hooks.eventCreated.call(event)
  }

  /** The workspace item to evaluate, or the reason there is none (logged as the reference does). */
  function find<T>(pick: (ws: Workspace) => T | undefined, notFound: string, reason: string): [Workspace, T] | string {
    const ws = workspace()
    const found = ws && pick(ws)
    if (!ws) logger.warn('SDK not ready.')
    else if (found === undefined) logger.warn(notFound)
    return !ws ? SDK_NOT_READY : found === undefined ? reason : [ws, found]
  }

  /** Runs a decision; an exception becomes the fallback answer, logged with the reference's message. */
  function guard<R>(decide: () => R, fallback: () => R, message: () => string): R {
    try {
      return decide()
    } catch (error) {
      try {
        logger.error(`${message()} : ${describeError(error)}`)
      } catch {
        // A key or default that cannot be printed (a symbol) must not turn the answer into a throw.
      }
      return fallback()
    }
  }

  function experiment(key: number, user: () => EvaluationUser, defaultVariation: string, isFlag: boolean) {
    const answer = (reason: string) => (isFlag ? new FeatureFlagDecision(false, reason) : new Decision(defaultVariation, reason))
    return guard(
      () => {
        const evaluationUser = user()
        if (!key) {
          logger.error(`${isFlag ? 'featureKey' : 'experimentKey'} must not be empty`)
          return answer(INVALID_INPUT)
        }
        const found = isFlag
          ? find((ws) => ws.featureFlags.get(key), 'FeatureFlag does not exist.', 'FEATURE_FLAG_NOT_FOUND')
          : find((ws) => ws.experiments.get(key), 'Experiment does not exist.', 'EXPERIMENT_NOT_FOUND')
        if (typeof found === 'string') return answer(found)
        const [ws, target] = found
        const evaluation = evaluateExperiment(ws, target, evaluationUser, defaultVariation, options)
        emit(() => experimentEvents(evaluation, evaluationUser, Date.now()))
        const config = parameterConfig(evaluation.config)
        return isFlag
          ? new FeatureFlagDecision(evaluation.variationKey !== 'A', evaluation.reason, config, target)
          : new Decision(evaluation.variationKey, evaluation.reason, config, target)
      },
      () => answer(EXCEPTION),
      () =>
        isFlag
          ? `Unexpected exception while deciding feature flag[${key}]. Returning default value[false]`
          : `Unexpected exception while deciding variation for experiment[${key}]. Returning default variation[${defaultVariation}]`,
    )
  }

  return {
    variationDetail: (key: number, user: () => EvaluationUser, defaultVariation: string) =>
      experiment(key, user, defaultVariation, false) as Decision,
    featureFlagDetail: (key: number, user: () => EvaluationUser) => experiment(key, user, 'A', true) as FeatureFlagDecision,
    remoteConfig<T>(key: string, user: () => EvaluationUser, defaultValue: T): RemoteConfigDetail<T> {
      const answer = (reason: string) => ({ value: defaultValue, reason })
      return guard(
        () => {
          const evaluationUser = user()
          if (key === null || key === undefined) return answer(INVALID_INPUT)
          const found = find(
            (ws) => ws.remoteConfigParameters.get(key),
            'Remote config parameter does not exist.',
            'REMOTE_CONFIG_PARAMETER_NOT_FOUND',
          )
          if (typeof found === 'string') return answer(found)
          const [ws, parameter] = found
          const evaluation = evaluateRemoteConfig(ws, parameter, evaluationUser, defaultValue, options)
          emit(() => remoteConfigEvents(parameter, evaluation, evaluationUser, Date.now()))
          return { value: evaluation.value as T, reason: evaluation.reason }
        },
        () => answer(EXCEPTION),
        () => `Unexpected exception while deciding remote config parameter[${key}]. Returning default value.`,
      )
    },
  }
}

export type Decisions = ReturnType<typeof createDecisions>
