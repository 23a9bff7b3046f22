import { describe, expect, it } from 'vitest'
import { parseUserAgent } from '../../../../src/plugins/properties/user-agent'
import corpus from './ua-corpus.json'
import { adversarialUserAgents } from '../../../../bench/adversarial-user-agents.mjs'

/**
 * parseUserAgent against the reference SDK's own output (ua-corpus.json, regenerate with
 * `node test/unit/plugins/properties/make-ua-corpus.mjs`).
 */

type Fields = Record<string, string>
/** A `known` entry; the list can be empty (then JSON typing says `never[]`). */
type KnownDifference = { label: string; ua: string; fields: string[]; reason: string; expected: Fields }

const fields = corpus.fields
const actual = (ua: string): Fields => {
  const info = parseUserAgent(ua)
  return { ...info, deviceBrand: info.deviceVendor }
}
const rowsToCases = (rows: string[][]) =>
  rows.map(([ua, ...values]) => ({ ua: ua!, expected: Object.fromEntries(fields.map((f, i) => [f, values[i]])) }))

describe('UA corpus vs @hackler/javascript-sdk 11.56.1', () => {
  it('covers the §9 table, 60+ more real-world user agents and a generated matrix', () => {
    expect(corpus.reference).toContain('11.56.1')
    expect(corpus.cases.filter((c) => c.label.startsWith('table:'))).toHaveLength(27)
    expect(corpus.cases.length + corpus.extra.length).toBeGreaterThan(300)
    expect(corpus.matrix.length).toBeGreaterThan(900)
    expect(fields).toEqual([
      'browserName',
      'browserVersion',
      'browserMajorVersion',
      'osName',
      'osVersion',
      'deviceType',
      'deviceModel',
      'deviceVendor',
      'deviceBrand',
    ])
  })

  it.each(corpus.cases.map((c) => [c.label, c] as const))('%s', (_label, { ua, expected }) => {
    expect(actual(ua)).toEqual(expected)
  })

  it('matches every further real-world user agent', () => {
    const mismatches = rowsToCases(corpus.extra)
      .map(({ ua, expected }) => ({ ua, expected, actual: actual(ua) }))
      .filter((r) => JSON.stringify(r.actual) !== JSON.stringify(r.expected))
    expect(mismatches).toEqual([])
  })

  it('matches every user agent of the generated device x browser matrix', () => {
    const mismatches = rowsToCases(corpus.matrix)
      .map(({ ua, expected }) => ({ ua, expected, actual: actual(ua) }))
      .filter((r) => JSON.stringify(r.actual) !== JSON.stringify(r.expected))
    expect(mismatches).toEqual([])
  })

  it('reaches every rule of the reference in a legacy/edge section, also in other spellings', () => {
    const labels = corpus.legacy.map(([label]) => label!)
    expect(labels.length).toBeGreaterThan(2500)
    for (const table of ['browser:', 'os:', 'device:', 'edge:']) {
      expect(labels.filter((l) => l.startsWith(table) && !l.endsWith(']')).length, table).toBeGreaterThan(10)
    }
    for (const spelling of ['upper case', 'lower case', 'tabs', 'no-break spaces', 'double spaces', 'line breaks', 'model with underscores']) {
      expect(labels.filter((l) => l.endsWith(`[${spelling}]`)).length, spelling).toBeGreaterThan(100)
    }
  })

  it('matches every legacy and edge user agent', () => {
    const mismatches = corpus.legacy
      .map(([label, ...row]) => ({ label, ...rowsToCases([row])[0]! }))
      .map(({ label, ua, expected }) => ({ label, ua, expected, actual: actual(ua) }))
      .filter((r) => JSON.stringify(r.actual) !== JSON.stringify(r.expected))
    expect(mismatches).toEqual([])
  })

  it.each((corpus.known as KnownDifference[]).map((c) => [c.label, c] as const))(
    'known difference, %s: only the listed fields differ',
    (_label, { ua, expected, fields: differing }) => {
      const got = actual(ua)
      for (const f of fields) {
        if (differing.includes(f)) expect(got[f], f).not.toBe(expected[f])
        else expect(got[f], f).toBe(expected[f])
      }
    },
  )
})

