import type { HackleEvent } from '../kernel'

/** A channel subscription status (the reference's `HackleSubscriptionStatus` enum, same runtime object). */
export const HackleSubscriptionStatus = /* @__PURE__ */ Object.freeze({
  SUBSCRIBED: 'SUBSCRIBED',
  UNSUBSCRIBED: 'UNSUBSCRIBED',
  UNKNOWN: 'UNKNOWN',
} as const)
export type HackleSubscriptionStatus = (typeof HackleSubscriptionStatus)[keyof typeof HackleSubscriptionStatus]

/**
 * Subscription changes for one channel (push, SMS, Kakao): subscription key → status, in first-set order.
 * As in the reference, neither keys nor statuses are checked here; the event's properties are sanitized on the
 * wire like any track event's, which drops empty keys and null values.
 */
export class HackleSubscriptionOperations {
  private readonly operations: ReadonlyMap<string, HackleSubscriptionStatus>

  constructor(operations: ReadonlyMap<string, HackleSubscriptionStatus> = new Map()) {
    this.operations = new Map(operations)
  }

  /** `{ key, properties: { "$marketing": "SUBSCRIBED", … } }`, the event `update*Subscriptions` tracks. */
  toEvent(key: string): HackleEvent {
    return { key, properties: this.toRecord() }
  }

  /** `{ "$marketing": "SUBSCRIBED", … }`. */
  toRecord(): Record<string, string> {
    return Object.fromEntries(this.operations)
  }

  /** How many subscription keys there are. */
  get size(): number {
    return this.operations.size
  }
}

/**
 * The reference's `HackleSubscriptionOperationsBuilder`: `marketing` (key `$marketing`),
 * `information` (`$information`) and `custom(key)`. Setting a key again replaces its status and keeps its position.
 */
export class HackleSubscriptionOperationsBuilder {
  private readonly operations = new Map<string, HackleSubscriptionStatus>()

  /** Sets the marketing subscription (`$marketing`); returns the builder. */
  marketing(status: HackleSubscriptionStatus): this {
    return this.custom('$marketing', status)
  }

  /** Sets the information subscription (`$information`); returns the builder. */
  information(status: HackleSubscriptionStatus): this {
    return this.custom('$information', status)
  }

  /** Sets subscription `key`; returns the builder. */
  custom(key: string, status: HackleSubscriptionStatus): this {
    this.operations.set(key, status)
    return this
  }

  /** The subscriptions set so far (a copy). */
  build(): HackleSubscriptionOperations {
    return new HackleSubscriptionOperations(this.operations)
  }
}
