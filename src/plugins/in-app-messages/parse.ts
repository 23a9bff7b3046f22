import { parseTargets } from '../../internal'
import type { InAppMessage, TimetableSlot } from './message'
import type { Alignment, MessageAction, MessageButton, MessageImage, MessageLayout, PositionalButton } from './model'

/**
 * The workspace config's `inAppMessages` → in-app messages, with the reference's drop rules: a message with an unknown
 * status, time unit, platform type or orientation, a CUSTOM period without both ends, or any invalid content layout is
 * dropped (a layout is invalid with an unknown display / layout type or image orientation, an invalid image, button,
 * close-button or positional-button action, an unknown positional alignment or auto-scroll time unit, or an invalid
 * `html`). An unknown layout alignment is just absent; a timetable of unknown type is ALL; timetable slots with an
 * unknown day are dropped. Deliberately more tolerant than the reference, which fails the whole workspace on a
 * message whose structure is broken (a missing list): such a message alone is dropped. Duplicate keys: the later
 * message wins, keeping the first one's position.
 */

type Dto = Record<string, any>
type Warn = (message: string) => void

const words = (text: string) => text.split(' ')
const STATUSES = words('ACTIVE DRAFT PAUSE') as InAppMessage['status'][]
const PLATFORMS = words('WEB ANDROID IOS')
const ORIENTATIONS = words('VERTICAL HORIZONTAL')
const DISPLAY_TYPES = words('HTML MODAL BANNER BOTTOM_SHEET NONE')
const LAYOUT_TYPES = words('IMAGE_TEXT IMAGE_ONLY TEXT_ONLY IMAGE NONE')
const ACTION_TYPES = words('CLOSE WEB_LINK HIDDEN LINK_AND_CLOSE LINK_NEW_TAB LINK_NEW_TAB_AND_CLOSE LINK_NEW_WINDOW LINK_NEW_WINDOW_AND_CLOSE')
const VERTICAL = words('TOP MIDDLE BOTTOM')
const HORIZONTAL = words('LEFT CENTER RIGHT')
const DAYS = words('MONDAY TUESDAY WEDNESDAY THURSDAY FRIDAY SATURDAY SUNDAY')
const TIME_UNITS = words('nanoseconds microseconds milliseconds seconds minutes hours days')
/** Milliseconds per time unit, in `TIME_UNITS` order; sub-millisecond units divide (as the reference computes). */
const UNIT_FACTORS = [-1e6, -1e3, 1, 1e3, 6e4, 36e5, 864e5]

/** A name of `values`, matched case-insensitively; undefined (logged) when unknown. */
function enumOf<T extends string>(values: readonly T[], v: unknown, warn: Warn): T | undefined {
  const lower = String(v).toLowerCase()
  const found = values.find((t) => t === v || t.toLowerCase() === lower)
  if (!found) warn(`Unsupported type [${v}]. Please use the latest version of sdk.`)
  return found
}

/** A DurationDto in milliseconds, or undefined for an unknown time unit. */
export function durationMillis(dto: Dto, warn: Warn): number | undefined {
  const unit = enumOf(TIME_UNITS, dto.timeUnit, warn)
  if (!unit) return undefined
  const factor = UNIT_FACTORS[TIME_UNITS.indexOf(unit)]!
  return factor < 0 ? dto.amount / -factor : dto.amount * factor
}

/** Maps every item; undefined as soon as one is invalid (the whole list is then invalid). */
function all<T>(list: unknown, parse: (dto: Dto) => T | undefined): T[] | undefined {
  const out: T[] = []
  for (const dto of list as Dto[]) {
    const item = dto == null ? undefined : parse(dto)
    if (item === undefined) return undefined
    out.push(item)
  }
  return out
}

const present = (v: unknown): boolean => v !== null && v !== undefined

function action(dto: Dto, warn: Warn): MessageAction | undefined {
  const behavior = enumOf(['CLICK' as const], dto.behavior, warn)
  const type = behavior && enumOf(ACTION_TYPES, dto.type, warn)
  return type ? { behavior, type: type as MessageAction['type'], value: dto.value ?? null } : undefined
}

