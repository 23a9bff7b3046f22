import {
  ErrorCode,
  GeneralError,
  OpenFeatureEventEmitter,
  ProviderEvents,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
  type TrackingEventDetails,
} from '@openfeature/web-sdk'
import type { Kernel, Plugin, User } from '../kernel'
import { getManualOverrideHooks } from '../plugins/manual-overrides/hooks'
import { describesUser, userFromContext, type TargetingKeyField } from './context'
import { resolveFlagKey, type FlagValueType, type HackleFlagSource } from './keys'
import { evaluate, failed } from './resolve'

const NAME = 'openfeature'

/** `new HackleProvider(options)`: how flag keys map to Hackle sources and which user field `targetingKey` fills. */
export interface HackleProviderOptions {
  /**
   * Flag keys that name a Hackle source explicitly, beyond the key scheme (`flag:7`, `ab:42`, `rc:name`, `"7"`, any
   * other name = remote config): `{ 'new-checkout': { type: 'feature-flag', key: 7 } }`.
   */
  flags?: Readonly<Record<string, HackleFlagSource>>
  /** The Hackle user field that the evaluation context's `targetingKey` fills (default `userId`). */
  targetingKey?: TargetingKeyField
  /**
   * How long `initialize` waits for a hackle-kit client to apply the provider (list it in that client's `plugins`)
   * before it rejects (default 5000 ms); a client that applies it later makes it emit `PROVIDER_READY`.
   */
  attachTimeoutMillis?: number
}

/** `attachTimeoutMillis` by default. */
const ATTACH_TIMEOUT_MILLIS = 5_000

/** Where the provider is in its life: before `initialize`, waiting for a config, ready, started without one, closed. */
type Phase = 'idle' | 'initializing' | 'ready' | 'failed' | 'closed'

/** The config's JSON text, to tell a changed config from the same one loaded again (a poll answered 200). */
function textOf(config: unknown): string | undefined {
  try {
    return JSON.stringify(config)
  } catch {
    return undefined
  }
}

/**
 * An OpenFeature web provider answered by a hackle-kit client. It is also the hackle-kit plugin that connects it to
 * that client: add it to the client's plugins, then give it to OpenFeature.
 *
 * ```ts
 * const provider = new HackleProvider()
 * const hackle = createInstance('SDK_KEY', { plugins: [provider] })
 * await OpenFeature.setProviderAndWait(provider)
 * ```
 *
 * - `initialize(context)` waits for the client's first workspace config (a cached or `workspaceConfig` one counts)
 *   and applies the context's user; it rejects when the client's start-up ended without a config, and the provider
 *   emits `PROVIDER_READY` when a later load brings one.
 * - Every later config that differs from the last one, and every manual override a DevTool sets or resets (with the
 *   manual-overrides plugin), emits `PROVIDER_CONFIGURATION_CHANGED` (no `flagsChanged`: any flag may have changed).
 * - `onContextChange` makes the new context the client's user (the identity plugin's `setUser` when the client has
 *   it, so cohorts are synced before the provider is reconciled).
 * - `track(name, context, { value, ...properties })` is the client's `track({ key: name, value, properties })`.
 * - `onClose` stops the provider's events and asks the client to send its queued events; the client itself stays
 *   open (the page owns it: `hackle.close()`).
 * One provider serves one client; a second client that lists it is refused with a warning.
 */
export class HackleProvider implements Provider, Plugin {
  /** The provider's metadata for OpenFeature. */
  readonly metadata = {
    /** The provider's name: `hackle-kit`. */
    name: 'hackle-kit',
  } as const
  /** A static-context (web) provider. */
  readonly runsOn = 'client' as const
  /** The provider's events (`PROVIDER_READY`, `PROVIDER_CONFIGURATION_CHANGED`). */
  readonly events = new OpenFeatureEventEmitter()
  /** The hackle-kit plugin name. */
  readonly name = NAME

