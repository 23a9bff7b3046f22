/**
 * The suite's own generator: seeded, deterministic WorkspaceConfigDto + users + queries.
 *
 * `normal` configs are valid (what the Hackle server sends); `odd` configs start from a normal one and apply
 * a random subset of named mutations (odd-but-parseable inputs, inputs that make evaluation throw, inputs the
 * reference rejects as a whole and hackle-kit parses tolerantly). The applied names are listed in `oddities`.
 *
 * Everything the reference's decisions depend on is generated here or fixed by the page (page.ts).
 */
import { Rng } from './rng'
import { DEVICE_ID, PAGES, type PageEnv } from './page'
import { isExcluded } from './exclusions'
import type { ConformanceCase, Query, TestUser } from './model'

// The DTOs are built as plain JSON; odd mode puts values of the wrong type everywhere, so keep them loose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dto = Record<string, any>

export type Mode = 'normal' | 'odd'

// ---------------------------------------------------------------------------------------------------------
// Value pools. User values and condition values come from the same pools, so conditions match sometimes.
// ---------------------------------------------------------------------------------------------------------

export const ID_POOL = ['user-1', 'user-2', 'user-3', 'u_42', '사용자-1', 'josé-ñ', 'Zoë', '😀smile', '0', 'ABC-def-123', 'ÿĀ-edge']
export const USER_ID_POOL = ['member-1', 'member-2', 'emp-1', '회원77', 'M-0042', 'member-1 ']
export const DEVICE_POOL = ['device-a', 'device-b', 'dev-é', 'D-000', DEVICE_ID]
const CUSTOMER_POOL = ['cus-1', 'cus-2', '고객-3', 'cus-1 ']
const ACCOUNT_POOL = ['acc-1', 'acc-2', 'acc-ß']
const CUSTOM_TYPES = ['customerId', 'accountId'] as const
const IDENTIFIER_TYPES: ReadonlyArray<readonly [number, string]> = [
  [30, '$id'],
  [16, '$userId'],
  [14, '$deviceId'],
  [10, '$hackleDeviceId'],
  [18, 'customerId'],
  [12, 'accountId'],
]

const VERSION_POOL = ['1.2.3', '1.2.3-beta.2', '2', '1.10.0', 'v1.2.3', '1.2.3+build.5', '01.2.3', '1.2.3.4', '1.2', '0.9.9-rc.1', '1.2.3-beta.11', '120.0.0', '120']

interface PropertySpec {
  name: string
  pool: readonly unknown[]
  /** Value types a condition on this property mostly uses (others occasionally). */
  types: readonly ValueType[]
}

const USER_PROPERTIES: readonly PropertySpec[] = [
  {
    name: 'age',
    pool: [46, 30, '46', ' 30', '1e1', '0x1F', '', 'abc', 17, 0, -5, 3.5, '30', '0b101', '0o17', '+5', '.5', '5.', '-0', '1_000', '\t12\n', '1e400', 'Infinity', 'NaN'],
    types: ['NUMBER', 'STRING'],
  },
  { name: 'grade', pool: ['GOLD', 'SILVER', 'VIP', 'gold', ['GOLD', 'VIP'], ['SILVER'], []], types: ['STRING'] },
  { name: 'premium', pool: [true, false, 'true', 'TRUE', 1, 'yes', 'false'], types: ['BOOLEAN', 'STRING'] },
  { name: 'appVersion', pool: VERSION_POOL, types: ['VERSION', 'STRING'] },
  { name: 'score', pool: [3.5, 100, -1, 0, '99.5', 1e21, 12], types: ['NUMBER'] },
  { name: 'tags', pool: [['a', 'b'], [7, 'beta'], [], ['x'], 'a', ['1.2.3', '2']], types: ['STRING', 'NUMBER', 'VERSION'] },
  {
    name: 'homepage',
    pool: [
      'https://a.com/path/', 'https://a.com/%ED%95%9C%EA%B8%80', 'https://A.com/p?q=1', 'a.com/p', 'not a url', 'https://a.com', 'https://a.com/한글/x',
      'HTTPS://A.COM:443/Path/', 'https://a.com/p#frag', 'https://user:pw@a.com/p', 'https://a.com/p?', 'https://a.com/a%2Fb', 'https://a.com/%E0%A4%A',
      'https://a.com/한 글', 'http://[::1]:8080/x', 'mailto:a@b.c',
    ],
    types: ['URL', 'STRING'],
  },
  { name: 'meta', pool: ['{"a":1}', '[1,2]', '{"b":true}', 'null', '{"a": 1}'], types: ['JSON', 'STRING'] },
  { name: 'country', pool: ['KR', 'US', 'kr', 'JP', 'Korea'], types: ['STRING'] },
  { name: 'nickname', pool: ['홍길동', 'Zoë', '😀', '', '名前', 'a\u0301', 'á', 'ｚ', 'Ａ', 'z', '\uFFFF'], types: ['STRING'] },
  { name: 'utm_source', pool: ['newsletter', 'kakao', 'google', '', 'naver', 'daum', 'instagram'], types: ['STRING'] },
  { name: 'utm_campaign', pool: ['fall_sale', 'spring', 'FALL_SALE', 'fall sale', 'fall+sale'], types: ['STRING'] },
  { name: 'utm_content', pool: ['a+b', 'a b', 'a%2Bb'], types: ['STRING'] },
  { name: 'utm_medium', pool: ['cpc', 'social', '', 'email'], types: ['STRING'] },
  { name: 'utm_term', pool: ['신발', 'x', '%EC%8B%A0%EB%B0%9C'], types: ['STRING'] },
  { name: 'utm_id', pool: ['42', 42, '042'], types: ['STRING', 'NUMBER'] },
  { name: 'gclid', pool: ['Cj0KCQ_abc', 'other'], types: ['STRING'] },
  { name: 'fbclid', pool: ['fb.1', 'fb'], types: ['STRING'] },
  { name: 'is_new', pool: [null, true, 'null'], types: ['BOOLEAN', 'STRING'] },
  { name: 'never_set', pool: ['x', 1, true], types: ['STRING', 'NUMBER', 'BOOLEAN'] },
]

/** Hackle properties the SDKs derive from the page (page.ts). `timeZone` is excluded (exclusions.ts). */
const HACKLE_PROPERTIES: readonly PropertySpec[] = [
  { name: 'platform', pool: ['Web', 'web', 'Android'], types: ['STRING'] },
  { name: 'browserName', pool: ['Chrome', 'Safari', 'Firefox', 'chrome', 'Edge', 'Mobile Safari', 'Chrome Mobile'], types: ['STRING'] },
  { name: 'browserMajorVersion', pool: ['120', '124', '119', 120, '121', '17'], types: ['STRING', 'NUMBER', 'VERSION'] },
  { name: 'browserVersion', pool: ['120.0.0.0', '124.0.6367.91', '120', '120.0.0', '121.0', '17.2', '120.0.2210.91'], types: ['VERSION', 'STRING'] },
  { name: 'osName', pool: ['Windows', 'Mac', 'Linux', 'Android', 'iOS', 'Mac OS', 'macOS'], types: ['STRING'] },
  { name: 'osVersion', pool: ['10', '10.15.7', '13', '11', '14.2.1', '17.2', ''], types: ['STRING', 'VERSION', 'NUMBER'] },
  { name: 'deviceType', pool: ['pc', 'phone', 'tablet', 'desktop', 'mobile'], types: ['STRING'] },
  { name: 'deviceModel', pool: ['', 'SM-S911B', 'Macintosh', 'iPhone', 'SM-X700'], types: ['STRING'] },
  { name: 'deviceVendor', pool: ['', 'Samsung', 'Apple'], types: ['STRING'] },
  { name: 'screenWidth', pool: [1920, 1080, '1920', 1366, 2560, 390, 800], types: ['NUMBER', 'STRING'] },
  { name: 'screenHeight', pool: [1080, 1920, '1080', 844, 1440], types: ['NUMBER', 'STRING'] },
  { name: 'orientation', pool: ['landscape', 'portrait', ''], types: ['STRING'] },
  { name: 'locale', pool: ['en-US', 'ko-KR', 'en-GB', 'en', 'ko', 'de-DE', 'ja-JP', ''], types: ['STRING'] },
  { name: 'language', pool: ['en', 'ko', 'en-US', 'de', 'ja', ''], types: ['STRING'] },
  {
    name: 'pagePath',
    pool: ['/products/shoes/', '/products/shoes', '/상품/45', '/%EC%83%81%ED%92%88/45', '/', '/settings/profile', '/products', '/%EC%83%81', '/bad%E0%A4%A/path.html', '/bad', '/A/B/', '/a/b/', '/landing'],
    types: ['STRING'],
  },
  { name: 'host', pool: ['shop.example.com', 'm.example.co.kr', 'localhost', 'localhost:3000', 'app.example.com', 'example.com', 'www.example.com:8443', 'EXAMPLE.com', 'm.example.com'], types: ['STRING'] },
  {
    name: 'url',
    pool: [
      'https://shop.example.com/products/shoes/?color=red&q=running%20shoe',
      'https://shop.example.com/products/shoes?color=red&q=running shoe',
      'https://m.example.co.kr/상품/45?utm_source=kakao&utm_medium=cpc&utm_campaign=fall_sale&utm_term=신발',
      'https://m.example.co.kr/%EC%83%81%ED%92%88/45',
      'http://localhost:3000/',
      'http://localhost:3000',
      'https://app.example.com/settings/profile?tab=security&gclid=Cj0KCQ_abc&utm_source=google&lang=ko',
      'https://www.example.com:8443/bad%E0%A4%A/path.html?q=%ZZ&x=1#top',
      'https://example.com/A/B/?Q=Upper#frag',
      'https://example.com/A/B?Q=Upper',
    ],
    types: ['STRING', 'URL'],
  },
  {
    name: 'queryParameter',
    pool: ['?color=red&q=running%20shoe', '?color=red&q=running shoe', 'color=red', '?utm_source=kakao', '', '?tab=security', '신발', '%EC%8B%A0', '?q=%ZZ&x=1', '?Q=Upper', 'fall+sale', '?utm_source=naver'],
    types: ['STRING'],
  },
  { name: 'protocol', pool: ['https', 'http', 'https:'], types: ['STRING'] },
  { name: 'pageTitle', pool: ['Shoes | Example Shop', '상품 상세', 'Local', 'Settings', 'Shoes', 'Spaced Title', '  Spaced   Title  ', 'Landing'], types: ['STRING'] },
  { name: 'referrer', pool: ['', 'https://www.google.com/', 'https://app.example.com/home', 'google', 'https://search.naver.com/search.naver?query=shoes', 'https://l.instagram.com'], types: ['STRING', 'URL'] },
  { name: 'userAgent', pool: ['Chrome/120', 'Mozilla/5.0', 'Windows NT 10.0', 'Macintosh', 'Firefox', 'Edg/', 'iPhone', 'Mobile'], types: ['STRING'] },
]

