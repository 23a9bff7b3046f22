import { getParameter, type ParameterConfiguration } from './evaluation'

type ParameterValue = string | number | boolean

/** A variation's parameters with typed reads. */
export class ParameterConfig {
  constructor(private readonly configuration?: ParameterConfiguration) {}

  get parameters(): Record<string, ParameterValue> {
    return this.configuration?.parameters ?? {}
  }

  get<T>(key: string, defaultValue: T): T {
    return getParameter(this.configuration, key, defaultValue) as T
  }
}

const EMPTY_CONFIG = new ParameterConfig()
export const parameterConfig = (configuration?: ParameterConfiguration) =>
  configuration ? new ParameterConfig(configuration) : EMPTY_CONFIG

/** The public, read-only view of an experiment or flag (`HackleExperiment`); the parsed experiment satisfies it. */
export interface HackleExperiment {
  readonly key: number
  readonly version: number
  readonly variations: ReadonlyArray<{ readonly key: string; readonly parameters: Record<string, ParameterValue> }>
}

abstract class DecisionBase {
  constructor(
    readonly reason: string,
    readonly config: ParameterConfig = EMPTY_CONFIG,
    readonly experiment: HackleExperiment | undefined = undefined,
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
    config?: ParameterConfig,
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
    config?: ParameterConfig,
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
