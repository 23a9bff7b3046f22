import { getParameter, type ParameterConfiguration } from './evaluation'

/** A parameter's value. */
type ParameterValue = string | number | boolean

/** A variation's parameters with typed reads. */
export class ParameterConfig {
  constructor(private readonly configuration?: ParameterConfiguration) {}

  /** Every parameter, key → value (`{}` without any). */
  get parameters(): Record<string, ParameterValue> {
    return this.configuration?.parameters ?? {}
  }

  /** The parameter's value when it exists and has the default's type (string, number or boolean), else `defaultValue`. */
  get<T>(key: string, defaultValue: T): T {
    return getParameter(this.configuration, key, defaultValue) as T
  }
}

// pure: an entry that never makes a decision (most plugin entries) drops it, and with it the class and its reads
const EMPTY_CONFIG = /* @__PURE__ */ new ParameterConfig()
export const parameterConfig = (configuration?: ParameterConfiguration) =>
  configuration ? new ParameterConfig(configuration) : EMPTY_CONFIG

/** The public, read-only view of an experiment or flag (`HackleExperiment`); the parsed experiment satisfies it. */
export interface HackleExperiment {
  /** The experiment's key. */
  readonly key: number
  /** Its version. */
  readonly version: number
  /** Its variations' keys and parameters. */
  readonly variations: ReadonlyArray<{ readonly key: string; readonly parameters: Record<string, ParameterValue> }>
}

/** What a decision needs of its config: the reference accepts any object of this shape in its factories. */
export type ParameterConfigLike = Pick<ParameterConfig, 'parameters' | 'get'>

/** The reads both decisions share. Their members are their own, in the reference's order (its JSON has that order). */
abstract class DecisionBase {
  /** The parameters of the variation (or of the flag's state) the user got. */
  abstract readonly config: ParameterConfigLike

  // A factory's caller may pass `null` as the config (the reference keeps it): reads then give the defaults.
  /** `config.parameters` (`{}` without a config). */
  get parameters(): Record<string, ParameterValue> {
    return this.config?.parameters ?? {}
  }

  /** `config.get(key, defaultValue)`: the parameter when it has the default's type, else the default. */
  get<T>(key: string, defaultValue: T): T {
    return this.config ? this.config.get(key, defaultValue) : defaultValue
  }
}

/** The answer of `variationDetail`. */
export class Decision extends DecisionBase {
  constructor(
    /** The variation the user got (the default variation when none could be decided). */
    readonly variation: string,
    /** Why (`TRAFFIC_ALLOCATED`, `OVERRIDDEN`, `SDK_NOT_READY`, `EXPERIMENT_NOT_FOUND`, …). */
    readonly reason: string,
    /** The variation's parameters. */
    readonly config: ParameterConfigLike = EMPTY_CONFIG,
    /** The experiment decided, when the workspace has it. */
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
    /** Whether the flag is on for the user (false when it could not be decided). */
    readonly isOn: boolean,
    /** Why (`DEFAULT_RULE`, `TARGET_RULE_MATCH`, `FEATURE_FLAG_INACTIVE`, `SDK_NOT_READY`, …). */
    readonly reason: string,
    /** The parameters of the flag's state. */
    readonly config: ParameterConfigLike = EMPTY_CONFIG,
    /** The flag decided, when the workspace has it. */
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
  /** What `get` answers: the parameter's value, or the default. */
  readonly value: T
  /** Why (`TARGET_RULE_MATCH`, `DEFAULT_RULE`, `TYPE_MISMATCH`, `SDK_NOT_READY`, …). */
  readonly reason: string
}