  private kernel: Kernel | undefined
  private phase: Phase = 'idle'
  private configText: string | undefined
  private readonly flags: HackleProviderOptions['flags']
  private readonly targetingKey: TargetingKeyField
  private readonly attachTimeoutMillis: number
  private attach!: (kernel: Kernel) => void
  private readonly attached = new Promise<Kernel>((resolve) => (this.attach = resolve))
  private startup!: (ready: boolean) => void
  /** Settles with the client's start-up: whether a workspace config was available then. */
  private readonly started = new Promise<boolean>((resolve) => (this.startup = resolve))

  constructor(options: HackleProviderOptions = {}) {
    const { flags, targetingKey, attachTimeoutMillis } = options ?? {}
    this.flags = flags !== null && typeof flags === 'object' ? flags : undefined
    this.targetingKey = targetingKey === 'id' || targetingKey === 'deviceId' ? targetingKey : 'userId'
    this.attachTimeoutMillis =
      typeof attachTimeoutMillis === 'number' && attachTimeoutMillis >= 0 ? attachTimeoutMillis : ATTACH_TIMEOUT_MILLIS
  }

  /** hackle-kit plugin: listens to the client's config loads and start-up. */
  apply(kernel: Kernel): void {
    if (this.kernel) return kernel.logger.warn('HackleProvider already serves another client: create one provider per client')
    this.kernel = kernel
    kernel.hooks.workspaceLoaded.tap(NAME, (_workspace, config) => this.workspaceLoaded(config))
    kernel.hooks.initialized.tap(NAME, (ready) => this.startup(ready))
    // a DevTool override changes answers as a new config does
    kernel.hooks.applied.tap(NAME, () => {
      if (kernel.has('manual-overrides')) getManualOverrideHooks(kernel).overrideChanged.tap(NAME, () => this.changed('Hackle manual override changed'))
    })
    this.attach(kernel)
  }

  /** OpenFeature's start: waits for the client's first config and applies `context`'s user; rejects when start-up ended without a config. */
  async initialize(context?: EvaluationContext): Promise<void> {
    this.phase = 'initializing'
    const kernel = await this.attachedWithin(this.attachTimeoutMillis)
    if (!kernel) {
      if (this.phase === 'initializing') this.phase = 'failed'
      throw new GeneralError(
        'Hackle: the HackleProvider is in no hackle-kit client’s plugins (list it in the `plugins` of the first createInstance ' +
          'or createKernel for the SDK key); PROVIDER_READY follows when a client applies it',
      )
    }
    if (describesUser(context)) await this.setUser(kernel, context)
    const ready = kernel.workspaces.current() !== undefined || (await this.started) || kernel.workspaces.current() !== undefined
    if (this.phase !== 'initializing') return
    this.phase = ready ? 'ready' : 'failed'
    if (!ready) throw new GeneralError('Hackle: no workspace config could be loaded; PROVIDER_READY follows when one is')
  }

