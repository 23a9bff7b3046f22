import { type Identifiers, type SdkEvent } from '../../kernel'
import { sanitizeProperties } from '../../internal'

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

const json = JSON.stringify

/**
 * JSON text of the objects events share, per object: the properties plugin shares one frozen hackle-properties object
 * between all events of a page state, and the sessions plugin one frozen identifiers object per user and session;
 * together they are most of an event's text, so serializing them once makes every event cheaper. Only frozen objects
 * are remembered (an object that can change must be serialized each time).
 */
const sharedText = new WeakMap<object, Item>()

/** The text of `object` (by `text`: the text and its UTF-8 size), remembered for a frozen object. */
function shared(object: object, text: (object: any) => [string, number]): Item {
  let cached = sharedText.get(object)
  if (cached === undefined) {
    const [s, n] = text(object)
    cached = item(s, 0, '', 0, n)
    if (Object.isFrozen(object)) sharedText.set(object, cached)
  }
  return cached
}

/** `"name":<JSON of value>,`, or nothing for a value JSON leaves out (undefined, a function). */
const member = (name: string, value: unknown): string => {
  const text = json(value) as string | undefined
  return text === undefined ? '' : `"${name}":${text},`
}
// Sizes are measured on the flat JSON text: testing a string built by concatenation would first copy it.
function hackleText(properties: object): [string, number] {
  const text = json(sanitizeProperties(properties))
  return [`"hackleProperties":${text}`, 19 + utf8Length(text)]
}
function identifiersText(identifiers: Identifiers): [string, number] {
  const userId = member('userId', identifiers.$id)
  const text = json(identifiers)
  return [`${userId}"identifiers":${text},`, utf8Length(userId) + 15 + utf8Length(text)]
}

/** Events of one moment share their timestamp: its text is kept for the next event. */
let lastTimestamp: unknown
let lastTimestampText = ''
/** A UUID needs no escaping. */
const PLAIN_ID = /^[\w-]*$/

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
 * An event queued: its DTO text is the text of `JSON.stringify(toWireEvent(event))` (the event API's DTO), written
 * member by member: the shared identifiers and hackle properties come from memory, the members after the hackle
 * properties are serialized at once.
 */
export function fromEvent(event: SdkEvent): Item {
  const { user, insertId, timestamp } = event
  if (timestamp !== lastTimestamp) [lastTimestamp, lastTimestampText] = [timestamp, member('timestamp', timestamp)]
  const ids = shared(user.identifiers, identifiersText)
  const hackle = shared(user.hackleProperties, hackleText)
  const plain = typeof insertId === 'string' && PLAIN_ID.test(insertId)
  const id = plain ? `"insertId":"${insertId}",` : member('insertId', insertId)
  const userProperties = json(sanitizeProperties(user.properties))
  // `{…}` of the tail becomes `,…}` (or only `}` for `{}`), the same size.
  const rest = json(tail(event))
  const t = event.type === 'exposure' ? 0 : event.type === 'track' ? 1 : 2
  return item(
    `{${id}${lastTimestampText}${ids.s}"userProperties":${userProperties},${hackle.s}${rest.length > 2 ? `,${rest.slice(1)}` : '}'}`,
    t,
    insertId,
    timestamp,
    // `{`, `"userProperties":` and `,`
    19 + (plain ? id.length : utf8Length(id)) + lastTimestampText.length + ids.n + utf8Length(userProperties) + hackle.n + (rest.length > 2 ? utf8Length(rest) : 1),
  )
}

/** A stored DTO, placed as the reference's `toPayload` places it (by experimentId, eventTypeId, parameterId). */
function fromDto(dto: unknown): Item | undefined {
  if (typeof dto !== 'object' || dto === null) return undefined
  const d = dto as Record<string, unknown>
  const t = d.experimentId !== undefined ? 0 : d.eventTypeId !== undefined ? 1 : d.parameterId !== undefined ? 2 : -1
  return t < 0 ? undefined : item(JSON.stringify(d), t, String(d.insertId), Number(d.timestamp) || 0)
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

/** The batch body: the same text as `JSON.stringify(toWireBatch(events))`. */
export function body(items: readonly Item[]): string {
  const lists: string[][] = [[], [], []]
  for (const i of items) lists[i.t]!.push(i.s)
  return `{${LISTS.map((name, t) => `"${name}":[${lists[t]!.join()}]`).join()}}`
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