function alignment(dto: Dto, warn: Warn): Alignment | undefined {
  const horizontal = enumOf(HORIZONTAL, dto.horizontal, warn)
  const vertical = horizontal && enumOf(VERTICAL, dto.vertical, warn)
  return vertical ? ({ vertical, horizontal } as Alignment) : undefined
}

function button(dto: Dto, warn: Warn): MessageButton | undefined {
  const a = action(dto.action, warn)
  const { textColor, bgColor, borderColor } = dto.style
  return a && { text: dto.text, action: a, style: { textColor, bgColor, borderColor } }
}

function positional(dto: Dto, warn: Warn): PositionalButton | undefined {
  const b = button(dto.button, warn)
  const a = b && alignment(dto.alignment, warn)
  return a && { button: b, alignment: a }
}

function image(dto: Dto, warn: Warn): MessageImage | undefined {
  const orientation = enumOf(ORIENTATIONS, dto.orientation, warn) as MessageImage['orientation'] | undefined
  if (!orientation) return undefined
  const a = present(dto.action) ? action(dto.action, warn) : null
  return a === undefined ? undefined : { orientation, imagePath: dto.imagePath, action: a }
}

function html(dto: Dto, warn: Warn): MessageLayout['html'] | undefined {
  const resourceType = enumOf(['TEXT', 'PATH'] as const, dto.resourceType, warn)
  if (resourceType === 'TEXT') return present(dto.text) ? { resourceType, text: dto.text, path: null } : undefined
  if (resourceType === 'PATH') return present(dto.path) ? { resourceType, text: null, path: dto.path } : undefined
  return undefined
}

const textContent = (dto: Dto) => ({ text: dto.text, style: { textColor: dto.style.textColor } })

/** One content layout (`messageContext.messages[]`), or undefined when it is invalid. */
export function parseLayout(dto: Dto, warn: Warn): MessageLayout | undefined {
  const l = dto.layout
  const layoutType = enumOf(LAYOUT_TYPES, l.layoutType, warn) as MessageLayout['layout']['layoutType'] | undefined
  const displayType = enumOf(DISPLAY_TYPES, l.displayType, warn) as MessageLayout['layout']['displayType'] | undefined
  if (!displayType || !layoutType) return undefined
  const images = all(dto.images, (i) => image(i, warn))
  if (!images) return undefined
  let imageAutoScrollMillis: number | null = null
  if (present(dto.imageAutoScroll)) {
    const millis = durationMillis(dto.imageAutoScroll.interval, warn)
    if (millis === undefined) return undefined
    imageAutoScrollMillis = millis
  }
  const buttons = all(dto.buttons, (b) => button(b, warn))
  if (!buttons) return undefined
  let closeButton: MessageLayout['closeButton'] = null
  if (present(dto.closeButton)) {
    const a = action(dto.closeButton.action, warn)
    if (!a) return undefined
    closeButton = { style: { color: dto.closeButton.style.color }, action: a }
  }
  const outerButtons = all(dto.outerButtons, (b) => positional(b, warn))
  const innerButtons = all(dto.innerButtons, (b) => positional(b, warn))
  if (!outerButtons || !innerButtons) return undefined
  let content: MessageLayout['html'] = null
  if (present(dto.html)) {
    const h = html(dto.html, warn)
    if (!h) return undefined
    content = h
  }
  return {
    variationKey: dto.variationKey,
    lang: dto.lang,
    layout: { displayType, layoutType, alignment: (l.alignment && alignment(l.alignment, warn)) || null },
    images,
    imageAutoScrollMillis,
    text: dto.text ? { title: textContent(dto.text.title), body: textContent(dto.text.body) } : null,
    closeButton,
    buttons,
    background: { color: dto.background.color },
    action: (dto.action && action(dto.action, warn)) || null,
    outerButtons,
    innerButtons,
    html: content,
  }
}

