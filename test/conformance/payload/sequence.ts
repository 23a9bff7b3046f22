/**
 * Call sequences for the payload comparison: what a page does with the SDK (decisions, tracks, user changes), as
 * JavaScript source run in the page against `hackle` (the client) and `Hackle` (the bundle's global, whose own
 * builders build the operations), each step followed by a virtual-time wait. The seeded generator works on a
 * normal config of generate.ts (`payload#N` uses the config, page and users of `normal#N`).
 */
import { Rng } from '../rng'
import { DEVICE_POOL, ID_POOL, USER_ID_POOL, generateCase } from '../generate'
import { CLOCK_START } from '../clock'
import { isExcluded } from '../exclusions'
import { PAGES, SDK_KEY, type PageEnv } from '../page'
import type { TestUser } from '../model'

/** The exclusions (exclusions.ts) that concern the payload comparison; the sequences avoid what they name. */
export const PAYLOAD_EXCLUSIONS = ['timeZone', 'batch-size-limit', 'symbol-property-values', 'dedup-off', 'lifecycle-before-ready', 'non-object-user-argument']

export interface Step {
  /**
   * A JavaScript expression run in the page: `hackle` = the client, `Hackle` = the bundle's global, `testPage.hide()` /
   * `testPage.show()` = the tab becomes hidden / visible (`visibilitychange`).
   */
  code: string
  /** Virtual milliseconds that pass after the call (the SDKs flush a batch 500 ms after its first event). */
  wait: number
}

/** How the page ends: `close()`, a `pagehide`, or `visibilitychange` to hidden followed by `pagehide`. */
export type Ending = 'close' | 'pagehide' | 'hidden'

export interface PayloadSequence {
  /** `payload#17` (generated from seed 17) or `payload:<name>` (hand-written). */
  id: string
  seed?: number
  page: PageEnv
  config: unknown
  /** `createInstance` options besides the fixed ones (JavaScript source of an object literal, run in the page). */
  options?: string
  /**
   * Page and route tracking options (source of an object literal, applied before `options`); absent: the
   * reference's defaults (both on).
   */
  pageOptions?: string
  /** Cookies the page starts with besides the device id: a returning visitor. */
  cookies?: Record<string, string>
  /** localStorage entries the page starts with. */
  storage?: Record<string, string>
  steps: Step[]
  /** The first `early` steps run right after `createInstance`, before the config has arrived (their waits are 0). */
  early?: number
  end: Ending
  /** What the sequence is about (hand-written ones). */
  note?: string
}

// ---------------------------------------------------------------------------------------------------------
// Rendering values as JavaScript source
// ---------------------------------------------------------------------------------------------------------

