import { sanitizeProperties } from '../kernel/events/sanitize'
import type { Identifiers, Properties, SdkEvent } from '../kernel'

/** One event as the event API receives it (the event API's DTOs). */
export interface WireEvent {
  insertId: string
  timestamp: number
  userId?: string | number
  identifiers: Identifiers
  userProperties: Properties
  hackleProperties: Properties
  [field: string]: unknown
}

export interface WireBatch {
  exposureEvents: WireEvent[]
  trackEvents: WireEvent[]
  remoteConfigEvents: WireEvent[]
}

/**
 * Builds the wire form of an event. Field order follows the reference so bodies compare equal as text.
 * `hackleProperties` lets a caller that has them sanitized already pass them (or a stand-in) instead.
 */
export function toWireEvent(
  event: SdkEvent,
  identifiers: Identifiers = event.user.identifiers,
  hackleProperties: Properties = sanitizeProperties(event.user.hackleProperties),
): WireEvent {
  const wire: WireEvent = {
    insertId: event.insertId,
    timestamp: event.timestamp,
    userId: identifiers.$id,
    identifiers,
    userProperties: sanitizeProperties(event.user.properties),
    hackleProperties,
  }
  switch (event.type) {
    case 'exposure':
      wire.experimentId = event.experimentId
      wire.experimentKey = event.experimentKey
      wire.experimentType = event.kind === 'feature-flag' ? 'FEATURE_FLAG' : 'AB_TEST'
      wire.experimentVersion = event.experimentVersion
      wire.variationId = event.variationId
      wire.variationKey = event.variationKey
      wire.decisionReason = event.decisionReason
      wire.properties = event.properties
      break
    case 'track':
      wire.eventTypeId = event.eventTypeId
      wire.eventTypeKey = event.key
      wire.value = event.value
      wire.properties = sanitizeProperties(event.properties)
      break
    case 'remoteConfig':
      wire.parameterId = event.parameterId
      wire.parameterKey = event.parameterKey
      wire.parameterType = event.parameterType
      wire.valueId = event.valueId
      wire.decisionReason = event.decisionReason
      wire.properties = sanitizeProperties(event.properties)
      break
  }
  return wire
}

/** Groups events into the three arrays of a batch body, keeping queue order inside each. */
export function toWireBatch(events: Iterable<SdkEvent>): WireBatch {
  const batch: WireBatch = { exposureEvents: [], trackEvents: [], remoteConfigEvents: [] }
  for (const event of events) {
    const list =
      event.type === 'exposure' ? batch.exposureEvents : event.type === 'track' ? batch.trackEvents : batch.remoteConfigEvents
    list.push(toWireEvent(event))
  }
  return batch
}
