import { definePlugin, type PageSnapshot } from '../../kernel'
import { hacklePropertiesSource, type PageProperties } from './collect'

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

/**
 * Fills `user.hackleProperties` for every decision and event: browser, device, locale, time zone and page. The
 * page part comes from the kernel's current page (`kernel.pages`, set by a page tracker), as the reference takes it
 * from the page it last started (so a title set after a navigation only shows with the next page); without one it
 * is read from `window`. The object is cached, frozen and shared between calls while nothing it is made of changes;
 * copy it before changing it.
 */
export const properties = definePlugin((options: PropertiesOptions = {}) => ({
  name: 'properties',
  apply(kernel) {
    let page: PageSnapshot | undefined
    let pageProperties: PageProperties | undefined
    const current = hacklePropertiesSource(options.window, () => {
      const next = kernel.pages.current()
      if (next !== page) [page, pageProperties] = [next, next && pagePropertiesFrom(next)]
      return pageProperties
    })
    kernel.hooks.resolveUser.tap('properties', (user) => {
      user.hackleProperties = current()
    })
  },
}))

export {
  browserPropertiesOf,
  collectHackleProperties,
  hacklePropertiesSource,
  pagePropertiesOf,
  timeZoneOf,
  type BrowserProperties,
  type HackleProperties,
  type PageProperties,
} from './collect'
export { parseUserAgent, type UserAgentInfo } from './user-agent'