/** A piece of JavaScript source used as a value as is (`"x".repeat(1025)`, `new Date(0)`). */
export class Source {
  constructor(readonly code: string) {}
}
export const source = (code: string) => new Source(code)

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** JavaScript source for a value, including what JSON cannot say (undefined, NaN, ±Infinity, -0). */
export function js(value: unknown): string {
  if (value instanceof Source) return value.code
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value)
  if (typeof value === 'string') return JSON.stringify(value)
  if (value === null || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(js).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return entries.length ? `{ ${entries.map(([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${js(item)}`).join(', ')} }` : '{}'
}

/** `hackle.name(args…)`, trailing undefined arguments left out. */
export function call(name: string, ...args: unknown[]): string {
  while (args.length && args[args.length - 1] === undefined) args.pop()
  return `hackle.${name}(${args.map(js).join(', ')})`
}

export type Operation = [method: string, ...args: unknown[]]

/** `new Hackle.<Builder>().a(…).b(…).build()` with the bundle's own builder. */
export function built(builder: 'PropertyOperationsBuilder' | 'HackleSubscriptionOperationsBuilder', operations: Operation[]): Source {
  return source(`new Hackle.${builder}()${operations.map(([method, ...args]) => `.${method}(${args.map(js).join(', ')})`).join('')}.build()`)
}

// ---------------------------------------------------------------------------------------------------------
// Returning visitors: cookies a previous page of the same site left
// ---------------------------------------------------------------------------------------------------------

export const COOKIES = {
  deviceId: `_hackle_did_${SDK_KEY}`,
  userId: `_hackle_uid_${SDK_KEY}`,
  sessionId: `_hackle_session_id_${SDK_KEY.slice(8)}`,
  lastEventTime: `_hackle_last_event_ts_${SDK_KEY.slice(8)}`,
  campaign: `_hackle_mkt_${SDK_KEY.slice(0, 8)}`,
} as const

const CAMPAIGN_KEYS = ['utm_campaign', 'utm_content', 'utm_id', 'utm_medium', 'utm_source', 'utm_term', 'gclid', 'fbclid']

/** The campaign of a page URL by the rule of browser-behaviour §4 (what the SDKs store). */
export function pageCampaign(url: string): Record<string, string> {
  const search = new URL(url).search
  const campaign: Record<string, string> = {}
  for (const part of search.slice(1).split('&')) {
    const [key, value] = part.split('=')
    if (!value || !CAMPAIGN_KEYS.includes(key!)) continue
    try {
      campaign[key!] = decodeURIComponent(value)
    } catch {
      // skipped like the SDKs skip it
    }
  }
  return campaign
}

export interface Visit {
  user?: { deviceId?: string; userId?: string }
  /** Minutes since the stored session's last event (absent: no stored session). */
  idleMinutes?: number
  /** The stored campaign: the page's own, another one, or none. */
  campaign?: 'same' | 'other'
}

/** The cookies of a returning visitor. */
export function visitCookies(page: PageEnv, visit: Visit): Record<string, string> {
  const cookies: Record<string, string> = {}
  const set = (name: string, value: string) => (cookies[name] = encodeURIComponent(value))
  if (visit.user?.deviceId) set(COOKIES.deviceId, visit.user.deviceId)
  if (visit.user?.userId) set(COOKIES.userId, visit.user.userId)
  if (visit.idleMinutes !== undefined) {
    const last = CLOCK_START - visit.idleMinutes * 60_000
    set(COOKIES.sessionId, `${last - 120_000}.0badc0de`)
    set(COOKIES.lastEventTime, String(last))
  }
  if (visit.campaign) set(COOKIES.campaign, JSON.stringify(visit.campaign === 'same' ? pageCampaign(page.url) : { utm_source: 'old-newsletter', utm_medium: 'email' }))
  return cookies
}

// ---------------------------------------------------------------------------------------------------------
// Value pools
// ---------------------------------------------------------------------------------------------------------

const LONG_OK = source('"x".repeat(1024)')
const LONG_DROPPED = source('"y".repeat(1025)')

/** Values a page may put in properties: kept, dropped or filtered by the sanitizing rules (wire-format §4.6). */
function oddValue(rng: Rng, depth = 0): unknown {
  return rng.weighted<() => unknown>([
    [10, () => rng.pick(['a', '', '한글 값', '😀', ' spaced ', '0', 'true', LONG_OK, LONG_DROPPED])],
    [10, () => rng.pick([0, -1, 3.14, 42, 1e21, Number.MAX_SAFE_INTEGER + 2, -0, NaN, Infinity, -Infinity])],
    [4, () => rng.chance(0.5)],
    [4, () => rng.pick([null, undefined])],
    [
      6,
      () =>
        rng.pick<unknown>([
          [],
          ['a', 'b'],
          [1, 'a', null, '', true, { x: 1 }, LONG_DROPPED, NaN, [2]],
          [1.5, -0, Infinity, 'z'],
          [LONG_OK, '한글'],
        ]),
    ],
    [3, () => (depth < 2 ? { a: oddValue(rng, depth + 1), nested: { deep: [1, { x: null }] } } : { leaf: 1 })],
    [1, () => rng.pick([source('new Date(0)'), source('() => 1'), ...(isExcluded('symbol-property-values') ? [] : [source('Symbol("s")')])])],
  ])()
}

const PROPERTY_KEYS = ['amount', 'category', 'tags', 'grade', 'score', 'flag', '$sys', '$meta', '', '한글키', '1', 'constructor', 'toString', 'k'.repeat(128), 'k'.repeat(129)]

function oddProperties(rng: Rng, min = 0, max = 5): Record<string, unknown> {
  if (rng.chance(0.04)) {
    // more than the 128 properties an event keeps
    return Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`p${i}`, i % 7 === 0 ? null : i]))
  }
  const properties: Record<string, unknown> = {}
  for (let i = rng.int(min, max); i > 0; i--) properties[rng.pick(PROPERTY_KEYS)] = oddValue(rng)
  return properties
}

/** Users a page should not pass, but may. */
const ODD_USERS: unknown[] = [
  ...(isExcluded('non-object-user-argument') ? [] : [null, 42, ['x']]),
  { id: 7, userId: 0 },
  { identifiers: { customerId: 'c-1' } },
  { userId: 'member-9', identifiers: { customerId: 12, '': 'x', bad: { a: 1 }, long: 'v'.repeat(513) }, properties: 'str' },
  { id: null, deviceId: '', properties: [1, 2] },
]

const EVENT_KEYS = ['purchase', 'view', 'signup', '$custom_event', '한글_이벤트', 'e'.repeat(200)]

const STATUSES = ['Hackle.HackleSubscriptionStatus.SUBSCRIBED', 'Hackle.HackleSubscriptionStatus.UNSUBSCRIBED', 'Hackle.HackleSubscriptionStatus.UNKNOWN']

// ---------------------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dto = Record<string, any>

/** At most this many steps in a row without a flush (≥ 500 ms): batches stay under the `batch-size-limit`. */
const MAX_STEPS_BETWEEN_FLUSHES = 3

class SequenceGenerator {
  readonly steps: Step[] = []
  private sinceFlush = 0
  private readonly decisions: string[] = []

  constructor(
    private readonly rng: Rng,
    private readonly config: Dto,
    private readonly users: TestUser[],
  ) {}

  /** A user argument: none (the current user), an object user of the config's case, a string id, or an odd value. */
  userArg(share = 0.45): unknown {
    const { rng } = this
    if (!rng.chance(share)) return undefined
    return rng.weighted<() => unknown>([
      [66, () => rng.pick(this.users.filter((user) => user !== null))],
      [28, () => rng.pick(ID_POOL)],
      [6, () => rng.pick(ODD_USERS)],
    ])()
  }

  wait(): number {
    const { rng } = this
    const wait = rng.weighted<() => number>([
      [44, () => 0],
      [20, () => rng.int(1, 450)],
      [28, () => rng.int(500, 3000)],
      [5, () => 61_000], // past the exposure dedup interval
      [3, () => 31 * 60_000], // past the session timeout
    ])()
    return this.sinceFlush >= MAX_STEPS_BETWEEN_FLUSHES && wait < 500 ? rng.int(500, 1500) : wait
  }

  push(code: string): void {
    const wait = this.wait()
    this.sinceFlush = wait >= 500 ? 0 : this.sinceFlush + 1
    this.steps.push({ code, wait })
  }

  keys(list: string): unknown[] {
    return ((this.config[list] as Dto[]) ?? []).map((it) => it.key)
  }

  decision(): void {
    const { rng } = this
    const user = this.userArg()
    const kind = rng.weighted([[30, 'variation'], [20, 'flag'], [25, 'remoteConfig']] as const)
    let code: string
    if (kind === 'variation') {
      const key = rng.chance(0.93) ? rng.pick(this.keys('experiments')) : 777
      const defaultVariation = rng.chance(0.25) ? rng.pick(['B', 'Z', 'A']) : undefined
      code = call(rng.pick(['variation', 'variationDetail']), key, user, defaultVariation)
    } else if (kind === 'flag') {
      const key = rng.chance(0.93) ? rng.pick(this.keys('featureFlags')) : 778
      code = call(rng.pick(['isFeatureOn', 'featureFlagDetail']), key, user)
    } else {
      const key = rng.chance(0.9) ? rng.pick(this.keys('remoteConfigParameters')) : 'rc_missing'
      const defaultValue = rng.pick<unknown>(['dflt', '', 0, 42, -1.5, true, false, LONG_DROPPED])
      code = `${call('remoteConfig', user)}.get(${js(key)}, ${js(defaultValue)})`
    }
    this.decisions.push(code)
    this.push(code)
  }

  /** The same decision again: duplicate suppression (or not, after a wait or a user change). */
  repeatDecision(): void {
    if (this.decisions.length === 0) return this.decision()
    this.push(this.rng.pick(this.decisions.slice(-4)))
  }

  track(): void {
    const { rng } = this
    const user = this.userArg(0.2)
    const event = rng.weighted<() => unknown>([
      [30, () => rng.pick(EVENT_KEYS)],
      [45, () => ({ key: rng.pick(EVENT_KEYS), value: rng.pick<unknown>([1, 0, 39.9, -2, NaN, '12', null, undefined, Infinity, true, '', [1]]), properties: oddProperties(rng) })],
      [10, () => ({ key: rng.pick(EVENT_KEYS), properties: oddProperties(rng, 1, 3) })],
      [4, () => ({ key: rng.pick(EVENT_KEYS), properties: rng.pick<unknown>(['str', [1, 'a'], null, 5, true]) })],
      [5, () => rng.pick<unknown>(['', null, 42, {}, { key: '' }, { key: 7 }, { value: 3 }])],
    ])()
    this.push(call('track', event, user))
  }

  userChange(): void {
    const { rng } = this
    const code = rng.weighted<() => string>([
      [22, () => call('setUserId', rng.pick<unknown>([...USER_ID_POOL, 42, '', null, undefined, source('"u".repeat(513)')]))],
      [8, () => call('setUserId', this.lastUserId ?? rng.pick(USER_ID_POOL))],
      [12, () => call('setDeviceId', rng.pick<unknown>([...DEVICE_POOL, '', 7]))],
      [22, () => call('setUser', rng.chance(0.85) ? rng.pick(this.users.filter((user) => typeof user === 'object' && user !== null)) : rng.pick<unknown>([{}, 'id-string', { id: 5 }, { properties: { a: 1 } }, ...ODD_USERS]))],
      [14, () => call('resetUser')],
    ])()
    const match = /^hackle\.setUserId\("([^"]*)"\)$/.exec(code)
    if (match) this.lastUserId = match[1]
    this.push(code)
  }

  private lastUserId?: string

  properties(): void {
    const { rng } = this
    const key = () => rng.pick(['grade', 'score', 'tags', 'premium', 'nickname', 'age', '$sys', ''])
    const code = rng.weighted<() => string>([
      [25, () => call('setUserProperty', key(), oddValue(rng))],
      [25, () => call('setUserProperties', oddProperties(rng, 1, 4))],
      [50, () => call('updateUserProperties', built('PropertyOperationsBuilder', this.operations()))],
    ])()
    this.push(code)
  }

  operations(): Operation[] {
    const { rng } = this
    const operations: Operation[] = []
    for (let i = rng.int(1, 5); i > 0; i--) {
      const key = rng.pick(['grade', 'score', 'tags', 'premium', 'visits', 'list', '$sys', '', 'k'.repeat(129)])
      operations.push(
        rng.weighted<() => Operation>([
          [14, () => ['set', key, oddValue(rng)]],
          [8, () => ['setOnce', key, oddValue(rng)]],
          [8, () => ['unset', key]],
          [10, () => ['increment', key, rng.pick<unknown>([1, -2, 0.5, 'x', NaN])]],
          [8, () => ['append', key, oddValue(rng)]],
          [6, () => ['appendOnce', key, oddValue(rng)]],
          [6, () => ['prepend', key, oddValue(rng)]],
          [6, () => ['prependOnce', key, oddValue(rng)]],
          [6, () => ['remove', key, oddValue(rng)]],
          [2, () => ['clearAll']],
        ])(),
      )
    }
    return operations
  }

  userEvent(): void {
    const { rng } = this
    const code = rng.weighted<() => string>([
      [30, () => call(rng.pick(['updatePushSubscriptions', 'updateSmsSubscriptions', 'updateKakaoSubscriptions']), built('HackleSubscriptionOperationsBuilder', this.subscriptions()))],
      [12, () => call('setPhoneNumber', rng.pick<unknown>(['010-1234-5678', '+821012345678', '', 12345, null]))],
      [8, () => call('unsetPhoneNumber')],
    ])()
    this.push(code)
  }

  subscriptions(): Operation[] {
    const { rng } = this
    const status = () => (rng.chance(0.92) ? source(rng.pick(STATUSES)) : rng.pick(['MAYBE', '']))
    const operations: Operation[] = []
    for (let i = rng.int(1, 4); i > 0; i--) {
      operations.push(
        rng.weighted<() => Operation>([
          [4, () => ['marketing', status()]],
          [4, () => ['information', status()]],
          [4, () => ['custom', rng.pick(['news', 'chat', '$marketing', '', '한글']), status()]],
        ])(),
      )
    }
    return operations
  }

  /**
   * Many tracks in one step (a scroll tracker, a list of items): the 100-event flush and batches over hackle-kit's
   * request limit, which it splits and the comparison joins again (exclusion `batch-size-limit`). The queue is flushed
   * before the next step, so no oversized beacon follows.
   */
  burst(): void {
    const { rng } = this
    const n = rng.pick([40, 99, 100, 101, 160, 230])
    const note = rng.pick(['', 'x'.repeat(300), '한글 메모 '.repeat(40)])
    const properties = { note, index: source('i'), tags: ['a', 'b'] }
    this.steps.push({ code: `for (let i = 0; i < ${n}; i++) ${call('track', { key: 'burst', value: source('i'), properties }, this.userArg(0.2))}`, wait: rng.int(500, 1500) })
    this.sinceFlush = 0
  }

  optOut(): void {
    this.push(call('setOptOutTracking', this.rng.chance(0.5)))
  }

  build(): Step[] {
    const { rng } = this
    const total = rng.int(20, 58) // visibility steps may add two
    while (this.steps.length < total) {
      rng.weighted<() => void>([
        [36, () => this.decision()],
        [7, () => this.repeatDecision()],
        [20, () => this.track()],
        [14, () => this.userChange()],
        [11, () => this.properties()],
        [8, () => this.userEvent()],
        [3, () => this.optOut()],
        [2, () => this.burst()],
      ])()
    }
    return this.steps
  }
}

/** `createInstance` options a page may pass besides the fixed ones. */
function options(rng: Rng, users: TestUser[]): string | undefined {
  return rng.weighted<() => string | undefined>([
    [70, () => undefined],
    [7, () => '{ sessionPolicy: { timeoutMillis: 60000 } }'],
    [7, () => '{ sessionPolicy: { persistCondition: Hackle.HackleSessionPersistConditions.NULL_TO_USER_ID } }'],
    [6, () => `{ exposureEventDedupIntervalMillis: ${rng.pick([1000, 5000, 500, 4_000_000, ...(isExcluded('dedup-off') ? [] : [-1])])} }`],
    [3, () => '{ sessionTimeoutMillis: 60000 }'],
    [4, () => '{ optOutTracking: true }'],
    [6, () => `{ user: ${js(rng.pick(users.filter((user) => typeof user === 'object' && user !== null)))} }`],
  ])()
}

function visit(rng: Rng): Visit | undefined {
  if (rng.chance(0.6)) return undefined
  return {
    user: rng.chance(0.7) ? { deviceId: rng.chance(0.5) ? rng.pick(DEVICE_POOL) : undefined, userId: rng.chance(0.6) ? rng.pick(USER_ID_POOL) : undefined } : undefined,
    idleMinutes: rng.chance(0.8) ? rng.pick([2, 29, 45, 600]) : undefined,
    campaign: rng.weighted([[40, 'same'], [30, 'other'], [30, undefined]] as const),
  }
}

/** Pages with campaign parameters and a referrer: attribution and campaign properties on every event. */
const CAMPAIGN_PAGES = PAGES.filter((page) => page.url.includes('utm_') && page.referrer)

/** The sequence of seed `seed`: the config, page and users of `normal#seed`, and 20–60 calls. */
export function generateSequence(seed: number): PayloadSequence {
  const testCase = generateCase(seed, 'normal')
  const rng = new Rng(seed * 7919 + 17)
  const page = rng.chance(0.6) ? rng.pick(CAMPAIGN_PAGES) : testCase.page
  const users = testCase.users
  const generator = new SequenceGenerator(rng, testCase.config as Dto, users)
  const steps = generator.build()
  const end = rng.weighted([[45, 'close'], [35, 'pagehide'], [20, 'hidden']] as const)
  visibility(rng, steps, end)
  let early = rng.chance(0.15) ? rng.int(1, 3) : 0
  // exclusion lifecycle-before-ready: the tab does not hide before the config arrives
  const firstVisibility = steps.findIndex((step) => step.code.startsWith('testPage.'))
  if (isExcluded('lifecycle-before-ready') && firstVisibility >= 0) early = Math.min(early, firstVisibility)
  for (const step of steps.slice(0, early)) step.wait = 0
  const returning = visit(rng)
  // Page steps draw from their own generator, so the rest of a seed's sequence stays what it was.
  const pageRng = new Rng(seed * 104_729 + 3)
  pageSteps(pageRng, steps, early)
  return {
    id: `payload#${seed}`,
    seed,
    page,
    config: testCase.config,
    options: options(rng, users),
    pageOptions: pageOptions(pageRng),
    cookies: returning && visitCookies(page, returning),
    steps,
    early: early || undefined,
    end,
  }
}

