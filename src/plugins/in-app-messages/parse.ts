import { tools } from './tools'
import type { InAppMessage } from './message'
import type { Alignment, MessageAction, MessageButton, MessageLayout } from './model'

/**
 * The workspace config's `inAppMessages` → in-app messages, with the reference's drop rules: a message with an unknown
 * status, time unit, platform type or orientation, a CUSTOM period without both ends, or any invalid content layout is
 * dropped (a layout is invalid with an unknown display / layout type or image orientation, an invalid image, button,
 * close-button or positional-button action, an unknown positional alignment or auto-scroll time unit, or an invalid
 * `html`). An unknown layout alignment or message action is just absent (null); a timetable of unknown type is ALL;
 * timetable slots with an unknown day are dropped; a duration cap or after-delay with an unknown time unit is absent.
 * Deliberately more tolerant than the reference, which fails the whole workspace on a message whose structure is
 * broken (a missing list): such a message alone is dropped. Duplicate keys: the later message wins, keeping the first
 * one's position.
 */

type Dto = Record<string, any>
type Warn = (message: string) => void

/** A space-separated enum table (local: the lazy engine imports nothing outside the plugin at run time). */
const words = (text: string) => text.split(' ')

const STATUSES = words('ACTIVE DRAFT PAUSE')
const PLATFORMS = words('WEB ANDROID IOS')
const ORIENTATIONS = words('VERTICAL HORIZONTAL')
const DISPLAY_TYPES = words('HTML MODAL BANNER BOTTOM_SHEET NONE')
const LAYOUT_TYPES = words('IMAGE_TEXT IMAGE_ONLY TEXT_ONLY IMAGE NONE')
const ACTION_TYPES = words('CLOSE WEB_LINK HIDDEN LINK_AND_CLOSE LINK_NEW_TAB LINK_NEW_TAB_AND_CLOSE LINK_NEW_WINDOW LINK_NEW_WINDOW_AND_CLOSE')
const DAYS = words('MONDAY TUESDAY WEDNESDAY THURSDAY FRIDAY SATURDAY SUNDAY')
const TIME_UNITS = words('nanoseconds microseconds milliseconds seconds minutes hours days')
/** Milliseconds per time unit, in `TIME_UNITS` order; sub-millisecond units divide (as the reference computes). */
const UNIT_FACTORS = [-1e6, -1e3, 1, 1e3, 6e4, 36e5, 864e5]

/** Thrown for an invalid part: the message is dropped. */
const INVALID = new Error('invalid in-app message')
const invalid = (): never => {
  throw INVALID
}
let warn: Warn = () => {}

/** A name of `values`, matched case-insensitively; undefined (logged) when unknown. */
function enumOf(values: readonly string[], v: unknown): any {
  const lower = String(v).toLowerCase()
  const found = values.find((t) => t.toLowerCase() === lower)
  if (!found) warn(`Unsupported type [${v}]. Please use the latest version of sdk.`)
  return found
}

/** `enumOf`, the message being invalid when the name is unknown. */
function known(values: readonly string[], v: unknown): any {
  const found = enumOf(values, v)
  return found || invalid()
}

const present = (v: unknown): boolean => v !== null && v !== undefined
const list = <T>(v: unknown, parse: (dto: Dto) => T): T[] => (v as Dto[]).map(parse)

/** A DurationDto in milliseconds, or undefined for an unknown time unit. */
function millis(dto: Dto): number | undefined {
  const unit = enumOf(TIME_UNITS, dto.timeUnit)
  const factor = UNIT_FACTORS[TIME_UNITS.indexOf(unit)]!
  return unit && (factor < 0 ? dto.amount / -factor : dto.amount * factor)
}

const action = (dto: Dto): MessageAction => ({ behavior: known(['CLICK'], dto.behavior), type: known(ACTION_TYPES, dto.type), value: dto.value ?? null })
const alignment = (dto: Dto): Alignment => ({ horizontal: known(words('LEFT CENTER RIGHT'), dto.horizontal), vertical: known(words('TOP MIDDLE BOTTOM'), dto.vertical) }) as Alignment
const optional = <T>(parse: () => T): T | null => {
  try {
    return parse()
  } catch {
    return null
  }
}

function button(dto: Dto): MessageButton {
  const { textColor, bgColor, borderColor } = dto.style
  return { text: dto.text, action: action(dto.action), style: { textColor, bgColor, borderColor } }
}

const text = (dto: Dto) => ({ text: dto.text, style: { textColor: dto.style.textColor } })

function html(dto: Dto): MessageLayout['html'] {
  const resourceType = known(['TEXT', 'PATH'], dto.resourceType)
  const value = resourceType === 'TEXT' ? dto.text : dto.path
  if (!present(value)) invalid()
  return { resourceType, text: resourceType === 'TEXT' ? value : null, path: resourceType === 'PATH' ? value : null }
}

