import { definePlugin, type Kernel } from '../../kernel'
import { readHostname, readString } from '../../internal'
import { getSessionHooks } from '../sessions/hooks'
import { createCampaignAttribution, type CampaignPage } from './attribution'
import { parseCampaign, withCampaign, type Campaign } from './parse'

export { CAMPAIGN_KEYS, parseCampaign, withCampaign, type Campaign, type CampaignKey } from './parse'
export {
  applyCampaignOperations,
  campaignCookie,
  campaignOperations,
  createCampaignAttribution,
  domainOf,
  isNewCampaign,
  pageDomains,
  readStoredCampaign,
  type CampaignDomains,
  type CampaignOperations,
  type CampaignPage,
} from './attribution'

/** The current page as campaign attribution reads it: the kernel's current page, else `location` and `document`. */
const campaignPage = (kernel: Kernel): CampaignPage => ({
  // Through `window`: outside a browser (no `window`) the reads fail and give "" / undefined.
  search: () => kernel.pages.current()?.queryParameter ?? readString(() => window.location.search),
  hostname: () => kernel.pages.current()?.hostname ?? (typeof window === 'undefined' ? undefined : readHostname()),
  referrer: () => kernel.pages.current()?.referrer ?? readString(() => window.document.referrer),
})

/**
 * Campaign (UTM) parameters of the current page (`kernel.pages`, else `location`):
 *
 * - every evaluation user gets the current page's campaign values in its properties, under the user's own
 *   (user-given values win);
 * - attribution: when a session starts, and when the page loads into a continuing session, the page's campaign is
 *   compared with the one stored in `_hackle_mkt_{key[0:8]}`; a new campaign is stored and tracked as `$properties`
 *   (`$set` / `$unset` of all eight keys) and applied to the current user's properties. It follows the sessions
 *   plugin's hooks (`getSessionHooks(kernel).started` / `.resumed`), so without the sessions plugin there is no
 *   attribution and no cookie, only the decision-time properties.
 */
export const campaign = definePlugin(() => ({
  name: 'campaign',
  apply(kernel) {
    const page = campaignPage(kernel)
    let lastSearch: string | undefined
    let current: Campaign = {}
    kernel.hooks.resolveUser.tap('campaign', (user) => {
      const query = page.search()
      if (query !== lastSearch) [lastSearch, current] = [query, parseCampaign(query)]
      user.properties = withCampaign(current, user.properties ?? {})
    })

    // Taps at the default stage: before the sessions plugin tracks `$session_start`, as in the reference.
    const startNewCampaignIfNeeded = createCampaignAttribution(kernel, page)
    const sessionHooks = getSessionHooks(kernel)
    sessionHooks.started.tap('campaign', (_sessionId, user, timestamp) => void startNewCampaignIfNeeded(user, timestamp))
    sessionHooks.resumed.tap('campaign', (_sessionId, user, timestamp) => void startNewCampaignIfNeeded(user, timestamp))
  },
}))
