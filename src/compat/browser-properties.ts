import { browserPropertiesOf, collectHackleProperties, type BrowserProperties, type PageProperties } from '../plugins/properties'

/** A page as the reference describes one (its internal page model); every field is optional here. */
export interface BrowserPropertyPage {
  pageName?: string
  pagePath?: string
  host?: string
  url?: string
  referrer?: string
  queryParameter?: string
  protocol?: string
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The browser and page properties the reference sends to an app's web view bridge. */
export default class DefaultBrowserPropertyProvider {
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
    return browserPropertiesOf(collectHackleProperties(typeof window === 'undefined' ? undefined : window, given))
  }
}