/** One content layout (`messageContext.messages[]`); throws `INVALID` when it is invalid. */
function layout(dto: Dto): MessageLayout {
  const l = dto.layout
  const layoutType = known(LAYOUT_TYPES, l.layoutType)
  const displayType = known(DISPLAY_TYPES, l.displayType)
  const images = list(dto.images, (i) => {
    const orientation = known(ORIENTATIONS, i.orientation)
    return { orientation, imagePath: i.imagePath, action: present(i.action) ? action(i.action) : null }
  })
  const scroll = dto.imageAutoScroll
  const imageAutoScrollMillis = present(scroll) ? (millis(scroll.interval) ?? invalid()) : null
  const buttons = list(dto.buttons, button)
  const close = dto.closeButton
  const closeButton = present(close) ? { style: { color: close.style.color }, action: action(close.action) } : null
  const positional = (b: Dto) => ({ button: button(b.button), alignment: alignment(b.alignment) })
  const outerButtons = list(dto.outerButtons, positional)
  const innerButtons = list(dto.innerButtons, positional)
  return {
    variationKey: dto.variationKey,
    lang: dto.lang,
    layout: { displayType, layoutType, alignment: l.alignment ? optional(() => alignment(l.alignment)) : null },
    images,
    imageAutoScrollMillis,
    text: dto.text ? { title: text(dto.text.title), body: text(dto.text.body) } : null,
    closeButton,
    buttons,
    background: { color: dto.background.color },
    action: dto.action ? optional(() => action(dto.action)) : null,
    outerButtons,
    innerButtons,
    html: present(dto.html) ? html(dto.html) : null,
  }
}

/** One in-app message; throws when the reference drops it or its structure is broken. */
function message(dto: Dto): InAppMessage {
  const status = known(STATUSES, dto.status)
  const custom = known(['IMMEDIATE', 'CUSTOM'], dto.timeUnit) === 'CUSTOM'
  const { startEpochTimeMillis: start, endEpochTimeMillis: end } = dto
  if (custom && (!present(start) || !present(end))) invalid()
  const tt = dto.timetable
  const timetable =
    tt && enumOf(['ALL', 'CUSTOM'], tt.type) === 'CUSTOM'
      ? (tt.slots as Dto[]).flatMap((s) => {
          const day = DAYS.indexOf(enumOf(DAYS, s.dayOfWeek))
          return day < 0 ? [] : [{ day, start: s.startMillisInclusive, end: s.endMillisExclusive }]
        })
      : null
  const context = dto.messageContext
  const exposure = context.exposure
  const platformTypes = list(context.platformTypes, (t) => known(PLATFORMS, t))
  list(context.orientations, (o) => known(ORIENTATIONS, o))
  const layouts = list(context.messages, layout)
  const cap = dto.eventFrequencyCap
  const duration = cap?.duration
  const durationMillis = duration && millis(duration.durationUnit)
  const delay = dto.eventTriggerDelay ?? { type: 'IMMEDIATE' }
  const after = delay.afterCondition
  const target = dto.targetContext
  return {
    id: dto.id,
    key: dto.key,
    status,
    period: custom ? { start, end } : null,
    timetable,
    triggerRules: list(dto.eventTriggerRules, (r) => ({ eventKey: r.eventKey, targets: tools.parseTargets(r.targets, warn) })),
    frequencyCap: cap
      ? {
          identifierCaps: list(cap.identifiers, (c) => ({ identifierType: c.identifierType, count: c.countPerIdentifier })),
          durationCap: durationMillis === undefined ? null : { durationMillis, count: duration.countPerDuration },
        }
      : null,
    delay: { type: delay.type, afterMillis: (after && millis(after.duration)) ?? null },
    targets: tools.parseTargets(target.targets, warn),
    overrides: list(target.overrides, (o) => ({ identifierType: o.identifierType, identifiers: o.identifiers })),
    atDeliverTime: !!(dto.evaluateContext ?? {}).atDeliverTime,
    platformTypes,
    experimentKey: exposure.type === 'AB_TEST' && exposure.key !== null ? exposure.key : null,
    defaultLang: context.defaultLang,
    layouts,
  }
}

/** The config's in-app messages, indexed by key in config order. */
export function parseInAppMessages(config: Readonly<Record<string, unknown>> | undefined, onUnsupported: Warn): Map<number, InAppMessage> {
  const messages = new Map<number, InAppMessage>()
  const dtos = config?.inAppMessages
  warn = onUnsupported
  for (const dto of Array.isArray(dtos) ? dtos : []) {
    try {
      const parsed = message(dto)
      messages.set(parsed.key, parsed)
    } catch (error) {
      if (error !== INVALID) warn(`Dropped an in-app message that could not be parsed: ${String(error)}`)
    }
  }
  return messages
}
