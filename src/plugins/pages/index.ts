import { definePlugin, Stage, type Kernel, type PageSnapshot, type PluginDefinition, type Properties } from '../../kernel'
import { describeError, isSafari, listen, snapshotPage } from '../../internal'
import { onStartupCompleted } from '../startup'
import { wrapHistory } from './history'

const NAME = 'pages'
const PAGE_VIEW = '$page_view'
const ENGAGEMENT = '$engagement'
const PAGE_NAME = '$page_name'
const ENGAGEMENT_TIME = '$engagement_time_ms'
/** Engagements shorter than this are not sent. */
const MIN_ENGAGEMENT_MILLIS = 1000

/** `pages(options)`: page views, engagement and the current page. */
export interface PagesOptions {
  /** Track `$page_view` whenever a page starts (default true). */
  automaticPageTracking?: boolean
  /** Let `pageshow`, `history.pushState` / `replaceState` and `popstate` start pages (default true). */
  automaticRouteTracking?: boolean
}

/** A page the site names itself (`setCurrentPage`). */
export interface HacklePage {
  /** The page's name (sent as `$page_name` and as the page title of hackle properties). */
  pageName: string
  /** The page's properties, sent with its `$page_view`. */
  properties?: Properties
}

/** The client methods of the pages plugin. */
export interface PagesMethods {
  /** Starts a page with this name and properties at the current location, even when the URL did not change. */
  setCurrentPage(page: HacklePage): void
  /** @deprecated does nothing (logs a warning); use `setCurrentPage`. */
  trackPageView(option?: unknown): void
}

/** A lifecycle signal of the page. */
type Signal = 'pageshow' | 'pagehide' | 'visible' | 'hidden' | 'blur' | 'focus' | 'locationChange'

export { snapshotPage } from '../../internal'

/**
 * Pages, routes and engagement.
 *
 * - Page snapshots (`kernel.pages`): a page starts on the first `pageshow` (published once start-up completes), and
 *   on every later `pageshow`, `history.pushState` / `replaceState` and `popstate` whose URL differs from the
 *   current page's (`automaticRouteTracking`), and on `setCurrentPage` whatever the URL. Starting a page ends the
 *   previous one, makes the new one current (`hooks.pageChanged`, so the page part of the hackle properties and the
 *   campaign parameters follow it), starts engagement and tracks `$page_view` with the page's properties and
 *   `$page_name` (`automaticPageTracking`). Taps of `pageChanged` at a stage after `Stage.DEFAULT` run after it.
 * - Engagement: started on page start, `visible` and `focus`; ended on page end, `hidden`, `pagehide` and `blur`
 *   (`beforeunload` counts as hidden in Safari); an engagement of at least 1000 ms is tracked as `$engagement` with
 *   the page's properties, `$page_name` and `$engagement_time_ms`.
 * - Signals are ignored until start-up completed (the start-up plugin's `completed`, else the first of the initial
 *   workspace load and 3000 ms); `setCurrentPage` works at any time.
 * - `history.pushState` / `replaceState` are wrapped at apply: the wrapper calls whatever was installed before it
 *   (a router's patch included) and a patch installed later keeps calling it; an exception of the original is
 *   logged and swallowed. On `close()` the wrappers are removed, or become pass-through when something wrapped them
 *   since. Listeners are registered at apply, before the sessions and events plugins' in the preset, so a
 *   `$engagement` at page hide goes out with the same flush.
 */
export const pages = definePlugin(
  (options: PagesOptions = {}): PluginDefinition<PagesMethods> => ({
    name: NAME,
    apply(kernel) {
      const { logger } = kernel
      const pageTracking = options.automaticPageTracking !== false
      const routeTracking = options.automaticRouteTracking !== false
      let initialized = false
      let engagementStart: number | undefined
      // Set while this plugin starts a page: the start time, and that the previous page's engagement already ended.
      let starting: number | undefined

      const trackPage = (key: string, page: PageSnapshot, timestamp: number, extra?: Properties) =>
        kernel.track({ key, properties: { ...page.properties, [PAGE_NAME]: page.pageName, ...extra } }, { timestamp })

      const startEngagement = (timestamp: number) => void (engagementStart = timestamp)
      const endEngagement = (page: PageSnapshot, timestamp: number) => {
        if (engagementStart === undefined) return
        const duration = timestamp - engagementStart
        engagementStart = undefined
        if (duration >= MIN_ENGAGEMENT_MILLIS) trackPage(ENGAGEMENT, page, timestamp, { [ENGAGEMENT_TIME]: duration })
      }

      const startPage = (page: PageSnapshot, timestamp: number, force: boolean) => {
        const previous = kernel.pages.current()
        if (!force && previous && previous.url === page.url) return
        if (previous) endEngagement(previous, timestamp)
        starting = timestamp
        try {
          kernel.pages.set(page)
        } finally {
          starting = undefined
        }
      }

      kernel.hooks.pageChanged.tap({ name: NAME, stage: Stage.EARLY }, (page, previous) => {
        const timestamp = starting ?? Date.now()
        // A page set by another plugin: end the previous page's engagement here.
        if (starting === undefined && previous) endEngagement(previous, timestamp)
        startEngagement(timestamp)
        if (pageTracking) trackPage(PAGE_VIEW, page, timestamp)
      })

      const publish = (signal: Signal | string) => {
        if (!initialized) return
        const timestamp = Date.now()
        switch (signal) {
          case 'visible':
          case 'focus':
            return startEngagement(timestamp)
          case 'pagehide':
          case 'hidden':
          case 'blur':
            return endEngagement(kernel.pages.current() ?? snapshotPage(), timestamp)
          case 'pageshow':
          case 'locationChange':
            if (routeTracking) startPage(snapshotPage(), timestamp, false)
        }
      }
      const on = (signal: Signal) => () => publish(signal)

      let unlisten = () => undefined as void
      let unwrap = unlisten
      if (typeof document !== 'undefined') {
        unlisten = listen([
          [window, 'pageshow', on('pageshow')],
          [window, 'pagehide', on('pagehide')],
          [document, 'visibilitychange', () => publish(document.visibilityState)],
          [window, 'blur', on('blur')],
          [window, 'focus', on('focus')],
          [window, 'beforeunload', () => isSafari(kernel) && publish('hidden')],
          [window, 'popstate', on('locationChange')],
        ])
        unwrap = wrapHistory(on('locationChange'), logger)
      }

      const cancelStartup = onStartupCompleted(kernel as Kernel, NAME, () => {
        initialized = true
        publish('pageshow')
      })

      kernel.extend({
        setCurrentPage(page) {
          try {
            if (page === null || typeof page !== 'object') return logger.warn(`Invalid page: ${page}`)
            startPage(snapshotPage(page.pageName, page.properties), Date.now(), true)
          } catch (error) {
            logger.error(describeError(error))
          }
        },
        trackPageView() {
          logger.warn('trackPageView is deprecated and do nothing.')
        },
      })

      return () => {
        initialized = false
        cancelStartup()
        unlisten()
        unwrap()
      }
    },
  }),
)