const URL_POOL = [
  'https://shop.example.com/products/shoes/?color=red&q=running%20shoe',
  'https://shop.example.com/products/shoes?color=red&q=running%20shoe',
  'https://SHOP.example.com/products/shoes/?color=red&q=running shoe',
  'https://m.example.co.kr/상품/45?utm_source=kakao&utm_medium=cpc&utm_campaign=fall_sale&utm_term=신발',
  'https://m.example.co.kr/%EC%83%81%ED%92%88/45?utm_source=kakao&utm_medium=cpc&utm_campaign=fall_sale&utm_term=%EC%8B%A0%EB%B0%9C',
  'http://localhost:3000',
  'http://localhost:3000/',
  'https://app.example.com/settings/profile?tab=security&gclid=Cj0KCQ_abc&utm_source=google&lang=ko',
  'https://a.com/path',
  'https://a.com/한글',
  'https://a.com',
  'a.com/p',
  '/상품',
  'https://m.example.co.kr/상품',
  'shop.example.com',
  '%EC%83%81%ED%92%88',
  'https://www.example.com:8443/bad%E0%A4%A/path.html?q=%ZZ&x=1',
  'https://www.example.com:8443/bad',
  'https://example.com/A/B/?Q=Upper',
  'https://EXAMPLE.com/a/b',
  'https://www.example.com/landing?utm_source=naver',
  'https://m.example.com/',
  'http://LOCALHOST:3000/',
]

type ValueType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'VERSION' | 'JSON' | 'URL' | 'NULL' | 'UNKNOWN'
type Operator = 'IN' | 'CONTAINS' | 'STARTS_WITH' | 'ENDS_WITH' | 'GT' | 'GTE' | 'LT' | 'LTE' | 'EXISTS'
const VALUE_TYPES: readonly ValueType[] = ['STRING', 'NUMBER', 'BOOLEAN', 'VERSION', 'JSON', 'URL']

const OPERATOR_WEIGHTS: Record<string, ReadonlyArray<readonly [number, Operator]>> = {
  STRING: [[40, 'IN'], [12, 'CONTAINS'], [10, 'STARTS_WITH'], [8, 'ENDS_WITH'], [5, 'GT'], [4, 'GTE'], [4, 'LT'], [4, 'LTE'], [6, 'EXISTS']],
  NUMBER: [[22, 'IN'], [15, 'GT'], [15, 'GTE'], [15, 'LT'], [15, 'LTE'], [5, 'EXISTS'], [3, 'CONTAINS'], [2, 'STARTS_WITH'], [2, 'ENDS_WITH']],
  BOOLEAN: [[60, 'IN'], [8, 'EXISTS'], [3, 'CONTAINS'], [2, 'STARTS_WITH'], [2, 'ENDS_WITH'], [3, 'GT'], [2, 'GTE'], [2, 'LT'], [2, 'LTE']],
  VERSION: [[18, 'IN'], [15, 'GT'], [15, 'GTE'], [15, 'LT'], [15, 'LTE'], [5, 'EXISTS'], [3, 'CONTAINS'], [2, 'STARTS_WITH'], [2, 'ENDS_WITH']],
  URL: [[30, 'IN'], [20, 'CONTAINS'], [20, 'STARTS_WITH'], [8, 'ENDS_WITH'], [5, 'EXISTS'], [3, 'GT'], [2, 'GTE'], [2, 'LT'], [2, 'LTE']],
  JSON: [[40, 'IN'], [15, 'CONTAINS'], [8, 'STARTS_WITH'], [8, 'ENDS_WITH'], [3, 'GT'], [3, 'GTE'], [3, 'LT'], [3, 'LTE'], [5, 'EXISTS']],
}

// ---------------------------------------------------------------------------------------------------------
// Identity: the values the browser SDK resolves for a user (needed to aim user overrides at real users).
// ---------------------------------------------------------------------------------------------------------

/** The identifier value the browser client uses for `type`, or undefined (spec evaluation.md §3). */
export function resolvedIdentifier(input: TestUser, type: string): string | undefined {
  const user: Record<string, unknown> = typeof input === 'string' ? { id: input } : (input ?? {})
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const identifiers = (user.identifiers ?? {}) as Record<string, unknown>
  switch (type) {
    case '$id':
      return str(user.id) ?? DEVICE_ID
    case '$deviceId':
      return str(user.deviceId) ?? DEVICE_ID
    case '$hackleDeviceId':
      return DEVICE_ID
    case '$userId':
      return user.userId !== undefined && user.userId !== null ? str(user.userId) : str(identifiers.$userId)
    default:
      return str(identifiers[type])
  }
}

// ---------------------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------------------

type Place = 'segment' | 'target' | 'override'

interface Ranked {
  type: 'AB_TEST' | 'FEATURE_FLAG'
  dto: Dto
}

class Generator {
  private nextIdValue: number
  readonly page: PageEnv
  readonly users: TestUser[] = []
  readonly buckets: Dto[] = []
  readonly parameterConfigurations: Dto[] = []
  readonly segments: Dto[] = []
  readonly experiments: Dto[] = []
  readonly featureFlags: Dto[] = []
  readonly containers: Dto[] = []
  readonly remoteConfigParameters: Dto[] = []
  readonly events: Dto[] = []
  private readonly ranked: Ranked[] = []

  constructor(
    readonly rng: Rng,
    readonly mode: Mode,
  ) {
    this.nextIdValue = rng.int(1, 900) * 100
    this.page = rng.pick(PAGES)
  }

  id(): number {
    this.nextIdValue += this.rng.int(1, 9)
    return this.nextIdValue
  }

  // --- users ------------------------------------------------------------------------------------------

  user(): TestUser {
    const { rng } = this
    const user: Record<string, unknown> = {}
    if (rng.chance(0.8)) user.id = rng.chance(0.05) ? '' : rng.pick(ID_POOL)
    if (rng.chance(0.55)) user.userId = rng.pick(USER_ID_POOL)
    if (rng.chance(0.45)) user.deviceId = rng.pick(DEVICE_POOL)
    if (rng.chance(0.6)) {
      const identifiers: Record<string, unknown> = {}
      if (rng.chance(0.7)) identifiers.customerId = rng.pick(CUSTOMER_POOL)
      if (rng.chance(0.5)) identifiers.accountId = rng.pick(ACCOUNT_POOL)
      if (rng.chance(0.12)) identifiers.$id = rng.pick(ID_POOL)
      if (rng.chance(0.12)) identifiers.$userId = rng.pick(USER_ID_POOL)
      if (rng.chance(0.12)) identifiers.$deviceId = rng.pick(DEVICE_POOL)
      user.identifiers = identifiers
    }
    if (rng.chance(0.85)) {
      const properties: Record<string, unknown> = {}
      for (const spec of rng.sample(USER_PROPERTIES.filter((it) => it.name !== 'never_set'), rng.int(1, 7))) {
        properties[spec.name] = rng.pick(spec.pool)
      }
      user.properties = properties
    }
    return user
  }

  /** Values of `type` the generated users resolve to, plus decoys. */
  identifierValues(type: string): string[] {
    const values = new Set<string>()
    for (const user of this.users) {
      const value = resolvedIdentifier(user, type)
      if (value !== undefined) values.add(value)
    }
    return [...values]
  }

  // --- conditions -------------------------------------------------------------------------------------

  matchType(): string {
    return this.rng.chance(0.8) ? 'MATCH' : 'NOT_MATCH'
  }

  /** A value of `valueType` for `operator`, drawn from `pool` where possible. */
  conditionValue(valueType: ValueType, operator: Operator, pool: readonly unknown[]): unknown {
    const { rng } = this
    let raw = pool.length ? rng.pick(pool) : 'x'
    if (Array.isArray(raw)) raw = raw.length ? rng.pick(raw) : 'x'
    const cut = (text: string): string => {
      if (text.length < 2 || rng.chance(0.3)) return text
      const n = rng.int(1, text.length - 1)
      if (operator === 'STARTS_WITH') return text.slice(0, n)
      if (operator === 'ENDS_WITH') return text.slice(text.length - n)
      if (operator === 'CONTAINS') {
        const start = rng.int(0, text.length - n)
        return text.slice(start, start + n)
      }
      return text
    }
    switch (valueType) {
      case 'STRING':
      case 'JSON': {
        if (typeof raw === 'number' && rng.chance(0.5)) return raw
        if (typeof raw === 'boolean' && rng.chance(0.5)) return raw
        if (valueType === 'JSON' && rng.chance(0.3)) return rng.pick(['{"a":1}', '[1,2]', '{"b":true}'])
        return cut(raw === null ? 'null' : String(raw))
      }
      case 'NUMBER': {
        const n = typeof raw === 'boolean' || raw === null || raw === '' ? NaN : Number(raw)
        const value = Number.isFinite(n) ? n : rng.pick([0, 1, 10, 30, 46, 100, 1920, 120, -1, 3.5])
        const nudged = rng.chance(0.25) ? value + rng.pick([-1, 1, 0.5]) : value
        return rng.chance(0.15) ? String(nudged) : nudged
      }
      case 'BOOLEAN':
        if (typeof raw === 'boolean') return rng.chance(0.85) ? raw : String(raw)
        return rng.chance(0.85) ? rng.chance(0.5) : rng.pick(['true', 'false', 'TRUE', 1])
      case 'VERSION':
        if (typeof raw === 'string' && rng.chance(0.5)) return raw
        return rng.pick(VERSION_POOL.concat(['1.2.0', '1.10.0', '2.0.0-alpha', '120.0.0', '119.9']))
      case 'URL':
        if (typeof raw === 'string' && rng.chance(0.5)) return cut(raw)
        return cut(rng.pick(URL_POOL))
      default:
        return raw
    }
  }

