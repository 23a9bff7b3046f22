import type { UserAgentInfo } from './user-agent'
import { readOr, readPage, readString } from '../../internal'

/** The hackle properties the reference sends with every event, in its key order. */
export type HackleProperties = {
  /** Always `Web`. */
  platform: 'Web'
  /** The browser's name from the user agent (`Chrome`, `Mobile Safari`, …; `''` when unknown). */
  browserName: string
  /** The browser version's first number. */
  browserMajorVersion: string
  /** The browser's full version. */
  browserVersion: string
  /** `landscape` or `portrait` (`screen.orientation`), `''` where the browser does not tell. */
  orientation: string
  /** `navigator.userAgent`. */
  userAgent: string
  /** `location.pathname`. */
  pagePath: string
  /** The page's title (`document.title`). */
  pageTitle: string
  /** `location.host`. */
  host: string
  /** `location.href`. */
  url: string
  /** `document.referrer`. */
  referrer: string
  /** `location.search`, with its `?`. */
  queryParameter: string
  /** The URL's protocol without its colon (`https`). */
  protocol: string
  /** The operating system's name from the user agent. */
  osName: string
  /** Its version. */
  osVersion: string
  /** The device model from the user agent (`iPhone`, `SM-S911B`, …). */
  deviceModel: string
  /** `pc` when the user agent names no device type; `phone`, `tablet`, `tv`, `console`, `wearable` (or `tab`) otherwise. */
  deviceType: string
  /** The device maker from the user agent. */
  deviceVendor: string
  /** The same as `deviceVendor`. */
  deviceBrand: string
  /** `screen.width`, `''` when unknown or 0. */
  screenWidth: number | ''
  /** `screen.height`, `''` when unknown or 0. */
  screenHeight: number | ''
  /** The first of `navigator.languages` (`ko-KR`). */
  locale: string
  /** The locale's language part (`ko`). */
  language: string
  /** The time zone (`Asia/Seoul`) from `Intl`. */
  timeZone: string
}

/** The page part of hackle properties (a page snapshot). */
export type PageProperties = Pick<
  HackleProperties,
  'pagePath' | 'pageTitle' | 'host' | 'url' | 'referrer' | 'queryParameter' | 'protocol'
>

/** The browser part sent with web-view bridge requests. */
export type BrowserProperties = Pick<
  HackleProperties,
  'browserName' | 'browserMajorVersion' | 'browserVersion' | 'orientation' | 'userAgent' | keyof PageProperties
>

/** A real, non-zero number (the reference reports `width || ""`). */
const isSize = (v: unknown): v is number => typeof v === 'number' && !!v
const str = readString

const globalWindow = (): Window => (typeof window === 'undefined' ? ({} as Window) : window)

/** The page part, read from `win.location` and `win.document`; protocol without its `:`. */
export const pagePropertiesOf: (win?: Window) => PageProperties = readPage

/** What a user agent string tells (a parser, or a source that may not know it yet). */
export type UserAgentReader = (ua: string) => UserAgentInfo

const orientationOf = (win: Window) =>
  str(() => /\b(?:landscape|portrait)\b/.exec(win.screen.orientation.type)?.[0])
/** `navigator.userAgent`, `''` where it cannot be read. */
export const userAgentOf = (win: Window) => str(() => win.navigator.userAgent)
const localeOf = (win: Window) => str(() => win.navigator.languages[0])
const sizeOf = (get: () => unknown) => readOr<number | ''>(get, isSize, '')

/**
 * The time zone from `Intl`. Deliberately filled on every browser; the reference leaves it "" wherever
 * `window.orientation` is missing (all desktop browsers) through a coding slip.
 */
export const timeZoneOf = (): string => str(() => Intl.DateTimeFormat().resolvedOptions().timeZone)

function build(win: Window, page: PageProperties, timeZone: string, read: UserAgentReader): HackleProperties {
  const ua = userAgentOf(win)
  const info = read(ua)
  const locale = localeOf(win)
  return {
    platform: 'Web',
    browserName: info.browserName,
    browserMajorVersion: info.browserMajorVersion,
    browserVersion: info.browserVersion,
    orientation: orientationOf(win),
    userAgent: ua,
    pagePath: page.pagePath,
    pageTitle: page.pageTitle,
    host: page.host,
    url: page.url,
    referrer: page.referrer,
    queryParameter: page.queryParameter,
    protocol: page.protocol,
    osName: info.osName,
    osVersion: info.osVersion,
    deviceModel: info.deviceModel,
    deviceType: info.deviceType,
    deviceVendor: info.deviceVendor,
    deviceBrand: info.deviceVendor,
    screenWidth: sizeOf(() => win.screen.width),
    screenHeight: sizeOf(() => win.screen.height),
    locale,
    language: locale.split('-')[0],
    timeZone,
  }
}

/**
 * All hackle properties of `win`, freshly read, the user agent through `read`. `page` replaces the page part (e.g.
 * the page a page tracker started, whose title the reference keeps until the URL changes); by default it is read
 * from `win`. Never throws: a missing or throwing browser API gives "".
 */
export function collectHacklePropertiesWith(read: UserAgentReader, win: Window = globalWindow(), page?: PageProperties): HackleProperties {
  return build(win, page ?? pagePropertiesOf(win), timeZoneOf(), read)
}

/**
 * The browser part of hackle properties, for web-view bridge requests: the members after `platform` up to `protocol`,
 * which hackle properties hold in this order (the reference's).
 */
export const browserPropertiesOf = (props: HackleProperties): BrowserProperties =>
  Object.fromEntries(Object.entries(props).slice(1, 13)) as BrowserProperties

/**
 * A cached source of hackle properties for `win`, the user agent read through `read` (called again with each new
 * browser part, so a reader that learns more later is heard): the same frozen object is returned until one of its values
 * changes (the page part, from `win` or the page object from `page`; user agent, orientation, screen size, locale).
 * The page part is read on every call (page code may change the URL or the title between two calls); the browser
 * part at most once per task (only the browser changes it, between tasks), so the several users one call resolves
 * share one read. The last object is kept while the values are equal, value for value. The time zone is read once.
 */
export function hacklePropertiesSourceWith(
  read: UserAgentReader,
  win: Window = globalWindow(),
  page?: () => PageProperties | null | undefined,
): () => Readonly<HackleProperties> {
  let timeZone: string | undefined
  let current: Readonly<HackleProperties> | undefined
  /** Built in this task, and its page part: the browser part stands until the task ends. */
  let task: [HackleProperties, PageProperties] | undefined
  return () => {
    const pageProperties = page?.() ?? pagePropertiesOf(win)
    // The same page object (a page tracker's) in the same task: nothing to read or compare.
    if (task?.[1] === pageProperties) return current!
    if (!task) void Promise.resolve().then(() => (task = undefined))
    // The page part replaces its own keys in place: the key order stays.
    const next = task ? Object.assign({}, task[0], pageProperties) : build(win, pageProperties, (timeZone ??= timeZoneOf()), read)
    task = [next, pageProperties]
    for (const key in next) if (next[key as keyof HackleProperties] !== current?.[key as keyof HackleProperties]) return (current = Object.freeze(next))
    return current!
  }
}
