import { definePlugin } from '../../kernel'
import { hacklePropertiesSource, type PageProperties } from './collect'

export interface PropertiesOptions {
  /** The window to describe (default: the global one). */
  window?: Window
  /**
   * The current page (e.g. from a page tracker). The reference takes the page part from the page it last
   * started, so a title set after a navigation only shows with the next page. Default: read from `window`.
   */
  page?: () => PageProperties | null | undefined
}

/**
 * Fills `user.hackleProperties` for every decision and event (browser-behaviour.md §9). The object is cached,
 * frozen and shared between calls while nothing it is made of changes; copy it before changing it.
 */
export const properties = definePlugin((options: PropertiesOptions = {}) => ({
  name: 'properties',
  apply(kernel) {
    const current = hacklePropertiesSource(options.window, options.page)
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