  propertyCondition(keyType: 'USER_PROPERTY' | 'HACKLE_PROPERTY'): Dto {
    const { rng } = this
    const spec = rng.pick(keyType === 'USER_PROPERTY' ? USER_PROPERTIES : HACKLE_PROPERTIES)
    const valueType: ValueType = rng.chance(0.85) ? rng.pick(spec.types) : rng.pick(VALUE_TYPES)
    const operator = rng.weighted(OPERATOR_WEIGHTS[valueType])
    const count = operator === 'EXISTS' ? rng.int(0, 1) : rng.weighted([[60, 1], [30, 2], [10, 3]] as const)
    const values = Array.from({ length: count }, () => this.conditionValue(valueType, operator, spec.pool))
    return condition(keyType, spec.name, this.matchType(), operator, valueType, values)
  }

  userIdCondition(): Dto {
    const { rng } = this
    const type = rng.weighted(IDENTIFIER_TYPES)
    const pool = [...this.identifierValues(type), 'nobody', rng.pick(ID_POOL)]
    const operator = rng.weighted([[70, 'IN'], [10, 'STARTS_WITH'], [10, 'CONTAINS'], [5, 'ENDS_WITH'], [5, 'EXISTS']] as const)
    const values = rng.sample(pool, rng.int(1, 3)).map((value) => this.conditionValue('STRING', operator, [value]))
    return condition('USER_ID', type, this.matchType(), operator, 'STRING', values)
  }

  segmentCondition(): Dto | undefined {
    const { rng } = this
    if (this.segments.length === 0) return undefined
    const keys = rng.sample(this.segments.map((it) => it.key as string), rng.weighted([[75, 1], [25, 2]] as const))
    return condition('SEGMENT', 'SEGMENT', this.matchType(), 'IN', 'STRING', keys)
  }

  /** An AB_TEST / FEATURE_FLAG condition on an entity ranked before the one being built (no cycles). */
  nestedCondition(available: readonly Ranked[]): Dto | undefined {
    const { rng } = this
    if (available.length === 0) return undefined
    const target = rng.pick(available)
    const missing = rng.chance(0.07)
    const key = missing ? 9000 + rng.int(0, 99) : (target.dto.key as number)
    if (target.type === 'AB_TEST') {
      const variationKeys = ((target.dto.variations ?? []) as Dto[]).map((it) => it.key as string)
      const operator = rng.weighted([[80, 'IN'], [10, 'CONTAINS'], [5, 'EXISTS'], [5, 'GT']] as const)
      const values = rng.sample([...variationKeys, 'Z'], rng.int(1, 2))
      return condition('AB_TEST', String(key), this.matchType(), operator, rng.chance(0.9) ? 'STRING' : 'BOOLEAN', values)
    }
    const valueType = rng.weighted([[80, 'BOOLEAN'], [15, 'STRING'], [5, 'NUMBER']] as const)
    const values = valueType === 'BOOLEAN' ? [rng.chance(0.6)] : valueType === 'STRING' ? [rng.pick(['true', 'false'])] : [1]
    return condition('FEATURE_FLAG', String(key), this.matchType(), rng.chance(0.9) ? 'IN' : 'EXISTS', valueType, values)
  }

  condition(place: Place, available: readonly Ranked[]): Dto {
    const { rng } = this
    if (place === 'override') return this.segmentCondition() ?? this.propertyCondition('USER_PROPERTY')
    if (place === 'segment') {
      const kind = rng.weighted([[35, 'USER_ID'], [40, 'USER_PROPERTY'], [25, 'HACKLE_PROPERTY']] as const)
      return kind === 'USER_ID' ? this.userIdCondition() : this.propertyCondition(kind)
    }
    const kind = rng.weighted([[42, 'USER_PROPERTY'], [26, 'HACKLE_PROPERTY'], [14, 'SEGMENT'], [18, 'NESTED']] as const)
    if (kind === 'SEGMENT') return this.segmentCondition() ?? this.propertyCondition('USER_PROPERTY')
    if (kind === 'NESTED') return this.nestedCondition(available) ?? this.propertyCondition('HACKLE_PROPERTY')
    return this.propertyCondition(kind)
  }

  target(place: Place, available: readonly Ranked[], min = 1, max = 3): Dto {
    const count = this.rng.int(min, max)
    return { conditions: Array.from({ length: count }, () => this.condition(place, available)) }
  }

  // --- buckets and parameters -------------------------------------------------------------------------

  /** A bucket whose slots map to `variationIds`; `gaps` leaves parts of the slot range unallocated. */
  bucket(variationIds: readonly number[], gaps: boolean, empty = false): number {
    const { rng } = this
    const slotSize = rng.weighted([[70, 10000], [12, 1000], [10, 100], [8, rng.int(3, 50)]] as const)
    const seed = rng.chance(0.1) ? rng.pick([0, 1, -1, 2147483647, -2147483648]) : rng.int32()
    const pieces = Math.min(slotSize, variationIds.length * rng.int(1, 2) + (gaps ? rng.int(1, 3) : 0))
    const cuts = new Set<number>([0, slotSize])
    while (cuts.size < pieces + 1) cuts.add(rng.int(1, slotSize - 1))
    const bounds = [...cuts].sort((a, b) => a - b)
    const ranges: Array<[number, number]> = []
    for (let i = 0; i + 1 < bounds.length; i++) ranges.push([bounds[i], bounds[i + 1]])
    // every variation gets at least one range (when there are enough), the rest at random
    const owners = ranges.map((_, i) => (i < variationIds.length ? variationIds[i] : rng.pick(variationIds)))
    const shuffledOwners = rng.shuffle(owners)
    let slots = ranges.map(([start, end], i) => ({ startInclusive: start, endExclusive: end, variationId: shuffledOwners[i] }))
    if (gaps && slots.length > 1) {
      const keep = rng.sample(slots, rng.int(1, slots.length - 1))
      slots = slots.filter((slot) => keep.includes(slot))
    } else if (gaps) {
      slots = [{ ...slots[0], endExclusive: Math.max(1, Math.floor(slotSize / 2)) }]
    }
    if (empty) slots = []
    const id = this.id()
    this.buckets.push({ id, seed, slotSize, slots: rng.shuffle(slots) })
    return id
  }

  parameterConfiguration(): number {
    const { rng } = this
    const id = this.id()
    const keys = rng.sample(['color', 'limit', 'enabled', 'title', 'ratio', '라벨', 'empty'], rng.int(1, 3))
    const parameters = keys.map((key) => ({
      key,
      value: rng.pick<unknown>(['red', 'blue', '', '한글', 10, 0, -2.5, true, false, '{"x":1}']),
    }))
    this.parameterConfigurations.push({ id, parameters })
    return id
  }

  // --- experiments and flags --------------------------------------------------------------------------

  identifierType(): string {
    return this.rng.weighted(IDENTIFIER_TYPES)
  }

  userOverrides(identifierType: string, variationIds: readonly number[]): Dto[] {
    const { rng } = this
    const values = this.identifierValues(identifierType)
    const chosen = rng.sample([...values, 'someone-else'], rng.int(1, 3))
    return chosen.map((userId) => ({ userId, variationId: rng.pick(variationIds) }))
  }

  segmentOverrides(variationIds: readonly number[]): Dto[] {
    const { rng } = this
    return Array.from({ length: rng.int(1, 2) }, () => ({
      target: this.target('override', [], 1, 2),
      action: rng.chance(0.6)
        ? { type: 'VARIATION', variationId: rng.pick(variationIds) }
        : { type: 'BUCKET', bucketId: this.bucket(variationIds, rng.chance(0.3)) },
    }))
  }

  execution(status: string, extra: Dto): Dto {
    return {
      status,
      version: this.rng.int(1, 9),
      userOverrides: [],
      segmentOverrides: [],
      targetAudiences: [],
      targetRules: [],
      defaultRule: { type: 'VARIATION', variationId: 0 },
      targetUrls: null,
      ...extra,
    }
  }

  dtoStatus(executionStatus: string): string {
    return { READY: 'DRAFT', RUNNING: 'EXECUTED', PAUSED: 'EXECUTED', STOPPED: 'COMPLETED' }[executionStatus] ?? 'EXECUTED'
  }