describe('parseUserAgent', () => {
  it('reproduces the rows of browser-behaviour.md §9 as written in the spec', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toEqual({
      browserName: 'Chrome',
      browserVersion: '120.0.0.0',
      browserMajorVersion: '120',
      osName: 'Android',
      osVersion: '13',
      deviceType: 'phone',
      deviceModel: 'SM-X700',
      deviceVendor: 'Samsung',
    })
    expect(
      parseUserAgent(
        'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/538.1 (KHTML, like Gecko) Version/6.0 TV Safari/538.1',
      ),
    ).toEqual({
      browserName: 'Safari',
      browserVersion: '6.0',
      browserMajorVersion: '6',
      osName: 'Tizen',
      osVersion: '6.0',
      deviceType: 'tv',
      deviceModel: '',
      deviceVendor: '',
    })
    expect(parseUserAgent('')).toEqual({
      browserName: '',
      browserVersion: '',
      browserMajorVersion: '',
      osName: '',
      osVersion: '',
      deviceType: 'pc',
      deviceModel: '',
      deviceVendor: '',
    })
  })

  it('does not consult navigator (Brave, UA client hints, iPad touch points) for the UA it is given', () => {
    const nav = globalThis.navigator as Navigator & Record<string, unknown>
    const ua = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15'
    const saved = Object.getOwnPropertyDescriptors(nav)
    try {
      Object.defineProperty(nav, 'userAgent', { value: ua, configurable: true })
      Object.defineProperty(nav, 'brave', { value: { isBrave: () => true }, configurable: true })
      Object.defineProperty(nav, 'standalone', { value: false, configurable: true })
      Object.defineProperty(nav, 'maxTouchPoints', { value: 5, configurable: true })
      Object.defineProperty(nav, 'userAgentData', { value: { mobile: true, platform: 'Android' }, configurable: true })
      expect(parseUserAgent(ua)).toMatchObject({ browserName: 'Safari', osName: 'Mac', deviceType: 'pc', deviceModel: '' })
    } finally {
      for (const key of ['userAgent', 'brave', 'standalone', 'maxTouchPoints', 'userAgentData']) {
        if (saved[key]) Object.defineProperty(nav, key, saved[key])
        else delete nav[key]
      }
    }
  })

  it('does not cut user agents at 500 characters (the reference parses all of it)', () => {
    const ua = `Mozilla/5.0 (Linux; Android 13; SM-S911N Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 ${'X'.repeat(450)} [FB_IAB/FB4A;FBAV/444.0.0.36.111;]`
    expect(ua.length).toBeGreaterThan(600)
    expect(parseUserAgent(ua)).toMatchObject({ browserName: 'Facebook', browserVersion: '444.0.0.36.111' })
  })

  // Speed on hostile input is measured by bench/user-agent.bench.mjs; here only that such input is parsed at all
  // (a pattern that backtracks without bound would hit the test timeout).
  it('parses 10,000-character adversarial user agents', () => {
    for (const ua of adversarialUserAgents()) {
      expect(ua).toHaveLength(10_000)
      expect(parseUserAgent(ua).deviceType).toEqual(expect.any(String))
    }
  })

  it('keeps 1.x app names out: in-app browsers report what the reference reports', () => {
    const kakao =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5'
    expect(parseUserAgent(kakao)).toMatchObject({ browserName: 'WebKit', browserVersion: '605.1.15' })
    const naverWhale =
      'Mozilla/5.0 (Linux; Android 13; SM-S908N Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.118 Whale/1.0.0.0 Crosswalk/28.118.5993.16 Mobile Safari/537.36 NAVER(inapp; search; 2000; 12.1.2)'
    expect(parseUserAgent(naverWhale)).toMatchObject({ browserName: 'Whale', browserVersion: '1.0.0.0' })
  })
})
