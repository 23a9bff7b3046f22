import { parseUserAgent, type UserAgentInfo } from './user-agent'
import { readOr, readPage, readString } from '../../internal'

/** The hackle properties the reference sends with every event, in its key order. */
export type HackleProperties = {
  platform: 'Web'
  browserName: string
  browserMajorVersion: string
  browserVersion: string
  orientation: string
  userAgent: string
  pagePath: string
  pageTitle: string
  host: string
  url: string
  referrer: string
  queryParameter: string
  protocol: string
  osName: string
  osVersion: string
  deviceModel: string
  deviceType: string
  deviceVendor: string
  deviceBrand: string
  screenWidth: number | ''
  screenHeight: number | ''
  locale: string
  language: string
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

let lastUa: string | undefined
let lastInfo: UserAgentInfo | undefined
/** parseUserAgent, remembering the last user agent (it does not change during a page's life). */
function userAgentInfo(ua: string): UserAgentInfo {
  if (ua !== lastUa || !lastInfo) [lastUa, lastInfo] = [ua, parseUserAgent(ua)]
  return lastInfo
}

const orientationOf = (win: Window) =>
  str(() => /\b(?:landscape|portrait)\b/.exec(win.screen.orientation.type)?.[0])
const userAgentOf = (win: Window) => str(() => win.navigator.userAgent)
const localeOf = (win: Window) => str(() => win.navigator.languages[0])
const sizeOf = (get: () => unknown) => readOr<number | ''>(get, isSize, '')

/**
 * The time zone from `Intl`. Deliberately filled on every browser; the reference leaves it "" wherever
 * `window.orientation` is missing (all desktop browsers) through a coding slip.
 */
export const timeZoneOf = (): string => str(() => Intl.DateTimeFormat().resolvedOptions().timeZone)

/** What hackle properties read from the browser besides the page. */
interface Device {
  readonly ua: string
  readonly info: UserAgentInfo
  readonly locale: string
  readonly orientation: string
  readonly width: number | ''
  readonly height: number | ''
}

function readDevice(win: Window): Device {
  const ua = userAgentOf(win)
  return {
    ua,
    info: userAgentInfo(ua),
    locale: localeOf(win),
    orientation: orientationOf(win),
    width: sizeOf(() => win.screen.width),
    height: sizeOf(() => win.screen.height),
  }
}

function build({ ua, info, locale, orientation, width, height }: Device, page: PageProperties, timeZone: string): HackleProperties {
  return {
    platform: 'Web',
    browserName: info.browserName,
    browserMajorVersion: info.browserMajorVersion,
    browserVersion: info.browserVersion,
    orientation,
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
    screenWidth: width,
    screenHeight: height,
    locale,
    language: locale.split('-')[0],
    timeZone,
  }
}

/**
 * All hackle properties of `win`, freshly read. `page` replaces the page part (e.g. the page a page tracker
 * started, whose title the reference keeps until the URL changes); by default it is read from `win`.
 * Never throws: a missing or throwing browser API gives "".
 */
export function collectHackleProperties(win: Window = globalWindow(), page?: PageProperties): HackleProperties {
  return build(readDevice(win), page ?? pagePropertiesOf(win), timeZoneOf())
}

/** The browser part of hackle properties, for web-view bridge requests. */
export function browserPropertiesOf(props: HackleProperties): BrowserProperties {
  return {
    browserName: props.browserName,
    browserMajorVersion: props.browserMajorVersion,
    browserVersion: props.browserVersion,
    orientation: props.orientation,
    userAgent: props.userAgent,
    pagePath: props.pagePath,
    pageTitle: props.pageTitle,
    host: props.host,
    url: props.url,
    referrer: props.referrer,
    queryParameter: props.queryParameter,
    protocol: props.protocol,
  }
}

/**
 * A cached source of hackle properties for `win`: the same frozen object is returned until one of its values
 * changes (the page part, from `win` or the page object from `page`; user agent, orientation, screen size, locale).
 * The page part is read on every call (page code may change the URL or the title between two calls); the browser
 * part at most once per task (only the browser changes it, between tasks), so the several users one call resolves
 * share one read. A new object is kept only when it differs from the last one, value for value. The user agent is
 * parsed once and the time zone read once.
 */
export function hacklePropertiesSource(
  win: Window = globalWindow(),
  page?: () => PageProperties | null | undefined,
): () => Readonly<HackleProperties> {
  let timeZone: string | undefined
  let device: Device | undefined
  let built: [Device, PageProperties] | undefined
  let current: Readonly<HackleProperties> | undefined
  return () => {
    if (!device) {
      device = readDevice(win)
      void Promise.resolve().then(() => (device = undefined))
    }
    const pageProperties = page?.() ?? pagePropertiesOf(win)
    // The same page object (a page tracker's) and browser read: nothing to compare.
    if (current && built?.[0] === device && built[1] === pageProperties) return current
    built = [device, pageProperties]
    const next = build(device, pageProperties, (timeZone ??= timeZoneOf()))
    for (const key in next) if (next[key as keyof HackleProperties] !== current?.[key as keyof HackleProperties]) return (current = Object.freeze(next))
    return current!
  }
}