  abTest(key: number): Dto {
    const { rng } = this
    const available = [...this.ranked]
    const id = this.id()
    const count = rng.weighted([[50, 2], [30, 3], [20, 4]] as const)
    const variations: Dto[] = Array.from({ length: count }, (_, i) => {
      const variation: Dto = { id: this.id(), key: 'ABCD'[i], status: 'ACTIVE' }
      if (rng.chance(i === 0 ? 0.03 : 0.12)) variation.status = 'DROPPED'
      if (rng.chance(0.45)) variation.parameterConfigurationId = this.parameterConfiguration()
      return variation
    })
    const variationIds = variations.map((it) => it.id as number)
    const identifierType = this.identifierType()
    const status = rng.weighted([[55, 'RUNNING'], [12, 'READY'], [13, 'PAUSED'], [20, 'STOPPED']] as const)
    const ruleIds = rng.chance(0.05) ? [...variationIds, this.id()] : variationIds // a slot to an unknown variation
    const defaultRule = rng.chance(0.8)
      ? { type: 'BUCKET', bucketId: this.bucket(ruleIds, rng.chance(0.3)) }
      : { type: 'VARIATION', variationId: rng.pick(variationIds) }
    const execution = this.execution(status, {
      userOverrides: rng.chance(0.4) ? this.userOverrides(identifierType, variationIds) : [],
      segmentOverrides: rng.chance(0.3) ? this.segmentOverrides(variationIds) : [],
      targetAudiences: rng.chance(0.6) ? Array.from({ length: rng.int(1, 3) }, () => this.target('target', available)) : [],
      targetRules: rng.chance(0.1)
        ? [{ target: this.target('target', available, 0, 1), action: { type: 'VARIATION', variationId: rng.pick(variationIds) } }]
        : [],
      defaultRule,
    })
    const dto: Dto = {
      id,
      key,
      status: this.dtoStatus(status),
      version: rng.int(1, 5),
      bucketId: defaultRule.type === 'BUCKET' ? defaultRule.bucketId : this.id(),
      variations,
      execution,
      identifierType,
      implementationType: 'DEFAULT',
      containerId: null,
      winnerVariationId: status === 'STOPPED' ? rng.pick(variationIds) : null,
    }
    this.experiments.push(dto)
    this.ranked.push({ type: 'AB_TEST', dto })
    return dto
  }

  featureFlag(key: number): Dto {
    const { rng } = this
    const available = [...this.ranked]
    const id = this.id()
    const variations: Dto[] = ['A', 'B'].map((variationKey) => {
      const variation: Dto = { id: this.id(), key: variationKey, status: 'ACTIVE' }
      if (rng.chance(variationKey === 'B' ? 0.4 : 0.15)) variation.parameterConfigurationId = this.parameterConfiguration()
      return variation
    })
    const variationIds = variations.map((it) => it.id as number)
    const identifierType = this.identifierType()
    const status = rng.weighted([[60, 'RUNNING'], [12, 'READY'], [13, 'PAUSED'], [15, 'STOPPED']] as const)
    const action = () =>
      rng.chance(0.5)
        ? { type: 'VARIATION', variationId: rng.pick(variationIds) }
        : { type: 'BUCKET', bucketId: this.bucket(variationIds, false) }
    const execution = this.execution(status, {
      userOverrides: rng.chance(0.4) ? this.userOverrides(identifierType, variationIds) : [],
      segmentOverrides: rng.chance(0.25) ? this.segmentOverrides(variationIds) : [],
      targetAudiences: rng.chance(0.1) ? [this.target('target', available)] : [],
      targetRules: Array.from({ length: rng.weighted([[30, 0], [30, 1], [20, 2], [12, 3], [8, 4]] as const) }, () => ({
        target: this.target('target', available),
        action: action(),
      })),
      defaultRule: rng.chance(0.6) ? { type: 'BUCKET', bucketId: this.bucket(variationIds, false) } : action(),
    })
    const dto: Dto = {
      id,
      key,
      status: this.dtoStatus(status),
      version: rng.int(1, 5),
      bucketId: this.id(),
      variations,
      execution,
      identifierType,
      implementationType: 'DEFAULT',
      winnerVariationId: status === 'STOPPED' ? rng.pick(variationIds) : null,
    }
    if (rng.chance(0.5)) dto.containerId = null
    this.featureFlags.push(dto)
    this.ranked.push({ type: 'FEATURE_FLAG', dto })
    return dto
  }

  segment(index: number): void {
    const { rng } = this
    const key = rng.chance(0.15) ? `세그먼트_${index}` : `seg_${index}`
    this.segments.push({
      id: this.id(),
      key,
      type: rng.chance(0.5) ? 'USER_ID' : 'USER_PROPERTY',
      targets: Array.from({ length: rng.int(1, 2) }, () => this.target('segment', [], 1, 2)),
    })
  }

  container(members: Dto[]): void {
    const { rng } = this
    const groupIds = Array.from({ length: rng.int(2, 3) }, () => this.id())
    const groups = groupIds.map((id) => ({ id, experiments: [] as number[] }))
    for (const member of members) {
      if (rng.chance(0.85)) rng.pick(groups).experiments.push(member.id as number)
    }
    const id = this.id()
    this.containers.push({ id, bucketId: this.bucket(groupIds, rng.chance(0.3)), groups })
    for (const member of members) member.containerId = id
  }

  rcValue(type: string): unknown {
    const { rng } = this
    switch (type) {
      case 'NUMBER':
        return rng.pick([0, 1, 42, -3.5, 1e6, 7])
      case 'BOOLEAN':
        return rng.chance(0.5)
      case 'JSON':
        return rng.pick(['{"a":1}', '[1,2,3]', '{}', '{"k":"한글"}'])
      default:
        return rng.pick(['blue', 'red', '', '한글 배너', '0', 'true'])
    }
  }

  remoteConfig(key: string): void {
    const { rng } = this
    const type = rng.weighted([[30, 'STRING'], [28, 'NUMBER'], [24, 'BOOLEAN'], [18, 'JSON']] as const)
    const targetRules = Array.from({ length: rng.weighted([[30, 0], [35, 1], [20, 2], [15, 3]] as const) }, (_, i) => ({
      key: `rule-${i + 1}`,
      name: `Rule ${i + 1}`,
      target: this.target('target', this.ranked, 1, 2),
      bucketId: this.bucket([this.id()], rng.chance(0.4), rng.chance(0.1)),
      value: { id: this.id(), value: this.rcValue(type) },
    }))
    this.remoteConfigParameters.push({
      id: this.id(),
      key,
      type,
      identifierType: this.identifierType(),
      targetRules,
      defaultValue: { id: this.id(), value: this.rcValue(type) },
    })
  }

  build(): Dto {
    const { rng } = this
    const userCount = rng.int(7, 10)
    for (let i = 0; i < userCount; i++) this.users.push(i === 0 ? {} : this.user())
    for (let i = 0; i < rng.int(2, 5); i++) this.segment(i + 1)
    this.events.push({ id: this.id(), key: 'purchase' }, { id: this.id(), key: 'view' })

    // A/B tests and flags in one random order: conditions only point at entities built before (no cycles).
    const abCount = rng.int(3, 7)
    const flagCount = rng.int(3, 7)
    const kinds = rng.shuffle([...Array<'ab'>(abCount).fill('ab'), ...Array<'flag'>(flagCount).fill('flag')])
    const abKeys = rng.sample(range(1, 40), abCount)
    const flagKeys = rng.sample(range(1, 40), flagCount) // same numbers as A/B keys on purpose: separate maps
    for (const kind of kinds) {
      if (kind === 'ab') this.abTest(abKeys.pop() as number)
      else this.featureFlag(flagKeys.pop() as number)
    }
    let free = rng.shuffle(this.experiments)
    for (let i = rng.weighted([[40, 0], [40, 1], [20, 2]] as const); i > 0 && free.length >= 2; i--) {
      const members = free.slice(0, rng.int(2, Math.min(4, free.length)))
      free = free.slice(members.length)
      this.container(members)
    }
    const rcKeys = rng.sample(['rc_theme', 'rc_limit', 'rc_banner', 'rc_enabled', 'rc_json', 'rc_한글', 'rc-dash', 'RC_THEME'], rng.int(3, 6))
    for (const key of rcKeys) this.remoteConfig(key)

    return {
      workspace: { id: rng.int(1, 9999), environment: { id: rng.int(1, 9999), primary: true }, attributes: {} },
      experiments: this.experiments,
      featureFlags: this.featureFlags,
      buckets: this.buckets,
      events: this.events,
      segments: this.segments,
      containers: this.containers,
      parameterConfigurations: this.parameterConfigurations,
      remoteConfigParameters: this.remoteConfigParameters,
      inAppMessages: [],
    }
  }

  queries(config: Dto): Query[] {
    const { rng } = this
    const queries: Query[] = []
    const expKeys = (config.experiments as Dto[]).map((it) => it.key as number)
    const flagKeys = (config.featureFlags as Dto[]).map((it) => it.key as number)
    const rcParams = config.remoteConfigParameters as Dto[]
    this.users.forEach((_, user) => {
      for (const key of [...uniq(expKeys), 777, ...(rng.chance(0.1) ? [0] : [])]) {
        const query: Query = { kind: 'experiment', key, user }
        if (rng.chance(0.15)) query.defaultVariation = rng.pick(['B', 'C', 'Z', 'A'])
        queries.push(query)
      }
      for (const key of [...uniq(flagKeys), 778, ...(rng.chance(0.1) ? [0] : [])]) queries.push({ kind: 'featureFlag', key, user })
      for (const parameter of rcParams) {
        const own = rng.chance(0.5)
        const type = own ? String(parameter.type) : rng.pick(['STRING', 'NUMBER', 'BOOLEAN', 'NULL'])
        queries.push({ kind: 'remoteConfig', key: parameter.key as string, user, defaultValue: defaultOfType(rng, type) })
      }
      queries.push({ kind: 'remoteConfig', key: 'rc_missing', user, defaultValue: defaultOfType(rng, rng.pick(['STRING', 'NUMBER', 'BOOLEAN', 'NULL'])) })
    })
    return queries
  }
}

function defaultOfType(rng: Rng, type: string): string | number | boolean | null {
  switch (type.toUpperCase()) {
    case 'NUMBER':
      return rng.pick([-1, 0, 99, 2.5])
    case 'BOOLEAN':
      return rng.chance(0.5)
    case 'NULL':
      return null
    default:
      return rng.pick(['dflt', '', '0'])
  }
}