/**
 * The tab goes to the background (`testPage.hide()`: the SDKs flush by beacon) and comes back (`testPage.show()`),
 * maybe several times: engagement ends on hide and starts again on show.
 */
function visibility(rng: Rng, steps: Step[], end: Ending): void {
  if (!rng.chance(0.3)) return
  for (let round = rng.int(1, 3); round > 0; round--) {
    const hideAt = rng.int(1, steps.length - 1)
    steps.splice(hideAt, 0, { code: 'testPage.hide()', wait: rng.pick([0, 200, 800, 1500]) })
    if (end === 'close' || rng.chance(0.7)) steps.splice(rng.int(hideAt + 1, steps.length), 0, { code: 'testPage.show()', wait: rng.pick([0, 100, 700, 2500]) })
  }
}

/** Paths an SPA moves to (relative to the page): some with campaign parameters, some equal to each other. */
const ROUTES = ['/products/2', '/products/2', '/cart?step=1', '/landing-b?utm_source=spa&utm_campaign=route', '/#section', '?tab=reviews', '/a%20b/%EC%83%81%ED%92%88']

/**
 * What a visitor of a single-page site does besides calling the SDK: route changes (`pushState`, `replaceState`,
 * back), `setCurrentPage` (with and without a name or properties, the same URL again), title changes, the window
 * losing and regaining focus, time passing (engagements of every length), `trackPageView`.
 */
