import { evaluateExperiment, evaluateRemoteConfig, fitsDefault, type EvaluationOptions, type Experiment, type RemoteConfigParameter, type Workspace } from './evaluation'
import { Decision, FeatureFlagDecision, parameterConfig, type ParameterConfig, type RemoteConfigDetail } from './decision'
import { experimentEvents, remoteConfigEvents } from './events/factory'
import { describeError, type Logger } from './logger'
import type { SdkEvent } from './events/model'
import type { KernelHooks } from './hooks'
import type { EvaluationUser } from './types'
import type { DecisionInfo } from './contract'

const INVALID_INPUT = 'INVALID_INPUT'
const SDK_NOT_READY = 'SDK_NOT_READY'
const EXCEPTION = 'EXCEPTION'
const OVERRIDDEN = 'OVERRIDDEN'

/** Where decisions hand their events: `listening()` says whether building them is worth it at all. */
export interface EventSink {
  listening(): boolean
  emit(event: SdkEvent): void
}

/**
 * The three decisions behind the public API: input checks with the reference's logs and reasons, evaluation, the
 * decision object and the events it produces, and `hooks.decided` for each. Never throws: an exception is logged
 * and answered with the default and `EXCEPTION`.
 */
export function createDecisions(hooks: KernelHooks, logger: Logger, workspace: () => Workspace | undefined, sink: EventSink) {
  const options: EvaluationOptions = {
    manualOverride: (experiment) => hooks.overrideVariation.call(experiment),
  }

  // Events are only built when something listens: the kernel alone decides without allocating them.
  const emit = (build: () => SdkEvent[]) => {
    if (sink.listening()) for (const event of build()) sink.emit(event)
  }

  /**
   * Decides with the workspace item `pick` finds, or answers the reason there is none (logged as the reference does):
   * no workspace yet, or no such item.
   */
  function find<T, A>(
    pick: (ws: Workspace) => T | undefined,
    notFound: string,
    reason: string,
    answer: (reason: string) => A,
    decide: (ws: Workspace, item: T) => A,
  ): A {
    const ws = workspace()
    if (!ws) {
      logger.warn('SDK not ready.')
      return answer(SDK_NOT_READY)
    }
    const found = pick(ws)
    if (found === undefined) {
      logger.warn(notFound)
      return answer(reason)
    }
    return decide(ws, found)
  }

  /**
   * Runs a decision and tells `hooks.decided` its answer. An exception becomes the answer of reason `EXCEPTION`,
   * logged with the reference's message.
   */
  function guard<A>(decide: () => A, answer: (reason: string) => A, message: () => string, info: (answer: A) => DecisionInfo): A {
    let result: A
    try {
      result = decide()
    } catch (error) {
      try {
        logger.error(`${message()} : ${describeError(error)}`)
      } catch {
        // A key or default that cannot be printed (a symbol) must not turn the answer into a throw.
      }
      result = answer(EXCEPTION)
    }
    if (hooks.decided.taps.length) hooks.decided.call(info(result))
    return result
  }

  /**
   * `variationDetail` (a `Decision`) or, with `isFlag`, `featureFlagDetail` (a `FeatureFlagDecision`; its caller passes
   * `A`, the off variation, as the default).
   */
  function experiment(key: number, user: () => EvaluationUser, defaultVariation: string, isFlag: boolean): Decision | FeatureFlagDecision {
    let evaluationUser: EvaluationUser | undefined
    /** The answer for a variation (a flag is on unless it is `A`); without an evaluation, the default one. */
    const answer = (reason: string, variationKey = defaultVariation, config?: ParameterConfig, target?: Experiment) =>
      isFlag
        ? new FeatureFlagDecision(variationKey !== 'A', reason, config, target)
        : new Decision(variationKey, reason, config, target)
    return guard(
      () => {
        const decidedFor = (evaluationUser = user())
        if (!key) {
          logger.error(`${isFlag ? 'featureKey' : 'experimentKey'} must not be empty`)
          return answer(INVALID_INPUT)
        }
        const decide = (ws: Workspace, target: Experiment) => {
          const evaluation = evaluateExperiment(ws, target, decidedFor, defaultVariation, options)
          emit(() => experimentEvents(evaluation, decidedFor, Date.now()))
          return answer(evaluation.reason, evaluation.variationKey, parameterConfig(evaluation.config), target)
        }
        return isFlag
          ? find((ws) => ws.featureFlags.get(key), 'FeatureFlag does not exist.', 'FEATURE_FLAG_NOT_FOUND', answer, decide)
          : find((ws) => ws.experiments.get(key), 'Experiment does not exist.', 'EXPERIMENT_NOT_FOUND', answer, decide)
      },
      answer,
      () =>
        isFlag
          ? `Unexpected exception while deciding feature flag[${key}]. Returning default value[false]`
          : `Unexpected exception while deciding variation for experiment[${key}]. Returning default variation[${defaultVariation}]`,
      (decision): DecisionInfo => {
        const common = { key, reason: decision.reason, user: evaluationUser }
        return isFlag
          ? { kind: 'feature-flag', isOn: (decision as FeatureFlagDecision).isOn, ...common }
          : { kind: 'ab-test', variation: (decision as Decision).variation, ...common }
      },
    )
  }

  return {
    experiment,
    remoteConfig<T>(key: string, user: () => EvaluationUser, defaultValue: T): RemoteConfigDetail<T> {
      let evaluationUser: EvaluationUser | undefined
      const answer = (reason: string) => ({ value: defaultValue, reason })
      return guard(
        () => {
          const decidedFor = (evaluationUser = user())
          if (key === null || key === undefined) return answer(INVALID_INPUT)
          const decide = (ws: Workspace, parameter: RemoteConfigParameter): RemoteConfigDetail<T> => {
            const forced = hooks.overrideRemoteConfig.call(parameter)
            // an override is used only where the evaluation would accept the value
            if (forced !== undefined && fitsDefault(forced, defaultValue)) return { value: forced as T, reason: OVERRIDDEN }
            const evaluation = evaluateRemoteConfig(ws, parameter, decidedFor, defaultValue, options)
            emit(() => remoteConfigEvents(parameter, evaluation, decidedFor, Date.now()))
            return { value: evaluation.value as T, reason: evaluation.reason }
          }
          return find(
            (ws) => ws.remoteConfigParameters.get(key),
            'Remote config parameter does not exist.',
            'REMOTE_CONFIG_PARAMETER_NOT_FOUND',
            answer,
            decide,
          )
        },
        answer,
        () => `Unexpected exception while deciding remote config parameter[${key}]. Returning default value.`,
        (detail): DecisionInfo => ({ kind: 'remote-config', key, value: detail.value, reason: detail.reason, user: evaluationUser }),
      )
    },
  }
}

export type Decisions = ReturnType<typeof createDecisions>
