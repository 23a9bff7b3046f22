import { resolveIdentifiers as resolveUserIdentifiers, sanitizeIdentifierValue, isValidIdentifierType, createLogger, forEachIdentifier } from '../internal'
import { textOf } from './text'
import { sanitizeUser as sanitize } from '../plugins/identity'
import type { Identifiers, User } from '../kernel'

/** A parameter's value. */
type ParameterValue = string | number | boolean

/** A parameter config without parameters: every read gives the default (the reference's decision default). */
export class EmptyParameterConfig {
  /** Always `{}`. */
  readonly parameters: Record<string, ParameterValue> = {}
  /** Always `defaultValue`. */
  get<T>(_key: string, defaultValue: T): T {
    return defaultValue
  }
}

/** A remote config without parameters: every read gives the default. */
export class EmptyHackleRemoteConfig {
  /** Always `defaultValue`. */
  get<T>(_key: string, defaultValue: T): T {
    return defaultValue
  }
}

/** A remote-config value with the reason it was chosen. */
export class RemoteConfigDecision {
  constructor(
    /** The value. */
    public value: ParameterValue,
    /** Why it was chosen (a decision reason). */
    public reason: string,
  ) {}
  /** The reference's factory: `new RemoteConfigDecision(value, reason)`. */
  static of(value: ParameterValue, reason: string): RemoteConfigDecision {
    return new RemoteConfigDecision(value, reason)
  }
}

/** The reserved identifier types (getters, not static fields, so a bundle that does not use them drops them). */
export class IdentifierType {
  /** `$id`: the user's main id. */
  static get ID(): string {
    return '$id'
  }
  /** `$userId`: the signed-in user's id. */
  static get USER(): string {
    return '$userId'
  }
  /** `$deviceId`: the device's id. */
  static get DEVICE(): string {
    return '$deviceId'
  }
  /** `$sessionId`: the current session's id. */
  static get SESSION(): string {
    return '$sessionId'
  }
  /** `$hackleDeviceId`: the id the SDK gives the device (cookie `_hackle_hid`). */
  static get HACKLE_DEVICE(): string {
    return '$hackleDeviceId'
  }
}

const logger = /* @__PURE__ */ createLogger()
const warnInvalid = (type: unknown, value: unknown) => logger.warn(`Invalid user identifier [type=${textOf(type)}, value=${textOf(value)}]`)

/** Collects identifiers, skipping (with the reference's warning) a type or value it does not accept. */
export class IdentifiersBuilder {
  /** What was collected so far. */
  identifiers: Identifiers = {}
  /** Adds each own entry of `identifiers` as `add` does; a non-object or unreadable one adds nothing (warned). Returns the builder. */
  addIdentifiers(identifiers: Identifiers): IdentifiersBuilder {
    try {
      if (identifiers !== null && typeof identifiers === 'object') forEachIdentifier(identifiers, (type, value) => {
          // own entries only (an enumerable member a page added to Object.prototype is not an identifier)
          if (Object.prototype.hasOwnProperty.call(identifiers, type)) this.add(type, value)
        })
    } catch (error) {
      logger.warn(`Invalid identifiers: ${textOf(error)}`)
    }
    return this
  }
  /** Adds one identifier; an invalid type or value is skipped with a warning. Returns the builder. */
  add(type: string, value: unknown): IdentifiersBuilder {
    if (isValidIdentifierType(type) && sanitizeIdentifierValue(value) !== undefined) this.identifiers[type] = value as string
    else warnInvalid(type, value)
    return this
  }
  /** The identifiers collected (the builder's own object, not a copy). */
  build(): Identifiers {
    return this.identifiers
  }
}

/** A user's identifiers as the reference lists them: custom ones, `$id`, `$deviceId`, then `$userId` when set. */
export function resolveIdentifiers(user: User): Identifiers {
  try {
    return resolveUserIdentifiers(user !== null && typeof user === 'object' ? user : {}, undefined, warnInvalid)
  } catch (error) {
    logger.warn(`Invalid user: ${textOf(error)}`)
    return {}
  }
}

/** The user with only the ids and properties the SDK accepts, or null when nothing identifies it. */
export function sanitizeUser(user: unknown): User | null {
  try {
    return sanitize(user) ?? null
  } catch (error) {
    logger.warn(`Invalid user: ${textOf(error)}`)
    return null
  }
}
