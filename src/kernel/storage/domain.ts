const COUNTRY_CODE_SUFFIX = /[a-z0-9][a-z0-9-]+\.[a-z.]{2,6}$/i
const SIMPLE_SUFFIX = /[a-z0-9][a-z0-9-]*\.[a-z]+$/i

/**
 * The registrable domain by the reference's rule: `shop.example.co.kr` → `example.co.kr`,
 * `www.example.com` → `example.com`. Returns "" for hosts without one (`localhost`, IP addresses).
 */
export function registrableDomain(hostname: string): string {
  const tld = hostname.slice(hostname.lastIndexOf('.') + 1)
  const pattern = tld.length > 4 || tld === 'com' || tld === 'org' ? SIMPLE_SUFFIX : COUNTRY_CODE_SUFFIX
  return hostname.match(pattern)?.[0] ?? ''
}
