import type { ExperimentEvaluation, RemoteConfigEvaluation, RemoteConfigParameter } from '../evaluation'
import type { EvaluationUser, Properties } from '../types'
import { uuid } from '../util/uuid'
import type { ExposureEvent, RemoteConfigEvent, SdkEvent, TrackEvent } from './model'

type RootType = 'EXPERIMENT' | 'REMOTE_CONFIG' | 'IN_APP_MESSAGE'
type Fields<E extends SdkEvent> = Omit<E, 'insertId' | 'timestamp' | 'user'>

/** An event of any type: a fresh insert id plus the time and user it happened for. */
const event = <E extends SdkEvent>(fields: Fields<E>, user: EvaluationUser, timestamp: number): E =>
  ({ insertId: uuid(), timestamp, user, ...fields }) as E

/** Exposures of the nested evaluations, tagged with their root (evaluation.md §14). */
function exposures(evaluations: ExperimentEvaluation[], user: EvaluationUser, timestamp: number, rootType?: RootType, rootId?: number) {
  return evaluations.map((evaluation) => {
    const properties: Properties = rootType ? { $targetingRootType: rootType, $targetingRootId: rootId } : {}
    if (evaluation.config) properties.$parameterConfigurationId = evaluation.config.id
    properties.$experiment_version = evaluation.experiment.version
    properties.$execution_version = evaluation.experiment.executionVersion
    return event<ExposureEvent>(
      {
        type: 'exposure',
        experiment: evaluation.experiment,
        variationId: evaluation.variationId,
        variationKey: evaluation.variationKey,
        decisionReason: evaluation.reason,
        properties,
      },
      user,
      timestamp,
    )
  })
}

/** The root exposure, then one exposure per nested evaluation (evaluation.md §14, §16). */
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
  event<RemoteConfigEvent>(
    { type: 'remoteConfig', parameter, valueId: evaluation.valueId, decisionReason: evaluation.reason, properties: evaluation.properties },
    user,
    timestamp,
  ),
  ...exposures(evaluation.targetEvaluations, user, timestamp, 'REMOTE_CONFIG', parameter.id),
]

export const trackEvent = (
  key: string,
  eventTypeId: number,
  value: number,
  properties: Properties,
  user: EvaluationUser,
  timestamp: number,
): TrackEvent => event<TrackEvent>({ type: 'track', key, eventTypeId, value, properties }, user, timestamp)