  /** The client that applied the provider, or undefined when none did within `millis`. */
  private attachedWithin(millis: number): Promise<Kernel | undefined> {
    if (this.kernel) return Promise.resolve(this.kernel)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, millis, undefined)))
    return Promise.race([this.attached, late]).finally(() => clearTimeout(timer))
  }

  /** Stops the provider's events and asks the client to send its queued events; the client stays open. */
  async onClose(): Promise<void> {
    this.phase = 'closed'
    this.kernel?.hooks.flush.call('manual')
  }

  /** Makes the new context the client's user (failures are logged; it never rejects). */
  onContextChange(_oldContext: EvaluationContext, newContext: EvaluationContext): Promise<void> | void {
    if (this.kernel) return this.setUser(this.kernel, newContext)
  }

  /**
   * A boolean flag: a feature flag's on/off (or a boolean remote-config value). Every `resolve*Evaluation` answers the
   * caller's default with an error code (never throws) when the key does not resolve, the provider has no client, or
   * Hackle decided with an error reason.
   */
  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return this.resolve(flagKey, 'boolean', defaultValue)
  }

  /** A string flag: an A/B test's variation key, or a string remote-config value. */
  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return this.resolve(flagKey, 'string', defaultValue)
  }

  /** A number flag: a number remote-config value. */
  resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return this.resolve(flagKey, 'number', defaultValue)
  }

  /** An object flag: a JSON remote-config value that parses to an object or array (else `PARSE_ERROR` / `TYPE_MISMATCH`). */
  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return this.resolve(flagKey, 'object', defaultValue)
  }

  /** Tracks `trackingEventName` on the client: `details.value` (a number) as the value, the other details as properties. */
  track(trackingEventName: string, _context?: EvaluationContext, details?: TrackingEventDetails): void {
    const kernel = this.kernel
    if (!kernel) return
    const { value, ...properties } = details ?? {}
    kernel.client.track({ key: trackingEventName, ...(typeof value === 'number' && { value }), properties })
  }

  private resolve<T extends boolean | string | number | JsonValue>(flagKey: string, valueType: FlagValueType, defaultValue: T): ResolutionDetails<T> {
    const kernel = this.kernel
    if (!kernel) return failed(defaultValue, ErrorCode.PROVIDER_NOT_READY, 'the HackleProvider is not in a hackle-kit client’s plugins')
    try {
      const source = resolveFlagKey(String(flagKey), valueType, this.flags)
      if ('error' in source) return failed(defaultValue, ErrorCode[source.error], source.message)
      return evaluate(kernel.client, source, valueType, defaultValue)
    } catch (error) {
      // a `flags` option the page's code cannot read (a throwing getter); the client's own calls never throw
      kernel.logger.error(`HackleProvider: unexpected exception for flag "${String(flagKey)}": ${String(error)}`)
      return failed(defaultValue, ErrorCode.GENERAL, String(error))
    }
  }

  /** A config became active: `PROVIDER_READY` after a failed start, `PROVIDER_CONFIGURATION_CHANGED` when it differs. */
  private workspaceLoaded(config: unknown): void {
    const text = textOf(config)
    const changed = text === undefined || text !== this.configText
    this.configText = text
    if (this.phase === 'failed') {
      this.phase = 'ready'
      this.events.emit(ProviderEvents.Ready, { message: 'Hackle workspace config loaded' })
    } else if (changed) {
      this.changed('Hackle workspace config changed')
    }
  }

  /** Answers may have changed: `PROVIDER_CONFIGURATION_CHANGED` once the provider is ready (none before, none after close). */
  private changed(message: string): void {
    if (this.phase === 'ready') this.events.emit(ProviderEvents.ConfigurationChanged, { message })
  }

  /**
   * Makes the context the client's user. The context is the whole user: properties it no longer has are dropped
   * (Hackle keeps a same user's earlier properties), and without `userId` / `deviceId` the user is the anonymous
   * user of the client's current device id.
   */
  private async setUser(kernel: Kernel, context: EvaluationContext): Promise<void> {
    try {
      const { user, skipped } = userFromContext(context, this.targetingKey)
      if (skipped.length) kernel.logger.warn(`HackleProvider: context attributes skipped (not a Hackle id or property): ${skipped.join(', ')}`)
      const next: User = { ...user, deviceId: user.deviceId ?? kernel.users.current().deviceId }
      const setUser = (kernel.client as { setUser?: (user: User) => Promise<void> }).setUser
      if (typeof setUser === 'function') await setUser(next)
      else kernel.users.update(next)
      const given = next.properties ?? {}
      const kept = kernel.users.current().properties ?? {}
      const extra = Object.keys(kept).filter((name) => !Object.prototype.hasOwnProperty.call(given, name))
      if (extra.length) kernel.users.setProperties(Object.fromEntries(Object.entries(kept).filter(([name]) => !extra.includes(name))))
    } catch (error) {
      kernel.logger.error(`HackleProvider: failed to set the user from the context: ${String(error)}`)
    }
  }
}