function timetable(dto: Dto | null | undefined, warn: Warn): TimetableSlot[] | null {
  const type = dto ? enumOf(['ALL', 'CUSTOM'], dto.type, warn) : undefined
  if (type !== 'CUSTOM') return null
  const slots: TimetableSlot[] = []
  for (const s of dto!.slots as Dto[]) {
    const day = enumOf(DAYS, s.dayOfWeek, warn)
    if (day) slots.push({ day: DAYS.indexOf(day), start: s.startMillisInclusive, end: s.endMillisExclusive })
  }
  return slots
}

function frequencyCap(dto: Dto | null | undefined, warn: Warn): InAppMessage['frequencyCap'] {
  if (!dto) return null
  const identifierCaps = (dto.identifiers as Dto[]).map((c) => ({ identifierType: c.identifierType, count: c.countPerIdentifier }))
  let durationCap = null
  if (dto.duration) {
    const millis = durationMillis(dto.duration.durationUnit, warn)
    if (millis !== undefined) durationCap = { durationMillis: millis, count: dto.duration.countPerDuration }
  }
  return { identifierCaps, durationCap }
}

/** One in-app message, or undefined when the reference drops it. Throws on a broken structure. */
export function parseMessage(dto: Dto, warn: Warn): InAppMessage | undefined {
  const status = enumOf(STATUSES, dto.status, warn)
  if (!status) return undefined
  const timeUnit = enumOf(['IMMEDIATE', 'CUSTOM'], dto.timeUnit, warn)
  if (!timeUnit) return undefined
  const { startEpochTimeMillis: start, endEpochTimeMillis: end } = dto
  if (timeUnit === 'CUSTOM' && (!present(start) || !present(end))) return undefined
  const slots = timetable(dto.timetable, warn)
  const context = dto.messageContext
  const exposure = context.exposure
  const platformTypes = all(context.platformTypes, (t) => enumOf(PLATFORMS, t, warn))
  const orientations = platformTypes && all(context.orientations, (o) => enumOf(ORIENTATIONS, o, warn))
  const layouts = orientations && all(context.messages, (m) => parseLayout(m, warn))
  if (!layouts) return undefined
  const triggerRules = (dto.eventTriggerRules as Dto[]).map((r) => ({ eventKey: r.eventKey, targets: parseTargets(r.targets, warn) }))
  const cap = frequencyCap(dto.eventFrequencyCap, warn)
  const delayDto = dto.eventTriggerDelay
  const after = delayDto?.afterCondition
  const delay = delayDto
    ? { type: delayDto.type, afterMillis: (after && durationMillis(after.duration, warn)) ?? null }
    : { type: 'IMMEDIATE', afterMillis: null }
  const target = dto.targetContext
  return {
    id: dto.id,
    key: dto.key,
    status,
    period: timeUnit === 'CUSTOM' ? { start, end } : null,
    timetable: slots,
    triggerRules,
    frequencyCap: cap,
    delay,
    targets: parseTargets(target.targets, warn),
    overrides: (target.overrides as Dto[]).map((o) => ({ identifierType: o.identifierType, identifiers: o.identifiers })),
    atDeliverTime: !!(dto.evaluateContext ?? { atDeliverTime: false }).atDeliverTime,
    platformTypes,
    experimentKey: exposure.type === 'AB_TEST' && exposure.key !== null ? exposure.key : null,
    defaultLang: context.defaultLang,
    layouts,
  }
}

/** The config's in-app messages, indexed by key in config order. */
export function parseInAppMessages(config: Readonly<Record<string, unknown>> | undefined, warn: Warn): Map<number, InAppMessage> {
  const messages = new Map<number, InAppMessage>()
  const list = config?.inAppMessages
  for (const dto of Array.isArray(list) ? list : []) {
    try {
      const message = parseMessage(dto, warn)
      if (message) messages.set(message.key, message)
    } catch (error) {
      warn(`Dropped an in-app message that could not be parsed: ${String(error)}`)
    }
  }
  return messages
}