function condition(type: string, name: string, matchType: string, operator: string, valueType: string, values: unknown[]): Dto {
  return { key: { type, name }, match: { type: matchType, operator, valueType, values } }
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)
const uniq = <T>(items: readonly T[]) => [...new Set(items)]

// ---------------------------------------------------------------------------------------------------------
// Odd mode: named mutations
// ---------------------------------------------------------------------------------------------------------

interface OddContext {
  rng: Rng
  config: Dto
  users: TestUser[]
  queries: Query[]
}

const allFlagsAndTests = (config: Dto): Dto[] => [...((config.experiments as Dto[]) ?? []), ...((config.featureFlags as Dto[]) ?? [])]

/** Every target list with the place it is in. */
function targetsOf(config: Dto): Array<{ place: Place | 'rc'; target: Dto }> {
  const found: Array<{ place: Place | 'rc'; target: Dto }> = []
  for (const experiment of allFlagsAndTests(config)) {
    const execution = experiment.execution as Dto
    for (const target of execution.targetAudiences ?? []) found.push({ place: 'target', target })
    for (const rule of execution.targetRules ?? []) found.push({ place: 'target', target: rule.target })
    for (const rule of execution.segmentOverrides ?? []) found.push({ place: 'override', target: rule.target })
  }
  for (const segment of (config.segments as Dto[]) ?? []) for (const target of segment.targets ?? []) found.push({ place: 'segment', target })
  for (const parameter of (config.remoteConfigParameters as Dto[]) ?? [])
    for (const rule of parameter.targetRules ?? []) found.push({ place: 'rc', target: rule.target })
  return found
}

const conditionsOf = (config: Dto): Dto[] => targetsOf(config).flatMap(({ target }) => (target.conditions as Dto[]) ?? [])

function mutateSome<T>(rng: Rng, items: readonly T[], apply: (item: T) => void, share = 0.4): boolean {
  if (items.length === 0) return false
  const chosen = items.filter(() => rng.chance(share))
  for (const item of chosen.length ? chosen : [rng.pick(items)]) apply(item)
  return true
}

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']

const mixedCase = (text: string) => text.charAt(0) + text.slice(1).toLowerCase()

/** Adds a condition to a random target of `place` (creating the target when the list is empty). */
function addCondition(ctx: OddContext, places: ReadonlyArray<Place | 'rc'>, build: () => Dto): boolean {
  const targets = targetsOf(ctx.config).filter((it) => places.includes(it.place))
  if (targets.length === 0) return false
  const { target } = ctx.rng.pick(targets)
  target.conditions = [...((target.conditions as Dto[]) ?? []), build()]
  return true
}

const experimentsWithBucketRule = (config: Dto) => allFlagsAndTests(config).filter((it) => it.execution?.defaultRule?.type === 'BUCKET')
const bucketById = (config: Dto, id: unknown) => ((config.buckets as Dto[]) ?? []).find((it) => it.id === id)

