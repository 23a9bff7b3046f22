import { browserPropertiesOf, collectHacklePropertiesWith, currentUserAgentInfo, type BrowserProperties, type PageProperties } from '../plugins/properties'

/** A page as the reference describes one (its internal page model); every field is optional here. */
export interface BrowserPropertyPage {
  /** The page's name, sent as `pageTitle`. */
  pageName?: string
  /** The URL's path. */
  pagePath?: string
  /** The URL's host. */
  host?: string
  /** The whole URL. */
  url?: string
  /** The referrer. */
  referrer?: string
  /** The query string, with its `?`. */
  queryParameter?: string
  /** The protocol (a trailing colon is dropped). */
  protocol?: string
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The browser and page properties the reference sends to an app's web view bridge. */
export default class DefaultBrowserPropertyProvider {
  /**
   * The browser properties of this browser with `page`'s fields as the page part (missing ones as `''`); without a
   * page, or with one it cannot read, the page part is read from `window`. The browser's name and version are empty
   * while an uncommon user agent's parser loads (the first call starts it). Never throws.
   */
  getBrowserProperties(page?: BrowserPropertyPage): BrowserProperties {
    let given: PageProperties | undefined
    try {
      given =
        page !== null && typeof page === 'object'
          ? {
              pagePath: text(page.pagePath),
              pageTitle: text(page.pageName),
              host: text(page.host),
              url: text(page.url),
              referrer: text(page.referrer),
              queryParameter: text(page.queryParameter),
              protocol: text(page.protocol).replace(':', ''),
            }
          : undefined
    } catch {
      // an unreadable page (a throwing getter, a Proxy) is described from the window instead
    }
    return browserPropertiesOf(
      collectHacklePropertiesWith(currentUserAgentInfo, typeof window === 'undefined' ? undefined : window, given),
    )
  }
}
