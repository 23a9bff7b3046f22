import { definePlugin, Stage, type EvaluationUser, type PageSnapshot, type SdkEvent } from '../../kernel'
import { createLocalStore, watchPageLifecycle } from '../../internal'
import { hacklePropertiesSourceWith, userAgentOf, type PageProperties } from './collect'
import { knownUserAgentInfo, loadParser, loadUserAgentInfo, UNKNOWN_USER_AGENT } from './user-agent-source'
import type { UserAgentInfo } from './user-agent'

const NAME = 'properties'

/** `properties(options)`: the hackle properties (browser, OS, device, page, locale) put on every user. */
export interface PropertiesOptions {
  /** The window to describe (default: the global one). */
  window?: Window
}

/** The page part of the hackle properties from the kernel's current page (`pageTitle` is its page name). */
export const pagePropertiesFrom = (page: PageSnapshot): PageProperties => ({
  pagePath: page.pagePath,
  pageTitle: page.pageName,
  host: page.host,
  url: page.url,
  referrer: page.referrer,
  queryParameter: page.queryParameter,
  protocol: page.protocol,
})

/** `event` with the UA-derived members of its user's hackle properties read from `info` (the key order kept). */
function withUserAgent(event: SdkEvent, ua: string, info: UserAgentInfo): SdkEvent {
  const properties = event.user.hackleProperties as Record<string, unknown> | undefined
  if (properties?.userAgent !== ua) return event
  // every member of `info` is one of the properties already: spreading keeps their order
  const user: EvaluationUser = { ...event.user, hackleProperties: { ...properties, ...info, deviceBrand: info.deviceVendor } }
  return { ...event, user }
}

/**
 * Fills `user.hackleProperties` for every decision and event: browser, device, locale, time zone and page. The
 * page part comes from the kernel's current page (`kernel.pages`, set by a page tracker), as the reference takes it
 * from the page it last started (so a title set after a navigation only shows with the next page); without one it
 * is read from `window`. The object is cached, frozen and shared between calls while nothing it is made of changes;
 * copy it before changing it.
 *
 * The browser, OS and device come from the user agent. A common one (current Chrome, Edge, Safari, Firefox,
 * Samsung Internet) is read at once; any other is read by the full parser, loaded apart once per page (and kept in
 * localStorage, so only a browser's first page waits). Until it is read, the client is not ready (`onReady` waits for
 * it), those properties are empty in decisions, and events wait for it before they are delivered; when the page is
 * hidden or left, or a flush is asked for, first, they go at once with those properties empty.
 */
export const properties = definePlugin((options: PropertiesOptions = {}) => ({
  name: NAME,
  apply(kernel) {
    const win = options.window ?? (typeof window === 'undefined' ? ({} as Window) : window)
    const store = createLocalStore(kernel.logger.warn, kernel.storage.local)
    let page: PageSnapshot | undefined
    let pageProperties: PageProperties | undefined
    const current = hacklePropertiesSourceWith(
      (ua) => knownUserAgentInfo(ua, store) ?? UNKNOWN_USER_AGENT,
      win,
      () => {
        const next = kernel.pages.current()
        if (next !== page) [page, pageProperties] = [next, next && pagePropertiesFrom(next)]
        return pageProperties
      },
    )
    kernel.hooks.resolveUser.tap(NAME, (user) => {
      user.hackleProperties = current()
    })

    const ua = userAgentOf(win)
    if (knownUserAgentInfo(ua, store)) return
    // Events made before the parser answers wait for it (the taps after this one deliver them), in their order.
    let held: SdkEvent[] | undefined = []
    const release = (info: UserAgentInfo) => {
      const events = held ?? []
      held = undefined
      unwatch()
      for (const event of events) kernel.hooks.deliverEvent.call(withUserAgent(event, ua, info))
    }
    const first = { name: NAME, stage: Stage.FIRST }
    kernel.hooks.deliverEvent.tap(first, (event) => {
      if (held && kernel.hooks.deliverEvent.taps.length > 1) return held.push(event) > 0
    })
    // The page may be going away (hidden, left, closed, redirected) or the site flushes: what waits goes now, as it is.
    const unwatch = watchPageLifecycle(kernel, { hidden: () => release(UNKNOWN_USER_AGENT) })
    kernel.hooks.flush.tap(first, () => release(UNKNOWN_USER_AGENT))
    kernel.waitFor(
      loadUserAgentInfo(ua, store, kernel.logger.warn).then((info) => {
        kernel.invalidate()
        release(info)
      }),
    )
    return unwatch
  },
}))

export {
  browserPropertiesOf,
  collectHacklePropertiesWith,
  pagePropertiesOf,
  timeZoneOf,
  type BrowserProperties,
  type HackleProperties,
  type PageProperties,
  type UserAgentReader,
} from './collect'
export type { UserAgentInfo } from './user-agent'
export { currentUserAgentInfo, knownUserAgentInfo, loadUserAgentInfo, UNKNOWN_USER_AGENT, USER_AGENT_KEY } from './user-agent-source'

/**
 * Parses any user agent as the reference does, with the full rule tables (loaded apart on first use). Resolves
 * `UNKNOWN_USER_AGENT`'s values when they cannot be loaded.
 */
export const parseUserAgent = (ua: string): Promise<UserAgentInfo> =>
  loadParser().then(
    (parser) => parser.parseUserAgent(ua),
    () => UNKNOWN_USER_AGENT,
  )