/** [name, weight, apply]: apply returns false when not applicable, or a detail string to append to the name. */
const MUTATIONS: ReadonlyArray<readonly [string, number, (ctx: OddContext) => boolean | string]> = [
  // --- enum spelling ---
  ['lowercase-enums', 1, ({ rng, config }) => {
    mutateSome(rng, conditionsOf(config), (c) => {
      c.key.type = String(c.key.type).toLowerCase()
      c.match.type = String(c.match.type).toLowerCase()
      c.match.operator = String(c.match.operator).toLowerCase()
      c.match.valueType = String(c.match.valueType).toLowerCase()
    })
    mutateSome(rng, allFlagsAndTests(config), (e) => {
      e.implementationType = 'default'
      e.execution.defaultRule.type = String(e.execution.defaultRule.type).toLowerCase()
    })
    mutateSome(rng, config.segments as Dto[], (s) => (s.type = String(s.type).toLowerCase()))
    mutateSome(rng, config.remoteConfigParameters as Dto[], (p) => (p.type = String(p.type).toLowerCase()))
    return true
  }],
  ['mixed-case-enums', 1, ({ rng, config }) => {
    mutateSome(rng, conditionsOf(config), (c) => {
      c.key.type = mixedCase(String(c.key.type))
      c.match.operator = mixedCase(String(c.match.operator))
      c.match.valueType = mixedCase(String(c.match.valueType))
      c.match.type = mixedCase(String(c.match.type))
    })
    mutateSome(rng, allFlagsAndTests(config), (e) => (e.execution.defaultRule.type = mixedCase(String(e.execution.defaultRule.type))))
    return true
  }],
  ['lowercase-execution-status', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => (e.execution.status = String(e.execution.status).toLowerCase()), 0.2)],
  ['lowercase-dropped-status', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]), (v) => (v.status = 'dropped'), 0.2)],
  // --- unknown enums ---
  ['unknown-key-type', 1, ({ rng, config }) => mutateSome(rng, conditionsOf(config), (c) => (c.key.type = 'DEVICE_TOKEN'), 0.15)],
  ['unknown-operator', 1, ({ rng, config }) => mutateSome(rng, conditionsOf(config), (c) => (c.match.operator = 'REGEX'), 0.15)],
  ['unknown-value-type', 1, ({ rng, config }) => mutateSome(rng, conditionsOf(config), (c) => (c.match.valueType = 'DATE'), 0.15)],
  ['unknown-match-type', 1, ({ rng, config }) => mutateSome(rng, conditionsOf(config), (c) => (c.match.type = 'MAYBE'), 0.15)],
  ['null-unknown-value-type', 1, ({ rng, config }) =>
    mutateSome(rng, conditionsOf(config).filter((c) => c.key.type !== 'SEGMENT'), (c) => (c.match.valueType = rng.pick(['NULL', 'UNKNOWN'])), 0.2)],
  ['unknown-target-action', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).flatMap((e) => [...e.execution.targetRules, ...e.execution.segmentOverrides]), (r) => (r.action.type = 'SPLIT'), 0.3)],
  ['unknown-default-action', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => (e.execution.defaultRule.type = 'WEIGHTED'), 0.15)],
  ['unknown-execution-status', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => (e.execution.status = 'ARCHIVED'), 0.15)],
  ['unknown-implementation-type', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => (e.implementationType = 'FANCY'), 0.15)],
  ['unknown-segment-type', 1, ({ rng, config }) => mutateSome(rng, config.segments as Dto[], (s) => (s.type = 'EVENT'), 0.3)],
  ['unknown-remote-config-type', 1, ({ rng, config }) => mutateSome(rng, config.remoteConfigParameters as Dto[], (p) => (p.type = 'DATE'), 0.25)],
  ['unknown-variation-status', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]), (v) => (v.status = 'PAUSED'), 0.2)],
  // --- conditions where they do not belong, and the ones the fake server has no data for ---
  ['user-id-condition-in-targets', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () => condition('USER_ID', ctx.rng.pick(['$id', '$userId', 'customerId']), 'MATCH', 'IN', 'STRING', [ctx.rng.pick(ID_POOL), 'member-1']))],
  ['property-condition-in-segment-override', 1, (ctx) =>
    addCondition(ctx, ['override'], () => condition('USER_PROPERTY', 'grade', ctx.rng.pick(['MATCH', 'NOT_MATCH']), 'IN', 'STRING', ['GOLD']))],
  ['cohort-condition', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () => condition('COHORT', 'COHORT', ctx.rng.pick(['MATCH', 'NOT_MATCH']), 'IN', 'NUMBER', [123, 456]))],
  ['cohort-condition-in-segment', 1, (ctx) =>
    addCondition(ctx, ['segment'], () => condition('COHORT', 'COHORT', 'MATCH', 'IN', 'NUMBER', [123]))],
  ['number-of-events-condition', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () =>
      condition('NUMBER_OF_EVENTS_IN_DAYS', JSON.stringify({ eventKey: 'purchase', days: 7 }), ctx.rng.pick(['MATCH', 'NOT_MATCH']), ctx.rng.pick(['IN', 'GTE', 'GT']), 'NUMBER', [0]))],
  ['number-of-events-with-property-condition', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () =>
      condition(
        'NUMBER_OF_EVENTS_WITH_PROPERTY_IN_DAYS',
        JSON.stringify({ eventKey: 'purchase', days: 30, propertyFilter: condition('EVENT_PROPERTY', 'category', 'MATCH', 'IN', 'STRING', ['shoes']) }),
        'MATCH',
        ctx.rng.pick(['IN', 'LT']),
        'NUMBER',
        [0, 1],
      ))],
  ['number-of-events-bad-json', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () => condition('NUMBER_OF_EVENTS_IN_DAYS', '{eventKey: purchase', 'MATCH', 'IN', 'NUMBER', [0]))],
  ['event-property-condition', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () => condition('EVENT_PROPERTY', 'category', ctx.rng.pick(['MATCH', 'NOT_MATCH']), ctx.rng.pick(['IN', 'EXISTS']), 'STRING', ['shoes']))],
  // --- missing optional fields ---
  ['missing-container-id', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).filter((e) => !e.containerId), (e) => delete e.containerId, 0.6)],
  ['missing-winner-variation-id', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).filter((e) => e.execution.status !== 'STOPPED'), (e) => delete e.winnerVariationId, 0.6)],
  ['missing-parameter-configuration-id', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]).filter((v) => 'parameterConfigurationId' in v), (v) => delete v.parameterConfigurationId)],
  ['missing-dto-status', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => delete e.status, 0.5)],
  ['missing-versions', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => {
      delete e.version
      delete e.execution.version
    }, 0.5)],
  ['missing-identifier-type', 1, ({ rng, config }) =>
    mutateSome(rng, [...allFlagsAndTests(config), ...(config.remoteConfigParameters as Dto[])], (e) => delete e.identifierType, 0.15)],
  ['missing-bucket-id-field', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => delete e.bucketId, 0.5)],
  ['session-id-identifier-type', 1, ({ rng, config }) =>
    mutateSome(rng, [...allFlagsAndTests(config), ...(config.remoteConfigParameters as Dto[])], (e) => (e.identifierType = '$sessionId'), 0.1)],
  // --- duplicates ---
  ['duplicate-experiment-key', 1, ({ rng, config }) => {
    const list = rng.pick([config.experiments, config.featureFlags]) as Dto[]
    if (list.length === 0) return false
    const copy = structuredClone(rng.pick(list))
    copy.id = 880000 + rng.int(0, 9999)
    copy.execution.status = rng.pick(['RUNNING', 'PAUSED', 'READY'])
    list.splice(rng.int(0, list.length), 0, copy)
    return true
  }],
  ['duplicate-remote-config-key', 1, ({ rng, config }) => {
    const list = config.remoteConfigParameters as Dto[]
    const copy = structuredClone(rng.pick(list))
    copy.id = 890000 + rng.int(0, 9999)
    copy.defaultValue = { id: copy.id + 1, value: rng.pick<unknown>(['dup', 5, false]) }
    list.push(copy)
    return true
  }],
  ['duplicate-segment-key', 1, ({ rng, config }) => {
    const list = config.segments as Dto[]
    const copy = structuredClone(rng.pick(list))
    copy.id = 870000 + rng.int(0, 9999)
    copy.targets = [{ conditions: [condition('USER_PROPERTY', 'grade', 'MATCH', 'IN', 'STRING', ['GOLD'])] }]
    list.splice(rng.int(0, list.length), 0, copy)
    return true
  }],
  ['duplicate-bucket-id', 1, ({ rng, config }) => {
    const list = config.buckets as Dto[]
    const copy = structuredClone(rng.pick(list))
    copy.seed = rng.int32()
    list.push(copy)
    return true
  }],
  ['duplicate-user-overrides', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).filter((e) => e.execution.userOverrides.length), (e) => {
      const first = e.execution.userOverrides[0]
      e.execution.userOverrides.push({ userId: first.userId, variationId: e.variations.length ? rng.pick(e.variations as Dto[]).id : 1 })
    })],
  ['duplicate-parameter-keys', 1, ({ rng, config }) =>
    mutateSome(rng, config.parameterConfigurations as Dto[], (p) => p.parameters.push({ key: p.parameters[0].key, value: 'second' }))],
  // --- buckets ---
  ['overlapping-slots', 1, ({ rng, config }) =>
    mutateSome(rng, config.buckets as Dto[], (b) => {
      if (b.slots.length) b.slots.push({ ...b.slots[0], startInclusive: 0, endExclusive: b.slotSize, variationId: rng.pick(b.slots as Dto[]).variationId })
    }, 0.3)],
  ['out-of-range-slots', 1, ({ rng, config }) =>
    mutateSome(rng, config.buckets as Dto[], (b) => {
      for (const slot of b.slots) {
        if (rng.chance(0.5)) slot.endExclusive = slot.endExclusive + b.slotSize
        if (rng.chance(0.3)) slot.startInclusive = -5
      }
    }, 0.3)],
  ['huge-seeds', 1, ({ rng, config }) => mutateSome(rng, config.buckets as Dto[], (b) => (b.seed = rng.pick([2147483653, 2 ** 40 + 7, -(2 ** 33) - 3, 4294967295, 9007199254740991])), 0.4)],
  ['float-seeds', 1, ({ rng, config }) => mutateSome(rng, config.buckets as Dto[], (b) => (b.seed = b.seed + 0.5), 0.4)],
  ['slot-size-zero', 1, ({ rng, config }) => mutateSome(rng, config.buckets as Dto[], (b) => (b.slotSize = 0), 0.3)],
  ['negative-slot-size', 1, ({ rng, config }) => mutateSome(rng, config.buckets as Dto[], (b) => (b.slotSize = -b.slotSize), 0.3)],
  ['float-slot-size', 1, ({ rng, config }) => mutateSome(rng, config.buckets as Dto[], (b) => (b.slotSize = b.slotSize + 0.5), 0.3)],
  // --- values of the wrong type ---
  ['remote-config-wrong-type-values', 1, ({ rng, config }) =>
    mutateSome(rng, (config.remoteConfigParameters as Dto[]).flatMap((p) => [p.defaultValue, ...p.targetRules.map((r: Dto) => r.value)]), (v) =>
      (v.value = rng.pick<unknown>(['12', 12, { a: 1 }, null, [1, 2], true, 'false', ''])))],
  ['odd-condition-values', 1, ({ rng, config }) =>
    mutateSome(rng, conditionsOf(config).filter((c) => !['SEGMENT', 'AB_TEST', 'FEATURE_FLAG'].includes(c.key.type)), (c) =>
      (c.match.values = rng.pick<unknown[]>([[], [null], [{}], [[1]], [true, 'x', 3], [{ a: 1 }, 'GOLD']])), 0.2)],
  ['odd-parameter-values', 1, ({ rng, config }) =>
    mutateSome(rng, (config.parameterConfigurations as Dto[]).flatMap((p) => p.parameters as Dto[]), (p) => (p.value = rng.pick<unknown>([null, { a: 1 }, [1, 2], 1e21])), 0.3)],
  ['string-experiment-key', 1, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => (e.key = String(e.key)), 0.2)],
  ['empty-variations', 1, ({ rng, config }) => mutateSome(rng, config.experiments as Dto[], (e) => (e.variations = []), 0.15)],
  // --- configs that make evaluation throw (EXCEPTION) ---
  ['completed-without-winner', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => {
      e.execution.status = 'STOPPED'
      const how = rng.int(0, 2)
      if (how === 0) e.winnerVariationId = null
      else if (how === 1) delete e.winnerVariationId
      else e.winnerVariationId = 424242
    }, 0.2)],
  ['missing-bucket', 1, ({ rng, config }) =>
    mutateSome(rng, experimentsWithBucketRule(config), (e) => (e.execution.defaultRule.bucketId = 999001), 0.2)],
  ['missing-container', 1, ({ rng, config }) => mutateSome(rng, config.experiments as Dto[], (e) => (e.containerId = 999002), 0.2)],
  ['missing-container-group', 1, ({ rng, config }) =>
    mutateSome(rng, config.containers as Dto[], (c) => {
      const bucket = bucketById(config, c.bucketId)
      if (bucket?.slots.length) rng.pick(bucket.slots as Dto[]).variationId = 999003
    })],
  ['missing-container-bucket', 1, ({ rng, config }) => mutateSome(rng, config.containers as Dto[], (c) => (c.bucketId = 999004))],
  ['missing-segment', 1, ({ rng, config }) =>
    mutateSome(rng, conditionsOf(config).filter((c) => c.key.type === 'SEGMENT'), (c) => (c.match.values = ['seg_missing']), 0.3)],
  ['segment-key-not-string', 1, ({ rng, config }) =>
    mutateSome(rng, conditionsOf(config).filter((c) => c.key.type === 'SEGMENT'), (c) => (c.match.values = [123]), 0.3)],
  ['non-numeric-ab-test-key', 1, (ctx) =>
    addCondition(ctx, ['target', 'rc'], () => condition(ctx.rng.pick(['AB_TEST', 'FEATURE_FLAG']), 'abc', 'MATCH', 'IN', 'STRING', ['A']))],
  ['circular-conditions', 1, ({ rng, config }) => {
    const all = allFlagsAndTests(config)
    if (all.length < 2) return false
    const [a, b] = rng.sample(all, 2)
    const ref = (e: Dto) =>
      (config.experiments as Dto[]).includes(e)
        ? condition('AB_TEST', String(e.key), 'MATCH', 'IN', 'STRING', ['A', 'B'])
        : condition('FEATURE_FLAG', String(e.key), 'MATCH', 'IN', 'BOOLEAN', [true])
    const attach = (from: Dto, to: Dto) => {
      const execution = from.execution as Dto
      if ((config.experiments as Dto[]).includes(from)) execution.targetAudiences.push({ conditions: [ref(to)] })
      else execution.targetRules.unshift({ target: { conditions: [ref(to)] }, action: { type: 'VARIATION', variationId: from.variations[0].id } })
    }
    attach(a, rng.chance(0.2) ? a : b)
    attach(b, a)
    return true
  }],
  ['flag-bucket-gaps', 1, ({ rng, config }) =>
    mutateSome(rng, (config.featureFlags as Dto[]).filter((e) => e.execution.defaultRule.type === 'BUCKET'), (e) => {
      const bucket = bucketById(config, e.execution.defaultRule.bucketId)
      if (bucket && bucket.slots.length) bucket.slots = bucket.slots.slice(0, 1)
    })],
  ['action-to-missing-variation', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => {
      const rules = [e.execution.defaultRule, ...e.execution.targetRules.map((r: Dto) => r.action), ...e.execution.segmentOverrides.map((r: Dto) => r.action)]
      const action = rng.pick(rules.filter((it: Dto) => it.type === 'VARIATION').concat([e.execution.defaultRule]))
      action.type = 'VARIATION'
      action.variationId = 999005
      delete action.bucketId
    }, 0.2)],
  ['winner-and-override-to-dropped', 1, ({ rng, config }) =>
    mutateSome(rng, (config.experiments as Dto[]).filter((e) => e.variations.length > 0), (e) => {
      const dropped = e.variations[e.variations.length - 1]
      dropped.status = 'DROPPED'
      if (e.execution.status === 'STOPPED') e.winnerVariationId = dropped.id
      for (const override of e.execution.userOverrides) override.variationId = dropped.id
    }, 0.3)],
  ['remote-config-rule-missing-bucket', 1, ({ rng, config }) =>
    mutateSome(rng, (config.remoteConfigParameters as Dto[]).flatMap((p) => p.targetRules as Dto[]), (r) => (r.bucketId = 999006), 0.3)],
  ['extreme-slot-sizes', 1, ({ rng, config }) =>
    mutateSome(rng, config.buckets as Dto[], (b) => (b.slotSize = rng.pick([1, 2, 2147483647, 2147483648, 4294967296])), 0.3)],
  ['odd-experiment-keys', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => (e.key = rng.pick([0, -3, 2 ** 40, 1.5, 2147483648])), 0.2)],
  ['missing-parameter-configuration', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]), (v) => (v.parameterConfigurationId = 999007), 0.2)],
  ['duplicate-variation-keys', 1, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config).filter((e) => e.variations.length >= 2), (e) => (e.variations[1].key = e.variations[0].key), 0.2)],
  ['odd-user-override-variations', 1, ({ rng, config, users }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => {
      const value = resolvedIdentifier(rng.pick(users), e.identifierType) ?? 'someone'
      e.execution.userOverrides.unshift({ userId: value, variationId: rng.pick<unknown>([0, null, 999008, String(e.variations[0]?.id)]) })
    }, 0.3)],
  ['odd-container-groups', 1, ({ rng, config }) =>
    mutateSome(rng, (config.containers as Dto[]).filter((c) => c.groups.length), (c) => {
      const group = rng.pick(c.groups as Dto[])
      const other = rng.pick(c.groups as Dto[])
      group.experiments = rng.chance(0.5) ? group.experiments.map(String) : [...group.experiments, ...other.experiments]
    })],
  ['prototype-names', 1, ({ rng, config, users, queries }) => {
    // Object.prototype member names as property names, segment keys, remote-config keys and identifier types of
    // the user (not of experiments: see prototype-identifier-types)
    const names = PROTOTYPE_NAMES
    addCondition({ rng, config, users, queries }, ['target', 'rc', 'segment'], () =>
      condition(rng.pick(['USER_PROPERTY', 'HACKLE_PROPERTY']), rng.pick(names), rng.pick(['MATCH', 'NOT_MATCH']), rng.pick(['IN', 'EXISTS', 'CONTAINS']), 'STRING', ['function', 'x', '[object Object]']))
    mutateSome(rng, conditionsOf(config).filter((c) => c.key.type === 'SEGMENT'), (c) => (c.match.values = [rng.pick(names)]), 0.2)
    const parameter = structuredClone(rng.pick(config.remoteConfigParameters as Dto[]))
    parameter.id = 860000 + rng.int(0, 999)
    parameter.key = rng.pick(['constructor', '__proto__', 'toString'])
    ;(config.remoteConfigParameters as Dto[]).push(parameter)
    const user = users.length
    users.push({ id: 'proto', identifiers: { constructor: 'proto-1', toString: 'proto-1', valueOf: '' }, properties: { constructor: 'x', toString: 'function', valueOf: 1 } })
    for (const key of [...names, 'rc_missing']) queries.push({ kind: 'remoteConfig', key, user: rng.int(0, user), defaultValue: rng.pick<string | number | null>(['d', 1, null]) })
    return true
  }],
  ['prototype-identifier-types', 1, ({ rng, config, users }) => {
    const applied = mutateSome(rng, [...allFlagsAndTests(config), ...(config.remoteConfigParameters as Dto[])], (e) => {
      e.identifierType = rng.pick(PROTOTYPE_NAMES)
      if (e.execution) e.execution.userOverrides.push({ userId: 'proto-1', variationId: e.variations[0]?.id ?? 1 })
    }, 0.15)
    users.push({ id: 'proto-id', identifiers: { constructor: 'proto-1', hasOwnProperty: 'proto-2' } })
    return applied
  }],
  ['own-proto-key-in-user-properties', 1, ({ users }) => {
    // JSON.parse makes an own "__proto__" property (a plain assignment would set the prototype instead)
    users.push({ id: 'proto-props', properties: JSON.parse('{"__proto__":{"grade":"GOLD","premium":true,"age":46},"country":"KR"}') as Record<string, unknown> })
    return true
  }],
  ['numeric-strings-for-ids', 1, ({ rng, config }) => {
    const fields: Array<[string, Dto[], (item: Dto) => void]> = [
      ['action.variationId', allFlagsAndTests(config).flatMap((e) => [e.execution.defaultRule, ...e.execution.targetRules.map((r: Dto) => r.action)]).filter((a: Dto) => 'variationId' in a), (a) => (a.variationId = String(a.variationId))],
      ['action.bucketId', allFlagsAndTests(config).map((e) => e.execution.defaultRule).filter((a: Dto) => 'bucketId' in a), (a) => (a.bucketId = String(a.bucketId))],
      ['slot.variationId', (config.buckets as Dto[]).flatMap((b) => b.slots as Dto[]), (slot) => (slot.variationId = String(slot.variationId))],
      ['slot.bounds', (config.buckets as Dto[]).flatMap((b) => b.slots as Dto[]), (slot) => ((slot.startInclusive = String(slot.startInclusive)), (slot.endExclusive = String(slot.endExclusive)))],
      ['bucket.id', config.buckets as Dto[], (b) => (b.id = String(b.id))],
      ['variation.id', allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]), (v) => (v.id = String(v.id))],
      ['variation.parameterConfigurationId', allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]).filter((v) => 'parameterConfigurationId' in v), (v) => (v.parameterConfigurationId = String(v.parameterConfigurationId))],
      ['experiment.containerId', (config.experiments as Dto[]).filter((e) => e.containerId), (e) => (e.containerId = String(e.containerId))],
      ['winnerVariationId', allFlagsAndTests(config).filter((e) => e.winnerVariationId), (e) => (e.winnerVariationId = String(e.winnerVariationId))],
      ['userOverride.variationId', allFlagsAndTests(config).flatMap((e) => e.execution.userOverrides as Dto[]), (o) => (o.variationId = String(o.variationId))],
      ['bucket.seed/slotSize', config.buckets as Dto[], (b) => ((b.seed = String(b.seed)), (b.slotSize = String(b.slotSize)))],
      ['remoteConfig.rule.bucketId', (config.remoteConfigParameters as Dto[]).flatMap((p) => p.targetRules as Dto[]), (r) => (r.bucketId = String(r.bucketId))],
    ]
    const [field, items, apply] = rng.pick(fields)
    return mutateSome(rng, items, apply, 0.3) && field
  }],
  ['condition-values-not-a-list', 0.5, ({ rng, config }) => {
    const value = rng.pick<unknown>(['GOLD', 5, { 0: 'GOLD' }, null])
    return mutateSome(rng, conditionsOf(config), (c) => (c.match.values = value), 0.1) && JSON.stringify(value)
  }],
  ['unicode-case-enums', 1, ({ rng, config }) => {
    // characters whose case mapping crosses into ASCII: Kelvin sign (U+212A → k), long s (U+017F → S), dotted İ
    mutateSome(rng, conditionsOf(config), (c) => {
      c.match.valueType = String(c.match.valueType).replace(/S/, 'ſ').replace(/I/, 'İ')
      c.match.operator = String(c.match.operator).replace(/I/, 'ı')
    }, 0.2)
    mutateSome(rng, allFlagsAndTests(config), (e) => (e.execution.defaultRule.type = String(e.execution.defaultRule.type).replace('K', '\u212A')), 0.3)
    return true
  }],
  ['non-string-enums', 0.5, ({ rng, config }) => {
    const value = rng.pick<unknown>([null, 1, true, ['IN'], {}])
    const fields: Array<[string, Dto[], (item: Dto) => void]> = [
      ['match.operator', conditionsOf(config), (c) => (c.match.operator = value)],
      ['match.valueType', conditionsOf(config), (c) => (c.match.valueType = value)],
      ['key.type', conditionsOf(config), (c) => (c.key.type = value)],
      ['match.type', conditionsOf(config), (c) => (c.match.type = value)],
      ['execution.status', allFlagsAndTests(config), (e) => (e.execution.status = value)],
      ['defaultRule.type', allFlagsAndTests(config), (e) => (e.execution.defaultRule.type = value)],
      ['variation.status', allFlagsAndTests(config).flatMap((e) => e.variations as Dto[]), (v) => (v.status = value)],
      ['segment.type', config.segments as Dto[], (s) => (s.type = value)],
      ['remoteConfig.type', config.remoteConfigParameters as Dto[], (p) => (p.type = value)],
    ]
    const [field, items, apply] = rng.pick(fields)
    return mutateSome(rng, items, apply, 0.1) && `${field}=${JSON.stringify(value)}`
  }],
  ['missing-required-fields', 0.5, ({ rng, config }) => {
    const holes: Array<[string, () => void]> = []
    for (const c of conditionsOf(config)) {
      holes.push(['match.type', () => delete c.match.type], ['match.operator', () => delete c.match.operator], ['key.name', () => delete c.key.name])
    }
    for (const e of allFlagsAndTests(config)) {
      holes.push(['execution.status', () => delete e.execution.status], ['defaultRule.type', () => delete e.execution.defaultRule.type])
      for (const v of e.variations) holes.push(['variation.key', () => delete v.key], ['variation.status', () => delete v.status], ['variation.id', () => delete v.id])
    }
    for (const b of config.buckets as Dto[]) holes.push(['bucket.seed', () => delete b.seed], ['bucket.slotSize', () => delete b.slotSize])
    for (const p of config.remoteConfigParameters as Dto[]) holes.push(['remoteConfig.defaultValue.value', () => delete p.defaultValue.value], ['remoteConfig.type', () => delete p.type])
    if (holes.length === 0) return false
    const [field, hole] = rng.pick(holes)
    hole()
    return field
  }],
  // --- tolerant parsing: the reference rejects these configs as a whole (compared on the repaired config) ---
  ['fatal-missing-target-urls', 0.8, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => delete e.execution.targetUrls, 0.3)],
  ['fatal-missing-implementation-type', 0.8, ({ rng, config }) => mutateSome(rng, allFlagsAndTests(config), (e) => delete e.implementationType, 0.3)],
  ['fatal-missing-execution-list', 0.8, ({ rng, config }) =>
    mutateSome(rng, allFlagsAndTests(config), (e) => delete e.execution[rng.pick(['userOverrides', 'segmentOverrides', 'targetAudiences', 'targetRules'])], 0.3)],
  ['fatal-missing-top-level-list', 0.8, ({ rng, config }) => {
    delete config[rng.pick(['events', 'inAppMessages', 'segments', 'containers', 'parameterConfigurations'])]
    return true
  }],
  ['fatal-missing-nested-list', 0.8, ({ rng, config }) => {
    const holes: Array<() => void> = []
    for (const c of conditionsOf(config)) holes.push(() => delete c.match.values)
    for (const { target } of targetsOf(config)) holes.push(() => delete target.conditions)
    for (const b of (config.buckets as Dto[]) ?? []) holes.push(() => delete b.slots)
    for (const c of (config.containers as Dto[]) ?? []) for (const g of c.groups) holes.push(() => delete g.experiments)
    for (const p of (config.parameterConfigurations as Dto[]) ?? []) holes.push(() => delete p.parameters)
    for (const p of (config.remoteConfigParameters as Dto[]) ?? []) holes.push(() => delete p.targetRules)
    for (const s of (config.segments as Dto[]) ?? []) holes.push(() => delete s.targets)
    for (const hole of rng.sample(holes, rng.int(1, 2))) hole()
    return holes.length > 0
  }],
  // --- odd users ---
  ['odd-user-numeric-ids', 1, ({ rng, users }) => {
    users.push({ id: rng.pick([12345, 0, 7]), userId: 42, deviceId: 99, identifiers: { customerId: 12345 }, properties: { age: 30 } })
    return true
  }],
  ['odd-user-empty-identifiers', 1, ({ users }) => {
    users.push({ id: '', userId: '', deviceId: '', identifiers: { customerId: '', accountId: 'acc-1', '': 'x' } })
    return true
  }],
  ['odd-user-long-identifiers', 1, ({ rng, users }) => {
    const long = 'x'.repeat(rng.pick([511, 512, 513, 600]))
    users.push({ id: long, userId: long, deviceId: 'd'.repeat(600), identifiers: { customerId: long, ['k'.repeat(129)]: 'v', accountId: 'a'.repeat(512) } })
    return true
  }],
  ['odd-user-nested-properties', 1, ({ users }) => {
    users.push({ id: 'user-1', properties: { grade: { tier: 'GOLD' }, tags: [['a'], 'b'], age: [30, '46'], meta: {}, premium: [true] } })
    return true
  }],
  ['odd-user-non-ascii-identifiers', 1, ({ users }) => {
    users.push({ id: '\uD83D', userId: '한글회원', deviceId: 'ÿ\u0100\u0101', identifiers: { customerId: '😀😀', accountId: 'Ω' } })
    return true
  }],
  ['odd-user-wrong-identifier-values', 1, ({ users }) => {
    users.push({ id: 'user-2', identifiers: { customerId: true, accountId: null, $userId: 5 }, properties: null })
    return true
  }],
  ['odd-user-wrong-field-types', 1, ({ rng, users }) => {
    users.push(
      rng.pick<TestUser>([
        { id: true, userId: { a: 1 }, deviceId: ['device-a'] },
        { id: 'user-1', identifiers: ['customerId'], properties: 'grade' },
        { id: 'user-2', identifiers: 'cus-1', properties: ['GOLD'] },
        { id: 1.5, userId: -0, deviceId: 1e21, identifiers: { customerId: 0, accountId: -1.5 } },
      ]),
    )
    return true
  }],
  ['odd-user-string-and-none', 1, ({ rng, users }) => {
    users.push(rng.pick(ID_POOL), null, '')
    return true
  }],
  // --- odd queries ---
  ['odd-query-keys', 1, ({ rng, queries, users }) => {
    const user = rng.int(0, users.length - 1)
    const experiment = (key: Query['key'], defaultVariation?: string): Query =>
      defaultVariation === undefined ? { kind: 'experiment', key, user } : { kind: 'experiment', key, user, defaultVariation }
    queries.push(
      experiment('1'),
      experiment(-1),
      experiment(1.5),
      experiment(null, 'C'),
      experiment(0, 'B'),
      experiment(''),
      { kind: 'featureFlag', key: '', user },
      { kind: 'featureFlag', key: 0, user },
      { kind: 'featureFlag', key: '2', user },
      { kind: 'featureFlag', key: null, user },
      { kind: 'remoteConfig', key: null, user, defaultValue: 'x' },
      { kind: 'remoteConfig', key: '', user, defaultValue: 1 },
      { kind: 'remoteConfig', key: 0, user, defaultValue: true },
    )
    return true
  }],
  ['odd-query-default-variations', 1, ({ rng, config, queries, users }) => {
    for (const e of config.experiments as Dto[]) {
      const user = rng.int(0, users.length - 1)
      for (const defaultVariation of ['', 'a', 'Z', 'D']) queries.push({ kind: 'experiment', key: e.key as number, user, defaultVariation })
    }
    return true
  }],
  ['odd-query-remote-config-defaults', 1, ({ rng, config, queries, users }) => {
    for (const p of config.remoteConfigParameters as Dto[]) {
      const user = rng.int(0, users.length - 1)
      for (const defaultValue of [null, '', 0, false]) queries.push({ kind: 'remoteConfig', key: p.key as string, user, defaultValue })
    }
    return true
  }],
]

