import type { ExperimentEvaluation, RemoteConfigEvaluation, RemoteConfigParameter } from '../evaluation'
import type { EvaluationUser, Properties } from '../types'
import { uuid } from '../util/uuid'
import type { ExposureEvent, RemoteConfigEvent, SdkEvent, TargetingRootType, TrackEvent } from './model'

/** Exposures of the evaluations, tagged with their root when nested (a decision's targeting evaluated them). */
export function exposures(evaluations: ExperimentEvaluation[], user: EvaluationUser, timestamp: number, rootType?: TargetingRootType, rootId?: number) {
  return evaluations.map((evaluation): ExposureEvent => {
    const { experiment, variationKey, config } = evaluation
    const properties: Properties = rootType ? { $targetingRootType: rootType, $targetingRootId: rootId } : {}
    if (config) properties.$parameterConfigurationId = config.id
    properties.$experiment_version = experiment.version
    properties.$execution_version = experiment.executionVersion
    const isFlag = experiment.type === 'FEATURE_FLAG'
    return {
      insertId: uuid(),
      timestamp,
      user,
      type: 'exposure',
      kind: isFlag ? 'feature-flag' : 'ab-test',
      experimentId: experiment.id,
      experimentKey: experiment.key,
      experimentVersion: experiment.version,
      variationId: evaluation.variationId,
      variationKey,
      isOn: isFlag ? variationKey !== 'A' : undefined,
      decisionReason: evaluation.reason,
      rootType,
      rootId,
      properties,
    }
  })
}

/** The root exposure, then one exposure per nested evaluation. */
export const experimentEvents = (evaluation: ExperimentEvaluation, user: EvaluationUser, timestamp: number): SdkEvent[] => [
  ...exposures([evaluation], user, timestamp),
  ...exposures(evaluation.targetEvaluations, user, timestamp, 'EXPERIMENT', evaluation.experiment.id),
]

/** The remote-config event, then one exposure per nested evaluation. */
export const remoteConfigEvents = (
  parameter: RemoteConfigParameter,
  evaluation: RemoteConfigEvaluation,
  user: EvaluationUser,
  timestamp: number,
): SdkEvent[] => [
  {
    insertId: uuid(),
    timestamp,
    user,
    type: 'remoteConfig',
    parameterId: parameter.id,
    parameterKey: parameter.key,
    parameterType: parameter.type,
    valueId: evaluation.valueId,
    decisionReason: evaluation.reason,
    properties: evaluation.properties,
  } satisfies RemoteConfigEvent,
  ...exposures(evaluation.targetEvaluations, user, timestamp, 'REMOTE_CONFIG', parameter.id),
]

export const trackEvent = (
  key: string,
  eventTypeId: number,
  value: number,
  properties: Properties,
  user: EvaluationUser,
  timestamp: number,
): TrackEvent => ({ insertId: uuid(), timestamp, user, type: 'track', key, eventTypeId, value, properties })
