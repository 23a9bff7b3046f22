import type { Properties } from '../../kernel'

/** The campaign query keys, in the order the reference puts them into user properties. */
export const CAMPAIGN_KEYS = [
  'utm_campaign',
  'utm_content',
  'utm_id',
  'utm_medium',
  'utm_source',
  'utm_term',
  'gclid',
  'fbclid',
] as const

/** One of the campaign parameters read from the URL (`utm_source`, …, `gclid`, `fbclid`). */
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number]
/** The campaign values of a page: only keys with a non-empty value, in CAMPAIGN_KEYS order. */
export type Campaign = Partial<Record<CampaignKey, string>>

const isCampaignKey = (key: string): key is CampaignKey => (CAMPAIGN_KEYS as readonly string[]).includes(key)
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key)

/**
 * Parses the campaign values of a query string (`location.search`) like the reference: drop the first character,
 * split on `&`, then on `=` keeping the first two pieces; skip a missing or empty value or one that
 * `decodeURIComponent` rejects; keys are not decoded; a later occurrence of a key wins.
 * `?utm_source=a%20b&utm_medium=&gclid=x=y&fbclid` → `{ utm_source: 'a b', gclid: 'x' }`.
 */
export function parseCampaign(search: string): Campaign {
  const found: Campaign = {}
  for (const part of String(search ?? '').substring(1).split('&')) {
    const [key = '', value] = part.split('=')
    if (!value || !isCampaignKey(key)) continue
    try {
      const decoded = decodeURIComponent(value)
      if (decoded) found[key] = decoded
    } catch {
      // malformed escape: skipped, as the reference does
    }
  }
  const campaign: Campaign = {}
  for (const key of CAMPAIGN_KEYS) if (found[key]) campaign[key] = found[key]
  return campaign
}

/**
 * The evaluation user's properties: the page's campaign values overlaid by the user's own properties
 *. Same entries as `{ ...campaign, ...properties }`, in the reference's order: the
 * eight campaign keys first (a user's value for such a key takes its place there), then the user's other keys.
 */
export function withCampaign(campaign: Campaign, properties: Properties): Properties {
  const merged: Properties = {}
  for (const key of CAMPAIGN_KEYS) {
    const value = hasOwn(properties, key) ? properties[key] : campaign[key]
    if (value !== undefined) merged[key] = value
  }
  for (const key in properties) {
    if (!hasOwn(properties, key) || isCampaignKey(key)) continue
    // An own "__proto__" key (JSON.parse makes them) must stay a plain property, not replace the prototype.
    if (key === '__proto__') Object.defineProperty(merged, key, { value: properties[key], enumerable: true, writable: true, configurable: true })
    else merged[key] = properties[key]
  }
  return merged
}