export const MUTATION_NAMES: readonly string[] = MUTATIONS.map(([name]) => name)

/**
 * The config with every missing list filled with [], a missing execution.targetUrls with null and a missing
 * implementationType with "DEFAULT" (the `tolerant-parsing` exclusion). Returns the same object when nothing
 * was missing.
 */
export function repairConfig(config: unknown): unknown {
  const copy = structuredClone(config) as Dto
  let changed = false
  const list = (owner: Dto | undefined, field: string) => {
    if (owner && typeof owner === 'object' && owner[field] === undefined) {
      owner[field] = []
      changed = true
    }
  }
  for (const field of ['experiments', 'featureFlags', 'buckets', 'events', 'segments', 'containers', 'parameterConfigurations', 'remoteConfigParameters', 'inAppMessages']) {
    list(copy, field)
  }
  const target = (t: Dto | undefined) => {
    if (!t || typeof t !== 'object') return
    list(t, 'conditions')
    for (const c of (t.conditions as Dto[]) ?? []) if (c?.match) list(c.match, 'values')
  }
  for (const e of [...(copy.experiments as Dto[]), ...(copy.featureFlags as Dto[])]) {
    list(e, 'variations')
    if (e.implementationType === undefined) {
      e.implementationType = 'DEFAULT'
      changed = true
    }
    const execution = e.execution as Dto | undefined
    if (!execution) continue
    for (const field of ['userOverrides', 'segmentOverrides', 'targetAudiences', 'targetRules']) list(execution, field)
    if (execution.targetUrls === undefined) {
      execution.targetUrls = null
      changed = true
    }
    for (const t of execution.targetAudiences as Dto[]) target(t)
    for (const rule of [...(execution.targetRules as Dto[]), ...(execution.segmentOverrides as Dto[])]) target(rule?.target)
  }
  for (const b of copy.buckets as Dto[]) list(b, 'slots')
  for (const s of copy.segments as Dto[]) {
    list(s, 'targets')
    for (const t of (s.targets as Dto[]) ?? []) target(t)
  }
  for (const c of copy.containers as Dto[]) {
    list(c, 'groups')
    for (const g of (c.groups as Dto[]) ?? []) list(g, 'experiments')
  }
  for (const p of copy.parameterConfigurations as Dto[]) list(p, 'parameters')
  for (const p of copy.remoteConfigParameters as Dto[]) {
    list(p, 'targetRules')
    for (const rule of (p.targetRules as Dto[]) ?? []) target(rule?.target)
  }
  return changed ? copy : config
}

