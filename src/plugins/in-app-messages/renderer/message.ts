/**
 * The message JSON the SDK hands to `render` (a config `messages[]` entry: layout, images, texts, buttons, colours),
 * read defensively into what the views draw. Anything malformed becomes absent rather than an error, and every URL
 * is checked here: an image is drawn only from an http(s) URL (relative paths resolve against the page), and a link
 * action naming any other scheme (`javascript:`, `data:` and the like) is refused with a warning.
 */

export type DisplayType = 'MODAL' | 'BANNER' | 'BOTTOM_SHEET'
export type LayoutType = 'IMAGE_TEXT' | 'IMAGE_ONLY' | 'TEXT_ONLY' | 'IMAGE'
export type Vertical = 'TOP' | 'MIDDLE' | 'BOTTOM'
export type Horizontal = 'LEFT' | 'CENTER' | 'RIGHT'

/** An action as the SDK reads it back from an interaction (`{behavior, type, value}`). */
export interface Action {
  behavior: string
  type: string
  value: string | null
  /**
   * Set when the link URL was refused: the click then only dismisses (`close`, for the `*_AND_CLOSE` types) or does
   * nothing (`none`); the refused action is never reported.
   */
  refused?: 'close' | 'none'
}

export interface Button {
  text: string
  action: Action | null
  textColor?: string
  bgColor?: string
  borderColor?: string
}

export interface PositionedButton extends Button {
  vertical: Vertical
  horizontal: Horizontal
}

export interface Image {
  /** The URL as the message gives it: reported back unchanged in interactions. */
  url: string
  /** Index in the message's `images` (image order reported to the SDK). */
  order: number
  orientation: 'VERTICAL' | 'HORIZONTAL'
  action: Action | null
}

export interface Text {
  text: string
  color?: string
}

export interface Message {
  displayType: DisplayType
  layoutType: LayoutType
  vertical: Vertical | null
  horizontal: Horizontal | null
  title: Text | null
  body: Text | null
  images: Image[]
  autoScrollMillis: number | null
  /** null: no close button is drawn (Escape and the outer click still dismiss). */
  closeButton: { color?: string; action: Action | null } | null
  buttons: Button[]
  outerButtons: PositionedButton[]
  innerButtons: PositionedButton[]
  background?: string
  action: Action | null
}

const DISPLAY_TYPES: readonly string[] = ['MODAL', 'BANNER', 'BOTTOM_SHEET']
const LAYOUT_TYPES: readonly string[] = ['IMAGE_TEXT', 'IMAGE_ONLY', 'TEXT_ONLY', 'IMAGE']
const VERTICALS: readonly string[] = ['TOP', 'MIDDLE', 'BOTTOM']
const HORIZONTALS: readonly string[] = ['LEFT', 'CENTER', 'RIGHT']
const LINK_TYPES: readonly string[] = [
  'WEB_LINK',
  'LINK_AND_CLOSE',
  'LINK_NEW_TAB',
  'LINK_NEW_TAB_AND_CLOSE',
  'LINK_NEW_WINDOW',
  'LINK_NEW_WINDOW_AND_CLOSE',
]

type Json = Record<string, unknown>
const obj = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null)
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const oneOf = <T extends string>(value: unknown, allowed: readonly string[]): T | null =>
  typeof value === 'string' && allowed.includes(value) ? (value as T) : null
