import type { ExperimentEvaluation, RemoteConfigEvaluation, RemoteConfigParameter } from '../evaluation'
import type { EvaluationUser, Properties } from '../types'
import { uuid } from '../util/uuid'
import type { ExposureEvent, RemoteConfigEvent, SdkEvent, TrackEvent } from './model'

type RootType = 'EXPERIMENT' | 'REMOTE_CONFIG' | 'IN_APP_MESSAGE'

function exposure(
  evaluation: ExperimentEvaluation,
  user: EvaluationUser,
  timestamp: number,
  rootType?: RootType,
  rootId?: number,
): ExposureEvent {
  const properties: Properties = {}
  if (rootType) {
    properties.$targetingRootType = rootType
    properties.$targetingRootId = rootId
  }
  if (evaluation.config) properties.$parameterConfigurationId = evaluation.config.id
  properties.$experiment_version = evaluation.experiment.version
  properties.$execution_version = evaluation.experiment.executionVersion
  return {
    type: 'exposure',
    insertId: uuid(),
    timestamp,
    user,
    experiment: evaluation.experiment,
    variationId: evaluation.variationId,
    variationKey: evaluation.variationKey,
    decisionReason: evaluation.reason,
    properties,
  }
}

const nested = (evaluations: ExperimentEvaluation[], user: EvaluationUser, timestamp: number, type: RootType, id: number) =>
  evaluations.map((evaluation) => exposure(evaluation, user, timestamp, type, id))

/** The root exposure, then one exposure per nested evaluation (evaluation.md §14, §16). */
export function experimentEvents(evaluation: ExperimentEvaluation, user: EvaluationUser, timestamp: number): SdkEvent[] {
  const root = exposure(evaluation, user, timestamp)
  if (evaluation.targetEvaluations.length === 0) return [root]
  return [root, ...nested(evaluation.targetEvaluations, user, timestamp, 'EXPERIMENT', evaluation.experiment.id)]
}

/** The remote-config event, then one exposure per nested evaluation. */
export function remoteConfigEvents(
  parameter: RemoteConfigParameter,
  evaluation: RemoteConfigEvaluation,
  user: EvaluationUser,
  timestamp: number,
): SdkEvent[] {
  const event: RemoteConfigEvent = {
    type: 'remoteConfig',
    insertId: uuid(),
    timestamp,
    user,
    parameter,
    valueId: evaluation.valueId,
    decisionReason: evaluation.reason,
    properties: evaluation.properties,
  }
  if (evaluation.targetEvaluations.length === 0) return [event]
  return [event, ...nested(evaluation.targetEvaluations, user, timestamp, 'REMOTE_CONFIG', parameter.id)]
}

export function trackEvent(
  key: string,
  eventTypeId: number,
  value: number,
  properties: Properties,
  user: EvaluationUser,
  timestamp: number,
): TrackEvent {
  return { type: 'track', insertId: uuid(), timestamp, user, key, eventTypeId, value, properties }
}
