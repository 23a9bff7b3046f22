import { getParameter, type Experiment, type ParameterConfiguration } from './evaluation'

type ParameterValue = string | number | boolean

/** A variation's parameters with typed reads (evaluation.md §9). */
export class ParameterConfig {
  constructor(private readonly configuration?: ParameterConfiguration) {}

  get parameters(): Record<string, ParameterValue> {
    return this.configuration?.parameters ?? {}
  }

  get<T>(key: string, defaultValue: T): T {
    try {
      return getParameter(this.configuration, key, defaultValue) as T
    } catch {
      return defaultValue
    }
  }
}

const EMPTY_CONFIG = new ParameterConfig()
export const parameterConfig = (configuration?: ParameterConfiguration) =>
  configuration ? new ParameterConfig(configuration) : EMPTY_CONFIG

/** The public view of an experiment or flag (`HackleExperiment`). */
export interface HackleExperiment {
  readonly key: number
  readonly version: number
  readonly variations: ReadonlyArray<{ readonly key: string; readonly parameters: Record<string, ParameterValue> }>
}

const views = new WeakMap<Experiment, HackleExperiment>()

export function experimentView(experiment: Experiment): HackleExperiment {
  let view = views.get(experiment)
  if (!view) {
    view = Object.freeze({
      key: experiment.key,
      version: experiment.version,
      variations: experiment.variations.map((variation) =>
        Object.freeze({ key: variation.key, parameters: variation.config?.parameters ?? {} }),
      ),
    })
    views.set(experiment, view)
  }
  return view
}

abstract class DecisionBase {
  constructor(
    readonly reason: string,
    readonly config: ParameterConfig,
    readonly experiment: HackleExperiment | undefined,
  ) {}

  get parameters(): Record<string, ParameterValue> {
    return this.config.parameters
  }

  get<T>(key: string, defaultValue: T): T {
    return this.config.get(key, defaultValue)
  }
}

/** The answer of `variationDetail`. */
export class Decision extends DecisionBase {
  constructor(
    readonly variation: string,
    reason: string,
    config: ParameterConfig = EMPTY_CONFIG,
    experiment?: HackleExperiment,
  ) {
    super(reason, config, experiment)
  }
}

/** The answer of `featureFlagDetail`. */
export class FeatureFlagDecision extends DecisionBase {
  constructor(
    readonly isOn: boolean,
    reason: string,
    config: ParameterConfig = EMPTY_CONFIG,
    experiment?: HackleExperiment,
  ) {
    super(reason, config, experiment)
  }
}

/** The answer of `remoteConfig().getDetail` (hackle-kit's addition: the value with its reason). */
export interface RemoteConfigDetail<T> {
  readonly value: T
  readonly reason: string
}