function pageSteps(rng: Rng, steps: Step[], early: number): void {
  const wait = () => rng.weighted([[30, 0], [25, rng.int(1, 999)], [35, rng.int(1000, 6000)], [10, rng.int(30_000, 200_000)]] as const)
  const count = rng.weighted([[25, 0], [45, rng.int(1, 5)], [30, rng.int(6, 14)]] as const)
  for (let i = 0; i < count; i++) {
    const code = rng.weighted<() => string>([
      [24, () => `history.pushState({ n: ${i} }, '', ${js(rng.pick(ROUTES))})`],
      [8, () => `history.replaceState(null, '', ${js(rng.pick(ROUTES))})`],
      [8, () => 'history.back()'],
      [16, () => call('setCurrentPage', rng.pick<unknown>([{ pageName: 'home' }, { pageName: 'product', properties: { sku: 'A-1', price: 9.5, tags: ['x'] } }, {}, { pageName: '' }, { properties: { from: 'menu' } }]))],
      [6, () => `document.title = ${js(rng.pick(['Cart', '', '장바구니', 'Checkout — step 2']))}`],
      [12, () => "window.dispatchEvent(new Event('blur'))"],
      [12, () => "window.dispatchEvent(new Event('focus'))"],
      [3, () => call('trackPageView', rng.chance(0.5) ? { pathUrl: '/x' } : undefined)],
      [10, () => uncaught(rng)],
    ])()
    const at = rng.int(Math.min(early, steps.length), steps.length)
    steps.splice(at, 0, { code, wait: wait() })
  }
}

