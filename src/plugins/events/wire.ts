import { type SdkEvent } from '../../kernel'
import { sanitizeProperties, toJson } from '../../internal'

/**
 * An event in its wire form, serialized once when it is queued: the DTO text (the event API's DTO), the batch
 * list it belongs to (0 exposure, 1 track, 2 remote config), its insertId, timestamp and size in UTF-8 bytes.
 */
export interface Item {
  readonly s: string
  readonly t: number
  readonly id: string
  readonly ts: number
  readonly n: number
  /** Bytes in a beacon form, with its comma (computed when first needed). */
  f?: number
}

const LISTS = ['exposureEvents', 'trackEvents', 'remoteConfigEvents']
/** Bytes of an empty batch body, `{"exposureEvents":[],"trackEvents":[],"remoteConfigEvents":[]}`. */
const OVERHEAD = 62
/** Events per request, as in the reference. */
export const BATCH_SIZE = 100

// Anchored: one pass over the string, several times faster than searching for a non-ASCII character.
const ASCII = /^[\0-\x7f]*$/

/** UTF-8 length of a string (what a request body costs against the browser's keepalive quota). */
export function utf8Length(text: string): number {
  if (ASCII.test(text)) return text.length
  let n = 0
  // A surrogate pair counts 2 + 2 = 4 bytes.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3
  }
  return n
}

const item = (s: string, t: number, id: string, ts: number, n = utf8Length(s)): Item => ({ s, t, id, ts, n })

const json = toJson

/**
 * Hackle properties as JSON text, per object. The properties plugin shares one frozen object between all events of
 * a page state, and those properties are most of an event's text: serializing them once makes every event cheaper.
 */
const sharedHackleText = new WeakMap<object, Item>()

/** `,"hackleProperties":{…}`, with its UTF-8 size (`t`, `id`, `ts` unused). */
function hackleMembers(properties: object): Item {
  let cached = sharedHackleText.get(properties)
  if (cached === undefined) {
    cached = item(`,"hackleProperties":${json(sanitizeProperties(properties))}`, 0, '', 0)
    if (Object.isFrozen(properties)) sharedHackleText.set(properties, cached)
  }
  return cached
}

/** The members of an event after its hackle properties, in the event API's DTO order. */
function tail(event: SdkEvent): object {
  switch (event.type) {
    case 'exposure':
      return {
        experimentId: event.experimentId,
        experimentKey: event.experimentKey,
        experimentType: event.kind === 'feature-flag' ? 'FEATURE_FLAG' : 'AB_TEST',
        experimentVersion: event.experimentVersion,
        variationId: event.variationId,
        variationKey: event.variationKey,
        decisionReason: event.decisionReason,
        properties: event.properties,
      }
    case 'track':
      return { eventTypeId: event.eventTypeId, eventTypeKey: event.key, value: event.value, properties: sanitizeProperties(event.properties) }
    case 'remoteConfig':
      return {
        parameterId: event.parameterId,
        parameterKey: event.parameterKey,
        parameterType: event.parameterType,
        valueId: event.valueId,
        decisionReason: event.decisionReason,
        properties: sanitizeProperties(event.properties),
      }
  }
  return {}
}

/**
 * An event queued: its DTO text is the text of `JSON.stringify(toWireEvent(event))` (the event API's DTO): the
 * members before the hackle properties and those after them are serialized apart, and the shared hackle properties
 * spliced in between from memory.
 */
export function fromEvent(event: SdkEvent): Item {
  const { user } = event
  const identifiers = user.identifiers
  const userProperties = sanitizeProperties(user.properties)
  // `{…` without its `}` (userProperties is always there), then `…}` with `,` for `{` (or only `}` for `{}`).
  const head = json({ insertId: event.insertId, timestamp: event.timestamp, userId: identifiers.$id, identifiers, userProperties }).slice(0, -1)
  const hackle = hackleMembers(user.hackleProperties)
  let rest = json(tail(event))
  rest = rest.length > 2 ? `,${rest.slice(1)}` : '}'
  const t = event.type === 'exposure' ? 0 : event.type === 'track' ? 1 : 2
  return item(head + hackle.s + rest, t, event.insertId, event.timestamp, utf8Length(head) + hackle.n + utf8Length(rest))
}

/** A stored DTO, placed as the reference's `toPayload` places it (by experimentId, eventTypeId, parameterId). */
function fromDto(dto: unknown): Item | undefined {
  if (typeof dto !== 'object' || dto === null) return undefined
  const d = dto as Record<string, unknown>
  const t = d.experimentId !== undefined ? 0 : d.eventTypeId !== undefined ? 1 : d.parameterId !== undefined ? 2 : -1
  return t < 0 ? undefined : item(json(d), t, String(d.insertId), Number(d.timestamp) || 0)
}

/** The events of stored text: a retry-store array of DTOs or a batch body. Unreadable text holds none. */
export function parseStored(text: string | null): Item[] {
  if (!text) return []
  try {
    const value = JSON.parse(text)
    let dtos: unknown[] = []
    if (Array.isArray(value)) dtos = value
    else if (value && typeof value === 'object') for (const list of LISTS) dtos = dtos.concat(value[list] ?? [])
    return dtos.map(fromDto).filter((i): i is Item => i !== undefined)
  } catch {
    return []
  }
}

/**
 * The batch body: the same text as `JSON.stringify(toWireBatch(events))`. Each list is joined (a list's array in the
 * template is its `join()`), the whole only concatenated: the events' text is copied once here, not once more for
 * the whole body.
 */
export function body(items: readonly Item[]): string {
  const lists: string[][] = [[], [], []]
  for (const i of items) lists[i.t]!.push(i.s)
  return `{"exposureEvents":[${lists[0]}],"trackEvents":[${lists[1]}],"remoteConfigEvents":[${lists[2]}]}`
}

/** UTF-8 size of `body(items)`. */
export const bodySize = (items: readonly Item[]): number => items.reduce((size, i) => size + i.n + 1, OVERHEAD)

const FORM_ESCAPED = /[!'()~]/g
const SPACE = / /g

/** Length of `text` in an `application/x-www-form-urlencoded` body (what URLSearchParams writes), without building it. */
export function formLength(text: string): number {
  try {
    // encodeURIComponent keeps !'()~ that forms escape, and writes %20 where forms write +.
    return encodeURIComponent(text).length + 2 * ((text.match(FORM_ESCAPED)?.length ?? 0) - (text.match(SPACE)?.length ?? 0))
  } catch {
    return text.length * 9 // a lone surrogate: an upper bound
  }
}

/** Encoded bytes of a beacon form besides its events (upper bound): the other fields and the batch's brackets. */
export const FORM_FIELDS = 400

/** An event's share of a beacon form: its encoded DTO and encoded comma. */
export const formSize = (i: Item): number => (i.f ??= formLength(i.s) + 2)

/** Splits events, in order, into batches of at most 100 whose body stays within `limit` bytes (a lone larger event is its own batch). */
export function chunk(items: readonly Item[], limit: number): Item[][] {
  const chunks: Item[][] = []
  let current: Item[] = []
  let size = OVERHEAD
  for (const i of items) {
    if (current.length && (size + i.n + 1 > limit || current.length >= BATCH_SIZE)) {
      chunks.push(current)
      current = []
      size = OVERHEAD
    }
    current.push(i)
    size += i.n + 1
  }
  if (current.length) chunks.push(current)
  return chunks
}
