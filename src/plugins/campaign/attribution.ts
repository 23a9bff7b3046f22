import { type HackleUser, type Kernel, type Properties } from '../../kernel'
import { registrableDomain, sanitizePropertyValue } from '../../internal'
import { CAMPAIGN_KEYS, parseCampaign, type Campaign } from './parse'

/** The stored campaign cookie: the first 8 characters of the SDK key (`_hackle_mkt_abcdefgh`). */
export const campaignCookie = (sdkKey: string) => `_hackle_mkt_${sdkKey.slice(0, 8)}`

/** Where the page came from, for the "same domain" rule. `undefined` = unknown / no referrer. */
export interface CampaignDomains {
  /** The page's registrable domain. */
  current?: string
  /** The referrer's registrable domain. */
  referrer?: string
}

/** What attribution reads from the page. */
export interface CampaignPage {
  /** The query string (`location.search`). */
  search(): string
  /** The page's hostname (`location.hostname`); undefined outside a browser. */
  hostname(): string | undefined
  /** The referrer URL (`document.referrer`); "" when there is none. */
  referrer(): string
}

/** The registrable domain by the reference's rule; a host without one is its own domain. */
export const domainOf = (hostname: string): string => registrableDomain(hostname) || hostname

/** The current and referrer domains of a page; no hostname (no browser) leaves both unknown, as in the reference. */
export function pageDomains(page: CampaignPage): CampaignDomains {
  const hostname = page.hostname()
  if (hostname === undefined) return {}
  const referrer = page.referrer()
  let referrerDomain: string | undefined
  if (referrer) {
    try {
      referrerDomain = domainOf(new URL(referrer).hostname)
    } catch {
      // Browsers only give absolute URLs here; an unparsable one counts as no referrer.
    }
  }
  return { current: domainOf(hostname), referrer: referrerDomain }
}

/**
 * The campaign stored in the cookie, or null. Like the reference, any JSON but `null` is a stored campaign (a
 * non-object one has no keys); unlike the reference, malformed JSON counts as none instead of throwing.
 */
export function readStoredCampaign(text: string | null): Readonly<Record<string, unknown>> | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    // (null is an object here: it stays null)
    return typeof value === 'object' ? (value as Record<string, unknown> | null) : {}
  } catch {
    return null
  }
}

const isEmptyCampaign = (campaign: Campaign) => CAMPAIGN_KEYS.every((key) => campaign[key] === undefined)

/**
 * Whether the page starts a new campaign: always without a stored one; never when the page
 * has no campaign values and came from the same domain (which needs a referrer); otherwise when any of the eight
 * values differs from the stored one.
 */
export function isNewCampaign(previous: Readonly<Record<string, unknown>> | null, next: Campaign, domains: CampaignDomains): boolean {
  if (previous === null) return true
  if (isEmptyCampaign(next) && domains.current === domains.referrer) return false
  return CAMPAIGN_KEYS.some((key) => previous[key] !== next[key])
}

/** The user-property operations a new campaign makes: `$set` the campaign's values, `$unset` the others. */
export type CampaignOperations = Partial<Record<'$set' | '$unset', Properties>>

/**
 * The property operations of a new campaign: `$set` for the keys with a value, `$unset: "-"` for the others, keys in
 * CAMPAIGN_KEYS order and operations in order of first use (as the reference's PropertyOperationsBuilder; a value the
 * builder drops, a string over 1024 characters, leaves its key out while the operation stays).
 */
export function campaignOperations(campaign: Campaign): CampaignOperations {
  const operations: CampaignOperations = {}
  for (const key of CAMPAIGN_KEYS) {
    const value = campaign[key]
    const entries = (operations[value ? '$set' : '$unset'] ??= {})
    const kept = value ? sanitizePropertyValue(key, value) : '-'
    if (kept !== undefined) entries[key] = kept
  }
  return operations
}

/** The properties after the operations: a new object, in the order a Map-based application gives. */
export function applyCampaignOperations(properties: Readonly<Properties>, operations: CampaignOperations): Properties {
  const next: Properties = { ...properties }
  for (const operation of Object.keys(operations) as Array<keyof CampaignOperations>) {
    const entries = operations[operation]!
    for (const key of Object.keys(entries)) {
      if (operation === '$set') next[key] = entries[key]
      else delete next[key]
    }
  }
  return next
}

/**
 * The reference's `startNewCampaignIfNeeded(user, timestamp)` for a client: when the page starts a new
 * campaign, store it (only the keys with a value), track `$properties` for `user` at `timestamp`, then apply the same
 * operations to the current user's properties. Returns whether a new campaign started.
 */
export function createCampaignAttribution(kernel: Kernel, page: CampaignPage) {
  // A page keeps its query string through many sessions: its campaign is parsed once.
  let search: string | undefined
  let campaign: Campaign = {}
  // The stored campaign, parsed again only when its text changed (a new campaign, another tab's); read, never changed.
  let text: string | null | undefined
  let previous: ReturnType<typeof readStoredCampaign> = null
  return function startNewCampaignIfNeeded(user: HackleUser, timestamp: number): boolean {
    const cookie = campaignCookie(kernel.sdkKey)
    const stored = kernel.storage.cookies.get(cookie)
    if (stored !== text) previous = readStoredCampaign((text = stored))
    const query = page.search()
    if (query !== search) [search, campaign] = [query, parseCampaign(query)]
    const next = campaign
    if (!isNewCampaign(previous, next, pageDomains(page))) return false
    kernel.storage.cookies.set(cookie, JSON.stringify(next))
    const operations = campaignOperations(next)
    kernel.track({ key: '$properties', properties: operations }, { user, timestamp })
    kernel.users.setProperties(applyCampaignOperations(kernel.users.current().properties ?? {}, operations))
    return true
  }
}