/** Errors a stack of `lines` lines, the same text on both sides. */
const errorSource = (type: string, message: string, lines: number) =>
  `Object.assign(new ${type}(${js(message)}), { stack: ${js(`${type}: ${message}`)} + Array.from({ length: ${lines} }, (_, i) => '\\n    at f' + i + ' (https://cdn.example.com/app.js:' + (i + 1) + ':7)').join('') })`

/** An uncaught error (`error` event) or unhandled rejection: real errors, repeated ones, and values that are no `Error`. */
function uncaught(rng: Rng): string {
  const error = () =>
    rng.weighted<() => string>([
      [50, () => errorSource(rng.pick(['Error', 'TypeError', 'RangeError']), rng.pick(['boom', 'x is not a function', '']), rng.pick([0, 3, 45]))],
      [30, () => `window.__sameError || (window.__sameError = ${errorSource('Error', 'again', 2)})`],
      [10, () => js(rng.pick(['a string', 42]))],
      [10, () => 'null'],
    ])()
  return rng.chance(0.6)
    ? `window.dispatchEvent(new ErrorEvent('error', { message: 'uncaught', error: ${error()} }))`
    : `window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: ${error()} }))`
}

/** Page and route tracking: mostly the reference's defaults, sometimes off, one of them off, or the old name. */
function pageOptions(rng: Rng): string | undefined {
  return rng.weighted<() => string | undefined>([
    [60, () => undefined],
    [12, () => '{ automaticPageTracking: false, automaticRouteTracking: false }'],
    [8, () => '{ automaticPageTracking: false }'],
    [8, () => '{ automaticRouteTracking: false }'],
    [6, () => '{ auto_track_page_view: false }'],
    [6, () => '{ automaticPageTracking: false, auto_track_page_view: true }'],
  ])()
}
