import { describe, expect, it } from 'vitest'
import { parseCommonUserAgent } from '../../../../src/plugins/properties/common-user-agents'
import { parseUserAgent } from '../../../../src/plugins/properties/user-agent'
import corpus from './ua-corpus.json'

/**
 * The common-shape reader must answer either nothing or exactly what the full parser answers (which matches the
 * reference on the whole corpus, ua-corpus.test.ts). Checked on every shape it accepts with many versions, on near
 * misses (tokens in-app browsers and other browsers add), and on the reference's own corpus.
 */

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
}
const next = random(20261126)
const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!
const number = () => pick(['0', '1', '9', '10', '17', '99', '120', '537', '605', '2147483648', '00', '007'])
const version = (parts = 1 + Math.floor(next() * 4)) => Array.from({ length: parts }, number).join('.')
const iosVersion = () => Array.from({ length: 1 + Math.floor(next() * 3) }, number).join('_')

const DESKTOP = ['Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10_15_7', 'X11; Linux x86_64']
const FIREFOX = ['Windows NT 10.0; Win64; x64', 'Macintosh; Intel Mac OS X 10.15', 'X11; Linux x86_64', 'X11; Ubuntu; Linux x86_64']
const WEBKIT = 'AppleWebKit/537.36 (KHTML, like Gecko)'
const shapes: Array<[name: string, make: () => string]> = [
  ['Chrome desktop', () => `Mozilla/5.0 (${pick(DESKTOP)}) ${WEBKIT} Chrome/${version()} Safari/537.36`],
  ['Edge desktop', () => `Mozilla/5.0 (${pick(DESKTOP)}) ${WEBKIT} Chrome/${version()} Safari/537.36 Edg/${version()}`],
  ['Chrome Android', () => `Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} Chrome/${version()} ${pick(['Mobile ', ''])}Safari/537.36`],
  [
    'Samsung Internet',
    () => `Mozilla/5.0 (Linux; Android 10; K) ${WEBKIT} SamsungBrowser/${version()} Chrome/${version()} ${pick(['Mobile ', ''])}Safari/537.36`,
  ],
  [
    'iOS Safari and Chrome',
    () =>
      `Mozilla/5.0 (${pick(['iPhone; CPU iPhone', 'iPad; CPU'])} OS ${iosVersion()} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ` +
      `${pick(['Version', 'CriOS'])}/${version()} Mobile/15E148 Safari/604.1`,
  ],
  [
    'iOS web views (no token, KakaoTalk, NAVER search, Daum)',
    () =>
      `Mozilla/5.0 (${pick(['iPhone; CPU iPhone', 'iPad; CPU'])} OS ${iosVersion()} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148` +
      pick(['', ` KAKAOTALK ${version()}`, ` NAVER(inapp; search; ${number()}; ${version()})`, ` DaumApps/${version()}`]),
  ],
  ['Safari macOS', () => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/${version()} Safari/605.1.15`],
  ['Firefox desktop', () => `Mozilla/5.0 (${pick(FIREFOX)}; rv:${version()}) Gecko/20100101 Firefox/${version()}`],
  ['Firefox Android', () => `Mozilla/5.0 (Android ${number()}; Mobile; rv:${version()}) Gecko/${version()} Firefox/${version()}`],
]

/** Tokens in-app browsers, web views and other browsers add or change. */
const TOKENS = [
  ' wv', '; wv', ' KAKAOTALK 10.4.3', ' NAVER(inapp; search; 2000; 12.1.5)', ' Instagram 300.0.0.0', ' [FBAN/FBIOS;FBAV/440.0]',
  ' Whale/3.24.223.21', ' OPR/105.0', ' YaBrowser/23.11', ' Mobile', ' SamsungBrowser/23.0', ' Edg/120.0', ' EdgA/120.0',
  ' Version/4.0', ' Line/13.20.0', ' DaumApps/8.0', 'Build/UP1A', '; SM-S911N', ' Tablet', ' CrOS x86_64', ' (iPad)', 'Opera',
  ' Safari/604.1', ' Mobile/15E148', ' Chrome/120.0', ' like Gecko', ' Trident/7.0', ' Silk/120', ' Kindle',
  ' KAKAOTALK 10.4.3', ' DaumApps/8.0.0', ' Instagram 300.0.0.12.109', ' Safari Line/13.20.0', ' FBAN/FBIOS', ' opera', ' silk',
]
const mutate = (ua: string) => {
  const at = Math.floor(next() * (ua.length + 1))
  return next() < 0.8 ? ua.slice(0, at) + pick(TOKENS) + ua.slice(at) : ua.slice(0, at) + ua.slice(at + 1 + Math.floor(next() * 4))
}

describe('parseCommonUserAgent', () => {
  it.each(shapes)('%s: accepts the shape with any version and answers what the full parser answers', (_name, make) => {
    for (let i = 0; i < 400; i++) {
      const ua = make()
      const fast = parseCommonUserAgent(ua)
      expect(fast, ua).toBeDefined()
      expect(fast, ua).toEqual(parseUserAgent(ua))
    }
  })

  it('answers nothing, or the full parser’s answer, for near misses', () => {
    let accepted = 0
    for (let i = 0; i < 20_000; i++) {
      const ua = mutate(pick(shapes)[1]())
      const fast = parseCommonUserAgent(ua)
      if (!fast) continue
      accepted++
      expect(fast, ua).toEqual(parseUserAgent(ua))
    }
    // Some mutations only change a version number: those must still be read.
    expect(accepted).toBeGreaterThan(0)
  })

  it('agrees with the reference on every corpus user agent it reads, and reads the common ones', () => {
    const fields = corpus.fields
    const rows = [
      ...corpus.cases.map((c) => ({ ua: c.ua, expected: c.expected as Record<string, string> })),
      ...[...corpus.extra, ...corpus.matrix].map(([ua, ...values]) => ({
        ua: ua!,
        expected: Object.fromEntries(fields.map((field, i) => [field, values[i]!])),
      })),
    ]
    const read = rows.filter(({ ua }) => parseCommonUserAgent(ua))
    for (const { ua, expected } of read) {
      const info = parseCommonUserAgent(ua)!
      expect({ ...info, deviceBrand: info.deviceVendor }, ua).toEqual(expected)
    }
    const labels = corpus.cases.filter((c) => parseCommonUserAgent(c.ua)).map((c) => c.label)
    expect(labels).toEqual(expect.arrayContaining(['table: Chrome Windows']))
    expect(read.length).toBeGreaterThan(20)
  })

  it('answers nothing for what it does not know, without throwing', () => {
    for (const ua of ['', 'constructor', '__proto__', 'Mozilla/5.0 (constructor) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/1 Safari/537.36', 'x'.repeat(100_000)]) {
      expect(parseCommonUserAgent(ua)).toBeUndefined()
    }
  })
})
