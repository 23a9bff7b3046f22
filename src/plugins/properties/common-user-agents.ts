import type { UserAgentInfo } from './user-agent'

/**
 * The user agents most visitors send, read without the full rule tables of `user-agent.ts` (which load apart, later,
 * for every other user agent): current Chrome, Edge, Safari and Firefox on Windows, macOS, Linux, Android (the reduced
 * `Android 10; K` form, Samsung Internet included) and iOS, written exactly as those browsers write them, and the iOS
 * web views of apps that add nothing or a KakaoTalk, NAVER search or Daum token (the reference names those `WebKit`).
 *
 * Contract: `parseCommonUserAgent(ua)` is either `undefined` or exactly `parseUserAgent(ua)`. Every pattern is anchored
 * at both ends and leaves only version numbers free (digits and dots), so the set of strings it accepts is small
 * enough to check against the full parser for every shape (test/unit/plugins/properties/common-user-agents.test.ts).
 */

/** A version: digits, dot separated. */
const V = String.raw`(\d+(?:\.\d+)*)`
/** The text every Chromium UA has before its browser tokens. */
const WEBKIT = String.raw`AppleWebKit/537\.36 \(KHTML, like Gecko\) `
/** The desktop systems current browsers report (frozen strings), and what the reference makes of them. */
const DESKTOPS: Record<string, [os: string, version: string]> = {
  'Windows NT 10.0; Win64; x64': ['Windows', '10'],
  'Macintosh; Intel Mac OS X 10_15_7': ['Mac', '10.15.7'],
  'X11; Linux x86_64': ['Linux', 'x86_64'],
}
/** Firefox's desktop systems (its own frozen strings). */
const FIREFOX_DESKTOPS: Record<string, [os: string, version: string]> = {
  'Windows NT 10.0; Win64; x64': ['Windows', '10'],
  'Macintosh; Intel Mac OS X 10.15': ['Mac', '10.15'],
  'X11; Linux x86_64': ['Linux', 'x86_64'],
  'X11; Ubuntu; Linux x86_64': ['Linux', ''],
}

let patterns: RegExp[] | undefined

/** A capture of exactly one of `table`'s keys. */
const oneOf = (table: Record<string, unknown>) => `(${Object.keys(table).map((key) => key.replace(/\./g, '\\.')).join('|')})`

const info = (
  browserName: string,
  browserVersion: string,
  osName: string,
  osVersion: string,
  deviceType = 'pc',
  deviceVendor = '',
  deviceModel = '',
): UserAgentInfo => ({
  browserName,
  browserVersion,
  browserMajorVersion: browserVersion.split('.')[0]!,
  osName,
  osVersion,
  deviceType,
  deviceModel,
  deviceVendor,
})

/** `ua` read as the reference reads it when it is one of the common shapes above, else `undefined`. */
export function parseCommonUserAgent(ua: string): UserAgentInfo | undefined {
  const [desktop, android, ios, safari, firefox, firefoxAndroid] = (patterns ??= [
    String.raw`\(${oneOf(DESKTOPS)}\) ${WEBKIT}Chrome/${V} Safari/537\.36(?: Edg/${V})?`,
    String.raw`\(Linux; Android 10; K\) ${WEBKIT}(?:SamsungBrowser/${V} )?Chrome/${V} (Mobile )?Safari/537\.36`,
    String.raw`\((iPhone; CPU iPhone|iPad; CPU) OS (\d+(?:_\d+)*) like Mac OS X\) AppleWebKit/605\.1\.15 \(KHTML, like Gecko\) (?:(Version|CriOS)/${V} Mobile/15E148 Safari/604\.1|Mobile/15E148(?: KAKAOTALK [\d.]+| NAVER\(inapp; search; \d+; [\d.]+\)| DaumApps/[\d.]+)?)`,
    String.raw`\(Macintosh; Intel Mac OS X 10_15_7\) AppleWebKit/605\.1\.15 \(KHTML, like Gecko\) Version/${V} Safari/605\.1\.15`,
    String.raw`\(${oneOf(FIREFOX_DESKTOPS)}; rv:[\d.]+\) Gecko/20100101 Firefox/${V}`,
    String.raw`\(Android (\d+); Mobile; rv:[\d.]+\) Gecko/[\d.]+ Firefox/${V}`,
  ].map((pattern) => new RegExp(`^Mozilla/5\\.0 ${pattern}$`))) as [RegExp, RegExp, RegExp, RegExp, RegExp, RegExp]
  let m: RegExpExecArray | null
  if ((m = desktop.exec(ua))) return info(m[3] ? 'Edge' : 'Chrome', m[3] ?? m[2]!, ...DESKTOPS[m[1]!]!)
  if ((m = android.exec(ua))) {
    return m[1]
      ? info('Samsung Browser', m[1], 'Android', '10', 'phone', 'Samsung', 'Browser')
      : m[3]
        ? info('Chrome Mobile', m[2]!, 'Android', '10', 'phone')
        : info('Chrome', m[2]!, 'Android', '10')
  }
  if ((m = ios.exec(ua))) {
    const iPhone = m[1]!.startsWith('iPhone')
    return info(
      m[3] ? (m[3] === 'CriOS' ? 'Chrome Mobile' : 'Mobile Safari') : 'WebKit',
      m[4] ?? '605.1.15',
      'iOS',
      m[2]!.replace(/_/g, '.'),
      iPhone ? 'phone' : 'tablet',
      'Apple',
      iPhone ? 'iPhone' : 'iPad',
    )
  }
  if ((m = safari.exec(ua))) return info('Safari', m[1]!, 'Mac', '10.15.7')
  if ((m = firefox.exec(ua))) return info('Firefox', m[2]!, ...FIREFOX_DESKTOPS[m[1]!]!)
  if ((m = firefoxAndroid.exec(ua))) return info('Firefox', m[2]!, 'Android', m[1]!, 'phone')
  return undefined
}
