import { type SdkEvent } from '../../kernel'
import { sanitizeProperties, toWireEvent } from '../../internal'

/**
 * An event in its wire form, serialized once when it is queued: the DTO text (wire-format §4.2–4.5), the batch
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
/** Events per request, as in the reference (browser-behaviour §6.3). */
export const BATCH_SIZE = 100

const NON_ASCII = /[^\0-\x7f]/

/** UTF-8 length of a string (what a request body costs against the browser's keepalive quota). */
export function utf8Length(text: string): number {
  if (!NON_ASCII.test(text)) return text.length
  let n = 0
  // A surrogate pair counts 2 + 2 = 4 bytes.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3
  }
  return n
}

const item = (s: string, t: number, id: string, ts: number): Item => ({ s, t, id, ts, n: utf8Length(s) })

interface Text {
  readonly s: string
  readonly n: number
}
const text = (s: string): Text => ({ s, n: utf8Length(s) })

/**
 * Hackle properties as JSON text, per object. The properties plugin shares one frozen object between all events of
 * a page state, and those properties are most of an event's text: serializing them once makes `track()` cheaper.
 */
const sharedHackleText = new WeakMap<object, Text>()
const NO_PROPERTIES = Object.freeze({})

function hackleText(properties: object): Text | undefined {
  if (!Object.isFrozen(properties)) return undefined
  let cached = sharedHackleText.get(properties)
  if (!cached) sharedHackleText.set(properties, (cached = text(JSON.stringify(sanitizeProperties(properties)))))
  return cached
}

/** The DTO text of an event: `JSON.stringify(toWireEvent(event))`, with shared hackle properties spliced in. */
function dtoText(event: SdkEvent): Text {
  const shared = hackleText(event.user.hackleProperties)
  if (!shared) return text(JSON.stringify(toWireEvent(event)))
  // The fields before hackleProperties, then those after it (every event type has some).
  const { insertId, timestamp, userId, identifiers, userProperties, hackleProperties: _, ...rest } = toWireEvent(
    event,
    undefined,
    NO_PROPERTIES,
  )
  const head = text(JSON.stringify({ insertId, timestamp, userId, identifiers, userProperties }).slice(0, -1))
  const tail = text(JSON.stringify(rest).slice(1))
  return { s: `${head.s},"hackleProperties":${shared.s},${tail.s}`, n: head.n + shared.n + tail.n + 21 }
}

export function fromEvent(event: SdkEvent): Item {
  const { s, n } = dtoText(event)
  return { s, t: event.type === 'exposure' ? 0 : event.type === 'track' ? 1 : 2, id: event.insertId, ts: event.timestamp, n }
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

/** The batch body (wire-format §4.1): the same text as `JSON.stringify(toWireBatch(events))`. */
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