/** A colour for a CSSOM property: a string without characters that could end or extend a declaration. */
const colour = (value: unknown): string | undefined => {
  const text = str(value)?.trim()
  return text && /^[#\w\s(),.%-]+$/.test(text) ? text : undefined
}

function warn(message: string): void {
  if (typeof console !== 'undefined') console.warn(`[hackle-kit] in-app renderer: ${message}`)
}

/**
 * True when a link value names a scheme other than http(s) (`javascript:`, `data:`, `vbscript:`, …). A value that is
 * not an absolute URL at all is not refused here: the SDK reports it as an invalid URL and opens nothing.
 */
export function isForeignScheme(value: string): boolean {
  try {
    const protocol = new URL(value).protocol
    return protocol !== 'http:' && protocol !== 'https:'
  } catch {
    return false
  }
}

/** An image URL resolved against the page, or null unless it is http(s). */
export function safeImageUrl(path: string): string | null {
  try {
    const base = typeof document !== 'undefined' ? document.baseURI : undefined
    const url = new URL(path, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function readAction(value: unknown): Action | null {
  const action = obj(value)
  const type = str(action?.type)
  if (!action || !type) return null
  const raw = action.value
  const actionValue = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : null
  if (LINK_TYPES.includes(type) && actionValue && isForeignScheme(actionValue)) {
    warn(`refused the link ${JSON.stringify(actionValue)}: only http(s) URLs open`)
    return { behavior: str(action.behavior) ?? 'CLICK', type, value: null, refused: type.endsWith('_AND_CLOSE') ? 'close' : 'none' }
  }
  return { behavior: str(action.behavior) ?? 'CLICK', type, value: actionValue }
}

function readText(value: unknown): Text | null {
  const text = obj(value)
  const content = str(text?.text)
  if (!text || !content || !content.trim()) return null
  return { text: content, color: colour(obj(text.style)?.textColor) }
}

function readButton(value: unknown): Button | null {
  const button = obj(value)
  const text = str(button?.text)
  if (!button || !text) return null
  const style = obj(button.style)
  return {
    text,
    action: readAction(button.action),
    textColor: colour(style?.textColor),
    bgColor: colour(style?.bgColor),
    borderColor: colour(style?.borderColor),
  }
}

function readPositioned(value: unknown): PositionedButton | null {
  const positioned = obj(value)
  const button = readButton(positioned?.button)
  if (!positioned || !button) return null
  const alignment = obj(positioned.alignment)
  return {
    ...button,
    vertical: oneOf<Vertical>(alignment?.vertical, VERTICALS) ?? 'BOTTOM',
    horizontal: oneOf<Horizontal>(alignment?.horizontal, HORIZONTALS) ?? 'CENTER',
  }
}

function readImages(value: unknown): Image[] {
  return list(value).flatMap((entry, order) => {
    const image = obj(entry)
    const path = str(image?.imagePath)
    if (!image || !path) return []
    if (!safeImageUrl(path)) {
      warn(`refused the image ${JSON.stringify(path)}: only http(s) images are drawn`)
      return []
    }
    return [{ url: path, order, orientation: image.orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL', action: readAction(image.action) } as Image]
  })
}

/** Milliseconds from `{interval: {timeUnit, amount}}`, or null without a usable interval. */
function readAutoScroll(value: unknown): number | null {
  const interval = obj(obj(value)?.interval)
  const amount = interval?.amount
  if (typeof amount !== 'number' || !(amount > 0)) return null
  const unit = String(interval?.timeUnit ?? 'milliseconds').toLowerCase()
  const factor: Record<string, number> = { milliseconds: 1, seconds: 1000, minutes: 60_000, hours: 3_600_000 }
  const millis = amount * (factor[unit] ?? Number.NaN)
  // Faster than a second cannot be read; unknown units scroll nothing.
  return Number.isFinite(millis) ? Math.max(1000, millis) : null
}

/** The drawable message, or an Error saying why the JSON cannot be drawn by this renderer. */
export function readMessage(value: unknown): Message | Error {
  const message = obj(value)
  if (!message) return new Error('the message is not an object')
  const layout = obj(message.layout)
  const displayType = oneOf<DisplayType>(layout?.displayType, DISPLAY_TYPES)
  if (!displayType) return new Error(`unsupported display type ${JSON.stringify(layout?.displayType)}`)
  const alignment = obj(layout?.alignment)
  const text = obj(message.text)
  const close = obj(message.closeButton)
  return {
    displayType,
    layoutType: oneOf<LayoutType>(layout?.layoutType, LAYOUT_TYPES) ?? 'IMAGE_TEXT',
    vertical: oneOf<Vertical>(alignment?.vertical, VERTICALS),
    horizontal: oneOf<Horizontal>(alignment?.horizontal, HORIZONTALS),
    title: readText(text?.title),
    body: readText(text?.body),
    images: readImages(message.images),
    autoScrollMillis: readAutoScroll(message.imageAutoScroll),
    closeButton: close ? { color: colour(obj(close.style)?.color), action: readAction(close.action) } : null,
    buttons: list(message.buttons).map(readButton).filter((b): b is Button => b !== null),
    outerButtons: list(message.outerButtons).map(readPositioned).filter((b): b is PositionedButton => b !== null),
    innerButtons: list(message.innerButtons).map(readPositioned).filter((b): b is PositionedButton => b !== null),
    background: colour(obj(message.background)?.color),
    action: readAction(message.action),
  }
}