/** One generated case: `normal#<seed>` or `odd#<seed>`. */
export function generateCase(seed: number, mode: Mode): ConformanceCase {
  const rng = new Rng(seed * 2 + (mode === 'odd' ? 1 : 0))
  const generator = new Generator(rng, mode)
  const config = generator.build()
  const users = generator.users
  const queries = generator.queries(config)
  const oddities: string[] = []
  let referenceConfig: unknown
  if (mode === 'odd') {
    const ctx: OddContext = { rng, config, users, queries }
    // Each mutation with a small probability; at least two per config. Fatal ones rarer (weight 0.5).
    // fatal ones (which delete lists) last, so the others always find the structure they edit
    // a mutation named in EXCLUSIONS is never applied
    const active = MUTATIONS.filter(([name]) => !isExcluded(name))
    const order = rng.shuffle(active).sort((a, b) => Number(a[0].startsWith('fatal-')) - Number(b[0].startsWith('fatal-')))
    const record = (name: string, applied: boolean | string) => {
      if (applied) oddities.push(typeof applied === 'string' ? `${name}:${applied}` : name)
      return Boolean(applied)
    }
    for (const [name, weight, apply] of order) {
      if (rng.chance(0.075 * weight)) record(name, apply(ctx))
    }
    while (oddities.length < 2) {
      const [name, , apply] = rng.pick(active.filter(([it]) => !it.startsWith('fatal-')))
      if (!oddities.some((it) => it.split(':')[0] === name)) record(name, apply(ctx))
    }
    // queries for the odd users added by mutations
    const known = new Set(queries.map((query) => query.user))
    const extra = generator.queries(config).filter((query) => !known.has(query.user))
    queries.push(...extra)
    const repaired = repairConfig(config)
    if (repaired !== config) referenceConfig = repaired
  }
  // keep the queries of one user together (the drivers reset the user between users)
  queries.sort((a, b) => a.user - b.user)
  return { id: `${mode}#${seed}`, mode, seed, oddities, page: generator.page, config, referenceConfig, users, queries }
}
