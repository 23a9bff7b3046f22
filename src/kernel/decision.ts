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

/** What a decision needs of its config: the reference accepts any object of this shape in its factories. */
export type ParameterConfigLike = Pick<ParameterConfig, 'parameters' | 'get'>

/** The reads both decisions share. Their members are their own, in the reference's order (its JSON has that order). */
abstract class DecisionBase {
  abstract readonly config: ParameterConfigLike

  // A factory's caller may pass `null` as the config (the reference keeps it): reads then give the defaults.
  get parameters(): Record<string, ParameterValue> {
    return this.config?.parameters ?? {}
  }

  get<T>(key: string, defaultValue: T): T {
    return this.config ? this.config.get(key, defaultValue) : defaultValue
  }
}

/** The answer of `variationDetail`. */
export class Decision extends DecisionBase {
  constructor(
    readonly variation: string,
    readonly reason: string,
    readonly config: ParameterConfigLike = EMPTY_CONFIG,
    readonly experiment: HackleExperiment | undefined = undefined,
  ) {
    super()
  }

  /** The reference's factory: `new Decision(variation, reason, config, experiment)` with an empty config by default. */
  static of(variation: string, reason: string, config?: ParameterConfigLike, experiment?: HackleExperiment): Decision {
    return new Decision(variation, reason, config, experiment)
  }
}

/** The answer of `featureFlagDetail`. */
export class FeatureFlagDecision extends DecisionBase {
  constructor(
    readonly isOn: boolean,
    readonly reason: string,
    readonly config: ParameterConfigLike = EMPTY_CONFIG,
    readonly experiment: HackleExperiment | undefined = undefined,
  ) {
    super()
  }

  /** The reference's factory of an "on" decision, with an empty config by default. */
  static on(reason: string, config?: ParameterConfigLike, experiment?: HackleExperiment): FeatureFlagDecision {
    return new FeatureFlagDecision(true, reason, config, experiment)
  }

  /** The reference's factory of an "off" decision, with an empty config by default. */
  static off(reason: string, config?: ParameterConfigLike, experiment?: HackleExperiment): FeatureFlagDecision {
    return new FeatureFlagDecision(false, reason, config, experiment)
  }
}

/** The answer of `remoteConfig().getDetail` (hackle-kit's addition: the value with its reason). */
export interface RemoteConfigDetail<T> {
  readonly value: T
  readonly reason: string
}
