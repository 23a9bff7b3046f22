/**
 * Hand-written cases: the spec's worked examples and known quirks. `expect` holds what the spec says the
 * reference answers; the suite checks the reference against it (proving the harness reproduces the spec)
 * and hackle-kit against the reference.
 */
import { PAGES, ANDROID_CHROME, type PageEnv } from './page'
import { repairConfig } from './generate'
import type { Answer, ConformanceCase, Query, TestUser } from './model'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dto = Record<string, any>

const WINDOWS_PAGE = PAGES[0]
const KOREAN_PAGE = PAGES[1]
const LINUX_PAGE: PageEnv = {
  ...PAGES[0],
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
}
const ANDROID_PAGE: PageEnv = { ...PAGES[0], userAgent: ANDROID_CHROME, screen: { width: 412, height: 915, orientation: 'portrait-primary' } }

// --- small DTO builders --------------------------------------------------------------------------------

const cond = (type: string, name: string, operator: string, valueType: string, values: unknown[], matchType = 'MATCH'): Dto => ({
  key: { type, name },
  match: { type: matchType, operator, valueType, values },
})
const target = (...conditions: Dto[]): Dto => ({ conditions })
const bucketAction = (bucketId: number): Dto => ({ type: 'BUCKET', bucketId })
const variationAction = (variationId: number): Dto => ({ type: 'VARIATION', variationId })
const slot = (startInclusive: number, endExclusive: number, variationId: number): Dto => ({ startInclusive, endExclusive, variationId })
const bucket = (id: number, seed: number, slotSize: number, slots: Dto[]): Dto => ({ id, seed, slotSize, slots })

interface ExperimentSpec {
  id: number
  key: number
  /** variation keys in order; ids are `id * 10 + index + 1` */
  variations?: string[]
  dropped?: string[]
  parameters?: Record<string, number>
  status?: string
  winner?: string | null
  identifierType?: string
  containerId?: number | null
  userOverrides?: Array<[string, string]>
  segmentOverrides?: Dto[]
  targetAudiences?: Dto[]
  targetRules?: Dto[]
  defaultRule?: Dto
}

/** Variation id of `key` in the experiment with id `experimentId` (builder convention). */
const vid = (experimentId: number, key: string) => experimentId * 10 + 'ABCDEFG'.indexOf(key) + 1

function experiment(spec: ExperimentSpec): Dto {
  const keys = spec.variations ?? ['A', 'B']
  return {
    id: spec.id,
    key: spec.key,
    status: 'EXECUTED',
    version: 1,
    bucketId: 0,
    variations: keys.map((key) => {
      const variation: Dto = { id: vid(spec.id, key), key, status: spec.dropped?.includes(key) ? 'DROPPED' : 'ACTIVE' }
      if (spec.parameters?.[key] !== undefined) variation.parameterConfigurationId = spec.parameters[key]
      return variation
    }),
    execution: {
      status: spec.status ?? 'RUNNING',
      version: 1,
      userOverrides: (spec.userOverrides ?? []).map(([userId, key]) => ({ userId, variationId: vid(spec.id, key) })),
      segmentOverrides: spec.segmentOverrides ?? [],
      targetAudiences: spec.targetAudiences ?? [],
      targetRules: spec.targetRules ?? [],
      defaultRule: spec.defaultRule ?? variationAction(vid(spec.id, 'A')),
      targetUrls: null,
    },
    containerId: spec.containerId ?? null,
    winnerVariationId: spec.winner ? vid(spec.id, spec.winner) : (spec.winner ?? null),
    identifierType: spec.identifierType ?? '$id',
    implementationType: 'DEFAULT',
  }
}

function workspace(parts: Partial<Record<string, Dto[]>>): Dto {
  return {
    workspace: { id: 1, environment: { id: 2, primary: true }, attributes: {} },
    experiments: [],
    featureFlags: [],
    buckets: [],
    events: [],
    segments: [],
    containers: [],
    parameterConfigurations: [],
    remoteConfigParameters: [],
    inAppMessages: [],
    ...parts,
  }
}

type Expect = Partial<Answer> | undefined
/** A query without its user (distributes over the union). */
type QueryInput = Query extends infer Q ? (Q extends unknown ? Omit<Q, 'user'> : never) : never
interface Row {
  user: number
  query: QueryInput
  expect?: Expect
}

/** `exclusion`: the name under which the case is skipped when that name is in EXCLUSIONS (mutation names). */
function edgeCase(id: string, config: unknown, users: TestUser[], rows: Row[], page: PageEnv = WINDOWS_PAGE, exclusion?: string): ConformanceCase {
  const ordered = rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.user - b.row.user || a.i - b.i)
  const repaired = repairConfig(config)
  return {
    id: `edge:${id}`,
    mode: 'edge',
    oddities: [],
    page,
    config,
    referenceConfig: repaired === config ? undefined : repaired,
    users,
    queries: ordered.map(({ row }) => ({ ...row.query, user: row.user }) as Query),
    expect: ordered.map(({ row }) => row.expect),
    exclusion,
  }
}

const ab = (key: Query['key'], defaultVariation?: string): QueryInput =>
  defaultVariation === undefined ? { kind: 'experiment', key } : { kind: 'experiment', key, defaultVariation }
const ff = (key: Query['key']): QueryInput => ({ kind: 'featureFlag', key })
const rc = (key: Query['key'], defaultValue: string | number | boolean | null): QueryInput => ({ kind: 'remoteConfig', key, defaultValue })

// --- wire-format §3.7 ----------------------------------------------------------------------------------

/** The complete small example of wire-format.md §3.7 (in-app message included, as given). */
export const WIRE_EXAMPLE: Dto = {
  workspace: { id: 1001, environment: { id: 2001, primary: true }, attributes: { integration_ga_experiment: true } },
  experiments: [
    {
      id: 11, key: 1, status: 'RUNNING', version: 2, bucketId: 31,
      identifierType: '$id', implementationType: 'DEFAULT', containerId: null, winnerVariationId: null,
      variations: [{ id: 101, key: 'A', status: 'ACTIVE' }, { id: 102, key: 'B', status: 'ACTIVE', parameterConfigurationId: 51 }],
      execution: {
        status: 'RUNNING', version: 3,
        userOverrides: [{ userId: 'qa-device-1', variationId: 102 }],
        segmentOverrides: [{ target: target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['internal'])), action: variationAction(101) }],
        targetAudiences: [target(cond('HACKLE_PROPERTY', 'osName', 'IN', 'STRING', ['Windows', 'Mac']))],
        targetRules: [],
        defaultRule: bucketAction(31),
        targetUrls: null,
      },
    },
  ],
  featureFlags: [
    {
      id: 21, key: 5, status: 'RUNNING', version: 1, bucketId: 32,
      identifierType: '$id', implementationType: 'DEFAULT',
      variations: [{ id: 201, key: 'A', status: 'ACTIVE' }, { id: 202, key: 'B', status: 'ACTIVE', parameterConfigurationId: 52 }],
      execution: {
        status: 'RUNNING', version: 7, userOverrides: [], segmentOverrides: [], targetAudiences: [],
        targetRules: [{ target: target(cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['gold'])), action: variationAction(202) }],
        defaultRule: bucketAction(32),
        targetUrls: null,
      },
    },
  ],
  buckets: [
    bucket(31, 508421375, 10000, [slot(0, 5000, 101), slot(5000, 10000, 102)]),
    bucket(32, 1064039337, 10000, [slot(0, 10000, 201)]),
    bucket(33, 42, 10000, [slot(0, 10000, 0)]),
  ],
  events: [{ id: 41, key: 'purchase' }],
  segments: [{ id: 61, key: 'internal', type: 'USER_ID', targets: [target(cond('USER_ID', '$userId', 'IN', 'STRING', ['emp-1', 'emp-2']))] }],
  containers: [],
  parameterConfigurations: [
    { id: 51, parameters: [{ key: 'buttonColor', value: 'red' }, { key: 'maxItems', value: 3 }] },
    { id: 52, parameters: [{ key: 'newCheckout', value: true }] },
  ],
  remoteConfigParameters: [
    {
      id: 71, key: 'banner_text', type: 'STRING', identifierType: '$id',
      targetRules: [{
        key: 'rule-1', name: 'Gold users', target: target(cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['gold'])),
        bucketId: 33, value: { id: 712, value: 'Hello, gold member' },
      }],
      defaultValue: { id: 711, value: 'Hello' },
    },
  ],
  inAppMessages: [
    {
      id: 81, key: 8, status: 'ACTIVE', timeUnit: 'CUSTOM', startEpochTimeMillis: 1700000000000, endEpochTimeMillis: 4102444800000,
      timetable: { type: 'ALL', slots: [] },
      eventTriggerRules: [{ eventKey: 'purchase', targets: [] }],
      eventTriggerDelay: { type: 'AFTER', afterCondition: { duration: { timeUnit: 'SECONDS', amount: 3 } } },
      eventFrequencyCap: {
        identifiers: [{ identifierType: '$deviceId', countPerIdentifier: 3 }],
        duration: { durationUnit: { timeUnit: 'DAYS', amount: 1 }, countPerDuration: 1 },
      },
      targetContext: { targets: [], overrides: [{ identifierType: '$userId', identifiers: ['qa-1'] }] },
      evaluateContext: { atDeliverTime: false },
      messageContext: {
        defaultLang: 'ko', exposure: { type: 'DEFAULT', key: null }, platformTypes: ['WEB'], orientations: ['VERTICAL'],
        messages: [{
          variationKey: null, lang: 'ko',
          layout: { displayType: 'MODAL', layoutType: 'IMAGE_TEXT', alignment: { vertical: 'MIDDLE', horizontal: 'CENTER' } },
          images: [{ orientation: 'VERTICAL', imagePath: 'https://cdn.example.com/promo.png', action: { behavior: 'CLICK', type: 'WEB_LINK', value: 'https://www.example.com/sale' } }],
          imageAutoScroll: null,
          text: { title: { text: 'Thanks!', style: { textColor: '#000000' } }, body: { text: 'Here is 10% off', style: { textColor: '#333333' } } },
          closeButton: { style: { color: '#000000' }, action: { behavior: 'CLICK', type: 'CLOSE', value: null } },
          buttons: [
            { text: 'Shop', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://www.example.com/shop' }, style: { textColor: '#FFFFFF', bgColor: '#1A73E8', borderColor: '#1A73E8' } },
            { text: 'Hide for today', action: { behavior: 'CLICK', type: 'HIDDEN', value: null }, style: { textColor: '#000000', bgColor: '#FFFFFF', borderColor: '#CCCCCC' } },
          ],
          background: { color: '#FFFFFF' }, action: null, outerButtons: [], innerButtons: [], html: null,
        }],
      },
    },
  ],
}

const B_PARAMS = { buttonColor: 'red', maxItems: 3 }

function wireExampleCases(): ConformanceCase[] {
  const users: TestUser[] = [
    { id: 'user_1', deviceId: 'user_1' },
    { id: 'hello', deviceId: 'hello' },
    { id: 'qa-device-1', deviceId: 'd' },
    { id: 'hello', deviceId: 'hello', userId: 'emp-1' },
    { id: 'hello', deviceId: 'hello', properties: { grade: 'gold' } },
  ]
  const rows: Row[] = [
    { user: 0, query: ab(1), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED', parameters: B_PARAMS } },
    { user: 0, query: ff(5), expect: { isOn: false, reason: 'DEFAULT_RULE', parameters: {} } },
    { user: 0, query: rc('banner_text', 'dflt'), expect: { value: 'Hello', reason: 'DEFAULT_RULE' } },
    { user: 1, query: ab(1), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED', parameters: {} } },
    { user: 1, query: ff(5), expect: { isOn: false, reason: 'DEFAULT_RULE' } },
    { user: 1, query: rc('banner_text', 'dflt'), expect: { value: 'Hello' } },
    { user: 2, query: ab(1), expect: { variation: 'B', reason: 'OVERRIDDEN', parameters: B_PARAMS } },
    { user: 2, query: ff(5), expect: { isOn: false } },
    { user: 2, query: rc('banner_text', 'dflt'), expect: { value: 'Hello' } },
    { user: 3, query: ab(1), expect: { variation: 'A', reason: 'OVERRIDDEN' } },
    { user: 3, query: ff(5), expect: { isOn: false } },
    { user: 3, query: rc('banner_text', 'dflt'), expect: { value: 'Hello' } },
    { user: 4, query: ab(1), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 4, query: ff(5), expect: { isOn: true, reason: 'TARGET_RULE_MATCH', parameters: { newCheckout: true } } },
    // evaluation.md §10 examples (parameter with a gold-user rule)
    { user: 4, query: rc('banner_text', 'dflt'), expect: { value: 'Hello, gold member', reason: 'TARGET_RULE_MATCH' } },
    { user: 4, query: rc('banner_text', 1), expect: { value: 1, reason: 'TYPE_MISMATCH' } },
    { user: 4, query: rc('banner_text', null), expect: { value: 'Hello, gold member', reason: 'TARGET_RULE_MATCH' } },
    { user: 4, query: rc('banner_text', true), expect: { value: true, reason: 'TYPE_MISMATCH' } },
    { user: 4, query: rc(null, 'x'), expect: { value: 'x', reason: 'INVALID_INPUT' } },
    { user: 4, query: rc('', 'x'), expect: { value: 'x', reason: 'REMOTE_CONFIG_PARAMETER_NOT_FOUND' } },
    { user: 4, query: rc('BANNER_TEXT', 'x'), expect: { value: 'x', reason: 'REMOTE_CONFIG_PARAMETER_NOT_FOUND' } },
    // evaluation.md §1.1 / §6 / quirk 11: keys and default variations
    { user: 1, query: ab(999, 'C'), expect: { variation: 'C', reason: 'EXPERIMENT_NOT_FOUND', parameters: {} } },
    { user: 1, query: ab('1'), expect: { variation: 'A', reason: 'EXPERIMENT_NOT_FOUND' } },
    { user: 1, query: ab(0, 'B'), expect: { variation: 'B', reason: 'INVALID_INPUT' } },
    { user: 1, query: ab(null), expect: { variation: 'A', reason: 'INVALID_INPUT' } },
    { user: 1, query: ab(1, ''), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 1, query: ff(0), expect: { isOn: false, reason: 'INVALID_INPUT' } },
    { user: 1, query: ff('5'), expect: { isOn: false, reason: 'FEATURE_FLAG_NOT_FOUND' } },
    { user: 1, query: ff(1), expect: { isOn: false, reason: 'FEATURE_FLAG_NOT_FOUND' } },
  ]
  return [
    edgeCase('wire-3.7', WIRE_EXAMPLE, users, rows),
    // the same user on Android Chrome: outside the audience (osName Windows/Mac)
    edgeCase('wire-3.7-android', WIRE_EXAMPLE, [{ id: 'hello', deviceId: 'hello' }], [
      { user: 0, query: ab(1), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
      { user: 0, query: ff(5), expect: { isOn: false, reason: 'DEFAULT_RULE' } },
      { user: 0, query: rc('banner_text', 'dflt'), expect: { value: 'Hello', reason: 'DEFAULT_RULE' } },
    ], ANDROID_PAGE),
    // An older-fixture shape: no implementationType / targetUrls (tolerant-parsing exclusion).
    edgeCase('wire-3.7-without-implementation-type-and-target-urls', stripped(WIRE_EXAMPLE), users.slice(0, 2), rows.slice(0, 6)),
  ]
}

function stripped(config: Dto): Dto {
  const copy = structuredClone(config)
  for (const e of [...copy.experiments, ...copy.featureFlags]) {
    delete e.implementationType
    delete e.execution.targetUrls
  }
  delete copy.inAppMessages
  return copy
}

// --- evaluation.md §18 worked decision table, overrides, statuses ---------------------------------------

function decisionTableCases(): ConformanceCase[] {
  // Bucket 31 (seed 508421375): "hello" -> slot 1215, "user_1" -> slot 8752 (evaluation.md §8.2).
  const buckets = [
    bucket(31, 508421375, 10000, [slot(0, 5000, vid(1, 'A')), slot(5000, 10000, vid(1, 'B'))]),
    bucket(32, 508421375, 10000, [slot(0, 10000, 999)]), // slot -> a variation id not in the experiment
    bucket(33, 0, 10000, [slot(0, 10000, 700)]), // container bucket -> group 700
    bucket(34, 508421375, 10000, [slot(0, 10000, vid(7, 'A'))]), // flag default: all A
    bucket(35, 508421375, 10000, [slot(0, 2000, vid(8, 'B'))]), // flag bucket with gaps ("hello" 1215 in, "user_1" 8752 out)
    bucket(36, 508421375, 0, [slot(0, 10000, vid(1, 'B'))]), // slotSize 0 -> never allocated
    bucket(37, 508421375, -10000, [slot(0, 5000, vid(15, 'A')), slot(5000, 10000, vid(15, 'B'))]), // negative slot size = abs
  ]
  const allB = (id: number) => variationAction(vid(id, 'B'))
  const config = workspace({
    buckets,
    experiments: [
      experiment({ id: 1, key: 1, defaultRule: bucketAction(31), parameters: { B: 501 } }),
      experiment({ id: 2, key: 2, status: 'PAUSED', parameters: { B: 501 } }),
      experiment({ id: 3, key: 3, status: 'STOPPED', winner: 'B' }),
      experiment({ id: 4, key: 4, defaultRule: bucketAction(32), targetAudiences: [target(cond('HACKLE_PROPERTY', 'osName', 'IN', 'STRING', ['Windows', 'Linux']))] }),
      experiment({ id: 5, key: 5, containerId: 600, defaultRule: allB(5) }),
      experiment({ id: 6, key: 6, status: 'READY', identifierType: 'customerId' }),
      experiment({ id: 9, key: 9, status: 'STOPPED', winner: null }), // completed without winner -> EXCEPTION
      experiment({ id: 10, key: 10, targetAudiences: [target(cond('AB_TEST', '11', 'IN', 'STRING', ['A', 'B']))] }), // circular 10 <-> 11
      experiment({ id: 11, key: 11, targetAudiences: [target(cond('AB_TEST', '10', 'IN', 'STRING', ['A', 'B']))] }),
      experiment({ id: 12, key: 12, dropped: ['B'], userOverrides: [['hello', 'B']], defaultRule: allB(12) }), // override to dropped
      experiment({ id: 13, key: 13, status: 'READY', userOverrides: [['hello', 'B']] }), // draft + override
      experiment({ id: 14, key: 14, defaultRule: bucketAction(36) }),
      experiment({ id: 15, key: 15, defaultRule: bucketAction(37) }),
      experiment({ id: 16, key: 16, identifierType: 'customerId', segmentOverrides: [{ target: target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['everyone'])), action: allB(16) }] }),
      experiment({ id: 17, key: 17, variations: ['A', 'B', 'C'], dropped: ['C'], defaultRule: variationAction(vid(17, 'C')) }),
      experiment({ id: 18, key: 18, targetAudiences: [target(cond('AB_TEST', '18', 'IN', 'STRING', ['A']))] }), // self reference
    ],
    featureFlags: [
      experiment({ id: 7, key: 1, targetRules: [{ target: target(cond('HACKLE_PROPERTY', 'osName', 'IN', 'STRING', ['Windows'])), action: allB(7) }], defaultRule: bucketAction(34) }),
      experiment({ id: 8, key: 2, defaultRule: bucketAction(35), parameters: { B: 502 } }),
      experiment({ id: 20, key: 3, targetRules: [{ target: target(cond('AB_TEST', '1', 'IN', 'STRING', ['A', 'B'])), action: allB(20) }] }),
      experiment({ id: 21, key: 4, status: 'READY', defaultRule: allB(21) }),
      experiment({ id: 22, key: 5, status: 'PAUSED', defaultRule: allB(22) }),
      experiment({ id: 23, key: 6, status: 'STOPPED', winner: 'B' }),
      experiment({ id: 24, key: 7, status: 'STOPPED', winner: null }),
      experiment({ id: 25, key: 8, userOverrides: [['hello', 'B']], identifierType: '$deviceId' }),
      experiment({ id: 26, key: 9, identifierType: '$userId', defaultRule: allB(26) }),
      experiment({ id: 27, key: 10, targetRules: [{ target: target(cond('FEATURE_FLAG', '10', 'IN', 'BOOLEAN', [true])), action: allB(27) }] }), // flag self reference
    ],
    containers: [{ id: 600, bucketId: 33, groups: [{ id: 700, experiments: [5] }, { id: 701, experiments: [] }] }],
    segments: [{ id: 61, key: 'everyone', type: 'USER_PROPERTY', targets: [target()] }],
    parameterConfigurations: [
      { id: 501, parameters: [{ key: 'color', value: 'blue' }] },
      { id: 502, parameters: [{ key: 'on', value: true }] },
    ],
  })
  const hello = { id: 'hello', deviceId: 'hello' }
  const user1 = { id: 'user_1', deviceId: 'user_1' }
  const rows: Row[] = [
    { user: 0, query: ab(1), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED', parameters: {} } },
    { user: 1, query: ab(1), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED', parameters: { color: 'blue' } } },
    { user: 0, query: ab(2), expect: { variation: 'A', reason: 'EXPERIMENT_PAUSED' } },
    { user: 0, query: ab(2, 'Z'), expect: { variation: 'Z', reason: 'EXPERIMENT_PAUSED', parameters: {} } },
    { user: 0, query: ab(2, 'B'), expect: { variation: 'B', reason: 'EXPERIMENT_PAUSED', parameters: { color: 'blue' } } },
    { user: 0, query: ab(3), expect: { variation: 'B', reason: 'EXPERIMENT_COMPLETED' } },
    { user: 0, query: ab(4), expect: { variation: 'A', reason: 'TRAFFIC_NOT_ALLOCATED' } },
    { user: 0, query: ab(5), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(6), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 0, query: ab(9), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(10), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(12), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 1, query: ab(12), expect: { variation: 'A', reason: 'VARIATION_DROPPED' } },
    { user: 0, query: ab(13), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 1, query: ab(13), expect: { variation: 'A', reason: 'EXPERIMENT_DRAFT' } },
    { user: 0, query: ab(14), expect: { variation: 'A', reason: 'TRAFFIC_NOT_ALLOCATED' } },
    { user: 0, query: ab(15), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 1, query: ab(15), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(16), expect: { variation: 'B', reason: 'OVERRIDDEN' } }, // segment override without the identifier
    { user: 0, query: ab(17), expect: { variation: 'A', reason: 'VARIATION_DROPPED' } },
    { user: 0, query: ab(17, 'C'), expect: { variation: 'C', reason: 'VARIATION_DROPPED' } },
    { user: 0, query: ab(18), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ff(1), expect: { isOn: true, reason: 'TARGET_RULE_MATCH' } },
    { user: 0, query: ff(2), expect: { isOn: true, reason: 'DEFAULT_RULE', parameters: { on: true } } },
    { user: 1, query: ff(2), expect: { isOn: false, reason: 'EXCEPTION', parameters: {} } }, // flag bucket with gaps
    { user: 0, query: ff(3), expect: { isOn: true, reason: 'TARGET_RULE_MATCH' } },
    { user: 0, query: ff(4), expect: { isOn: false, reason: 'EXPERIMENT_DRAFT' } },
    { user: 0, query: ff(5), expect: { isOn: false, reason: 'FEATURE_FLAG_INACTIVE' } },
    { user: 0, query: ff(6), expect: { isOn: true, reason: 'EXPERIMENT_COMPLETED' } },
    { user: 0, query: ff(7), expect: { isOn: false, reason: 'EXCEPTION' } },
    { user: 0, query: ff(8), expect: { isOn: true, reason: 'INDIVIDUAL_TARGET_MATCH' } },
    { user: 0, query: ff(9), expect: { isOn: false, reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 0, query: ff(10), expect: { isOn: false, reason: 'EXCEPTION' } },
  ]
  return [
    edgeCase('evaluation-18', config, [hello, user1], rows),
    // flag rule osName Windows on a Linux UA, default bucket all A -> off DEFAULT_RULE
    edgeCase('evaluation-18-linux', config, [hello], [
      { user: 0, query: ff(1), expect: { isOn: false, reason: 'DEFAULT_RULE' } },
      { user: 0, query: ab(4), expect: { variation: 'A', reason: 'TRAFFIC_NOT_ALLOCATED' } },
    ], LINUX_PAGE),
  ]
}

// --- murmur3 vectors (evaluation.md §8.2), through bucketing ------------------------------------------

function murmurCases(): ConformanceCase[] {
  // [identifier, seed, slot for slotSize 10000]
  const vectors: Array<[string, number, number]> = [
    ['a', 0, 4850], ['abc', 0, 4294], ['abcd', 0, 1978], ['hello', 0, 3351], ['hello', 1, 9939],
    ['user_1', 12345, 5335], ['user_2', 12345, 2683], ['test_id', 508421375, 9660],
    ['c4d8b5a1-7f32-4a1e-9e1b-0f3c2a9d8e77', 1064039337, 9582], ['device-0001', -1382945, 7621],
    ['1234567890', 2147483647, 6614], ['The quick brown fox jumps over the lazy dog', 0, 2547], ['0', 1, 9589],
    ['$deviceId', 777, 7247], ['userId-abcdef', 1705467214, 4081], ['홍길동', 0, 2713], ['é', 42, 3641],
  ]
  const experiments: Dto[] = []
  const buckets: Dto[] = []
  const users: TestUser[] = []
  const rows: Row[] = []
  vectors.forEach(([identifier, seed, expectedSlot], i) => {
    const id = 100 + i
    // B only on the expected slot: B proves the SDK computed exactly that slot.
    buckets.push(bucket(id, seed, 10000, [slot(0, expectedSlot, vid(id, 'A')), slot(expectedSlot, expectedSlot + 1, vid(id, 'B')), slot(expectedSlot + 1, 10000, vid(id, 'A'))]))
    experiments.push(experiment({ id, key: i + 1, identifierType: 'customerId', defaultRule: bucketAction(id) }))
    users.push({ identifiers: { customerId: identifier } })
    rows.push({ user: i, query: ab(i + 1), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } })
  })
  return [edgeCase('murmur3-vectors', workspace({ experiments, buckets }), users, rows)]
}

// --- value / operator matching (evaluation.md §12, §13) -------------------------------------------------

type MatchVector = [valueType: string, operator: string, values: unknown[], userValue: unknown, matches: boolean, matchType?: string]

function matchingCases(): ConformanceCase[] {
  const vectors: MatchVector[] = [
    ['STRING', 'IN', ['abc'], 'abc', true],
    ['STRING', 'IN', ['1'], 1, true],
    ['STRING', 'IN', [1], '1', true],
    ['STRING', 'IN', ['true'], true, true],
    ['STRING', 'IN', ['ABC'], 'abc', false],
    ['STRING', 'CONTAINS', ['bc'], 'abcd', true],
    ['STRING', 'GT', ['10'], '9', true],
    ['STRING', 'IN', ['a', 'b'], null, false],
    ['STRING', 'IN', ['a', 'b'], null, true, 'NOT_MATCH'],
    ['STRING', 'IN', ['a'], ['x', 'a'], true],
    ['STRING', 'IN', ['a'], [], false],
    ['STRING', 'IN', ['a'], [], true, 'NOT_MATCH'],
    ['STRING', 'IN', ['a'], ['a', 'b'], false, 'NOT_MATCH'],
    ['STRING', 'EXISTS', [], '', true],
    ['STRING', 'EXISTS', [], null, false],
    ['STRING', 'EXISTS', [], [], false],
    ['NUMBER', 'IN', [42], ' 42 ', true],
    ['NUMBER', 'IN', [0], '', true],
    ['NUMBER', 'IN', [16], '0x10', true],
    ['NUMBER', 'IN', [1], true, false],
    ['NUMBER', 'GTE', [10], '10', true],
    ['NUMBER', 'LT', [10], 'abc', false],
    ['NUMBER', 'CONTAINS', [1], 11, false],
    ['NUMBER', 'IN', [1000], '1e3', true],
    ['NUMBER', 'IN', ['Infinity'], 'Infinity', false],
    ['BOOLEAN', 'IN', [true], 'true', true],
    ['BOOLEAN', 'IN', [true], 'TRUE', false],
    ['BOOLEAN', 'IN', [false], 0, false],
    ['JSON', 'IN', ['{"a":1}'], '{"a":1}', true],
    ['NULL', 'IN', [null], null, false],
    ['NULL', 'IN', ['x'], 'x', true, 'NOT_MATCH'],
    ['UNKNOWN', 'IN', ['x'], 'x', false],
    ['URL', 'IN', ['https://a.com/path'], 'https://a.com/path/', true],
    ['URL', 'IN', ['https://a.com/한글'], 'https://a.com/%ED%95%9C%EA%B8%80', true],
    ['URL', 'IN', ['https://a.com/p?q=1'], 'https://a.com/p/?q=1', true],
    ['URL', 'IN', ['https://a.com'], 'https://a.com/', true],
    ['URL', 'IN', ['https://A.com/p'], 'https://a.com/p', true],
    ['URL', 'IN', ['a.com/p'], 'https://a.com/p', false],
    ['URL', 'IN', ['https://a.com/p'], 'a.com/p', false],
    ['URL', 'CONTAINS', ['/한글'], 'https://a.com/%ED%95%9C%EA%B8%80/x', true],
    ['URL', 'CONTAINS', ['%ED%95%9C'], 'https://a.com/%ED%95%9C%EA%B8%80/x', false],
    ['URL', 'STARTS_WITH', ['https://a.com/sh'], 'https://a.com/shop', true],
    ['URL', 'ENDS_WITH', ['shop'], 'https://a.com/shop', false],
    ['VERSION', 'IN', ['1.2.0'], '1.2', true],
    ['VERSION', 'GTE', ['1.2.0'], '1.10.0', true],
    ['VERSION', 'CONTAINS', ['1'], '1.2.0', false],
    ['VERSION', 'IN', ['1.5.0'], 1.5, true],
    ['VERSION', 'IN', ['1.2.3'], '01.2.3', false],
    ['VERSION', 'IN', ['1.2.3'], 'v1.2.3', false],
    ['VERSION', 'IN', ['1.2.3'], '1.2.3.4', false],
    ['VERSION', 'IN', ['1.2.3'], '1.2.3-', false],
    ['VERSION', 'IN', ['1.2.3-01'], '1.2.3-01', false],
    ['VERSION', 'LT', ['1.0.0'], '1.0.0-alpha', true],
    ['VERSION', 'LT', ['1.0.0-alpha.1'], '1.0.0-alpha', true],
    ['VERSION', 'LT', ['1.0.0-alpha.beta'], '1.0.0-alpha.1', true],
    ['VERSION', 'LT', ['1.0.0-beta'], '1.0.0-alpha.beta', true],
    ['VERSION', 'LT', ['1.0.0-beta.11'], '1.0.0-beta.2', true],
    ['VERSION', 'LT', ['1.0.0-10'], '1.0.0-2', true],
    ['VERSION', 'LT', ['1.0.0-a9'], '1.0.0-a10', true],
    ['VERSION', 'LT', ['1.0.0'], '1.0.0-rc.1', true],
    ['VERSION', 'IN', ['1.0.0+build2'], '1.0.0+build1', true],
    ['VERSION', 'GT', ['1.0.0'], '1.0.0+b', false],
    ['VERSION', 'GT', ['1.9.9'], '2.0.0', true],
    ['VERSION', 'IN', ['10.0.0-alpha-1'], '10.0.0-alpha-1', true],
  ]
  const experiments: Dto[] = []
  const properties: Record<string, unknown> = {}
  const rows: Row[] = []
  vectors.forEach(([valueType, operator, values, userValue, matches, matchType], i) => {
    const name = `p${i}`
    if (userValue !== null) properties[name] = userValue
    const id = 200 + i
    experiments.push(
      experiment({
        id,
        key: i + 1,
        targetAudiences: [target(cond('USER_PROPERTY', name, operator, valueType, values, matchType ?? 'MATCH'))],
        defaultRule: variationAction(vid(id, 'B')),
      }),
    )
    rows.push({ user: 0, query: ab(i + 1), expect: matches ? { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } : { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } })
  })
  // HACKLE_PROPERTY URL properties are decodeURI'd on both sides (Korean page: pagePath /%EC%83%81%ED%92%88/45)
  const hackle: Array<[string, string, string, unknown[], boolean]> = [
    ['pagePath', 'IN', 'STRING', ['/상품/45'], true],
    ['pagePath', 'IN', 'STRING', ['/%EC%83%81%ED%92%88/45'], true],
    ['pagePath', 'STARTS_WITH', 'STRING', ['/상품'], true],
    ['host', 'IN', 'STRING', ['m.example.co.kr'], true],
    ['queryParameter', 'CONTAINS', 'STRING', ['utm_term=신발'], true],
    ['url', 'CONTAINS', 'STRING', ['/상품/'], true],
    ['url', 'STARTS_WITH', 'URL', ['https://m.example.co.kr/상품'], true],
    ['osName', 'IN', 'STRING', ['Windows'], true],
    ['browserName', 'IN', 'STRING', ['Chrome'], true],
    ['browserVersion', 'GTE', 'VERSION', ['119.0.0'], false], // "120.0.0.0" is not a valid version
    ['browserMajorVersion', 'GTE', 'NUMBER', [120], true],
    ['deviceType', 'IN', 'STRING', ['pc'], true],
    ['platform', 'IN', 'STRING', ['Web'], true],
    ['screenWidth', 'IN', 'NUMBER', [1920], true],
    ['locale', 'IN', 'STRING', ['ko-KR'], true],
    ['language', 'IN', 'STRING', ['ko'], true],
    ['protocol', 'IN', 'STRING', ['https'], true],
    ['pageTitle', 'IN', 'STRING', ['상품 상세'], true],
    ['referrer', 'STARTS_WITH', 'STRING', ['https://www.google.com'], true],
  ]
  const hackleExperiments: Dto[] = []
  const hackleRows: Row[] = []
  hackle.forEach(([name, operator, valueType, values, matches], i) => {
    const id = 400 + i
    hackleExperiments.push(
      experiment({
        id,
        key: i + 1,
        targetAudiences: [target(cond('HACKLE_PROPERTY', name, operator, valueType, values))],
        defaultRule: variationAction(vid(id, 'B')),
      }),
    )
    hackleRows.push({ user: 0, query: ab(i + 1), expect: matches ? { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } : { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } })
  })
  // campaign properties from the page URL are user properties; user properties override them
  const campaign = workspace({
    experiments: [
      experiment({ id: 501, key: 1, targetAudiences: [target(cond('USER_PROPERTY', 'utm_source', 'IN', 'STRING', ['kakao']))], defaultRule: variationAction(vid(501, 'B')) }),
      experiment({ id: 502, key: 2, targetAudiences: [target(cond('USER_PROPERTY', 'utm_term', 'IN', 'STRING', ['신발']))], defaultRule: variationAction(vid(502, 'B')) }),
    ],
  })
  return [
    edgeCase('value-matching', workspace({ experiments }), [{ id: 'matcher', properties }], rows),
    edgeCase('hackle-properties-korean-page', workspace({ experiments: hackleExperiments }), [{ id: 'matcher' }], hackleRows, KOREAN_PAGE),
    edgeCase('campaign-properties', campaign, [{ id: 'c1' }, { id: 'c2', properties: { utm_source: 'newsletter' } }], [
      { user: 0, query: ab(1), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
      { user: 0, query: ab(2), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
      { user: 1, query: ab(1), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
    ], KOREAN_PAGE),
  ]
}

// --- parsing quirks (enums, places, dropped items) and remote config ---------------------------------

function parsingCases(): ConformanceCase[] {
  const lower = (c: Dto): Dto => ({
    key: { type: c.key.type.toLowerCase(), name: c.key.name },
    match: { ...c.match, type: c.match.type.toLowerCase(), operator: c.match.operator.toLowerCase(), valueType: c.match.valueType.toLowerCase() },
  })
  const b = (id: number) => variationAction(vid(id, 'B'))
  const gold = cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['GOLD'])
  const config = workspace({
    experiments: [
      experiment({ id: 1, key: 1, targetAudiences: [target(lower(gold))], defaultRule: { type: 'variation', variationId: vid(1, 'B') } }),
      { ...experiment({ id: 2, key: 2, defaultRule: b(2) }), execution: { ...experiment({ id: 2, key: 2, defaultRule: b(2) }).execution, status: 'running' } },
      experiment({ id: 3, key: 3, targetAudiences: [target(cond('DEVICE_TOKEN', 'x', 'IN', 'STRING', ['nobody']))], defaultRule: b(3) }),
      experiment({ id: 4, key: 4, targetAudiences: [target(cond('USER_ID', '$id', 'IN', 'STRING', ['nobody']))], defaultRule: b(4) }),
      experiment({ id: 5, key: 5, targetAudiences: [target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['dropped-seg']))], defaultRule: b(5) }),
      experiment({ id: 6, key: 6, targetAudiences: [target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['cohort-seg']))], defaultRule: b(6) }),
      experiment({ id: 7, key: 7, targetAudiences: [target(cond('COHORT', 'COHORT', 'IN', 'NUMBER', [1]))], defaultRule: b(7) }),
      experiment({ id: 8, key: 8, targetAudiences: [target(cond('COHORT', 'COHORT', 'IN', 'NUMBER', [1], 'NOT_MATCH'))], defaultRule: b(8) }),
      experiment({ id: 9, key: 9, targetAudiences: [target(cond('EVENT_PROPERTY', 'x', 'EXISTS', 'STRING', [], 'NOT_MATCH'))], defaultRule: b(9) }),
      experiment({ id: 10, key: 10, targetAudiences: [target(cond('AB_TEST', 'abc', 'IN', 'STRING', ['A']))], defaultRule: b(10) }),
      experiment({ id: 11, key: 11, targetAudiences: [target(cond('AB_TEST', '404', 'IN', 'STRING', ['A']))], defaultRule: b(11) }),
      experiment({ id: 12, key: 12, targetAudiences: [target(cond('NUMBER_OF_EVENTS_IN_DAYS', '{"eventKey":"purchase","days":7}', 'IN', 'NUMBER', [0]))], defaultRule: b(12) }),
      experiment({ id: 13, key: 13, targetAudiences: [target(cond('NUMBER_OF_EVENTS_IN_DAYS', 'not json', 'IN', 'NUMBER', [0]))], defaultRule: b(13) }),
      { ...experiment({ id: 14, key: 14, variations: ['A', 'B'], defaultRule: b(14) }), variations: [{ id: vid(14, 'A'), key: 'A', status: 'ACTIVE' }, { id: vid(14, 'B'), key: 'B', status: 'dropped' }] },
      { ...experiment({ id: 15, key: 15, defaultRule: b(15) }), implementationType: 'FANCY' },
      { ...experiment({ id: 16, key: 16 }), execution: { ...experiment({ id: 16, key: 16 }).execution, defaultRule: { type: 'WEIGHTED' } } },
      experiment({ id: 17, key: 17, segmentOverrides: [{ target: target(gold), action: b(17) }] }), // non-SEGMENT condition dropped -> matches everyone
      experiment({ id: 18, key: 18, targetRules: [{ target: target(), action: b(18) }] }), // target rules are ignored for A/B tests
      experiment({ id: 19, key: 19, identifierType: '$sessionId', defaultRule: b(19) }),
      experiment({ id: 20, key: 20, targetAudiences: [target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', [123]))], defaultRule: b(20) }),
      experiment({ id: 21, key: 21, targetAudiences: [target(cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['no-such-segment']))], defaultRule: b(21) }),
      experiment({ id: 22, key: 22, containerId: 999 }),
    ],
    featureFlags: [
      experiment({ id: 30, key: 1, targetRules: [{ target: target(), action: { type: 'SPLIT' } }, { target: target(gold), action: b(30) }] }),
    ],
    segments: [
      { id: 61, key: 'dropped-seg', type: 'EVENT', targets: [target()] },
      { id: 62, key: 'cohort-seg', type: 'USER_PROPERTY', targets: [target(cond('COHORT', 'COHORT', 'IN', 'NUMBER', [1]))] },
    ],
    remoteConfigParameters: [
      { id: 70, key: 'num_as_string', type: 'NUMBER', identifierType: '$id', targetRules: [], defaultValue: { id: 71, value: '12' } },
      { id: 72, key: 'object_value', type: 'JSON', identifierType: '$id', targetRules: [], defaultValue: { id: 73, value: { a: 1 } } },
      { id: 74, key: 'json_string', type: 'json', identifierType: '$id', targetRules: [], defaultValue: { id: 75, value: '{"a":1}' } },
      { id: 76, key: 'unknown_type', type: 'DATE', identifierType: '$id', targetRules: [], defaultValue: { id: 77, value: 'x' } },
      { id: 78, key: 'needs_customer', type: 'STRING', identifierType: 'customerId', targetRules: [], defaultValue: { id: 79, value: 'x' } },
      { id: 80, key: 'rule_missing_bucket', type: 'STRING', identifierType: '$id', targetRules: [{ key: 'r', name: 'r', target: target(), bucketId: 404, value: { id: 81, value: 'y' } }], defaultValue: { id: 82, value: 'x' } },
      { id: 83, key: 'dup', type: 'STRING', identifierType: '$id', targetRules: [], defaultValue: { id: 84, value: 'first' } },
      { id: 85, key: 'dup', type: 'STRING', identifierType: '$id', targetRules: [], defaultValue: { id: 86, value: 'second' } },
    ],
  })
  const u = { id: 'p1', properties: { grade: 'GOLD' } }
  const rows: Row[] = [
    { user: 0, query: ab(1), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(2), expect: { variation: 'A', reason: 'EXPERIMENT_NOT_FOUND' } },
    { user: 0, query: ab(3), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(4), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(5), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(6), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(7), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
    { user: 0, query: ab(8), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(9), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
    { user: 0, query: ab(10), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(11), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
    { user: 0, query: ab(12), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(13), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(14), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(15), expect: { variation: 'A', reason: 'EXPERIMENT_NOT_FOUND' } },
    { user: 0, query: ab(16), expect: { variation: 'A', reason: 'EXPERIMENT_NOT_FOUND' } },
    { user: 0, query: ab(17), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 0, query: ab(18), expect: { variation: 'A', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 0, query: ab(19), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 0, query: ab(20), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(21), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ab(22), expect: { variation: 'A', reason: 'EXCEPTION' } },
    { user: 0, query: ff(1), expect: { isOn: true, reason: 'TARGET_RULE_MATCH' } },
    { user: 0, query: rc('num_as_string', 'x'), expect: { value: '12', reason: 'DEFAULT_RULE' } },
    { user: 0, query: rc('num_as_string', 5), expect: { value: 5, reason: 'TYPE_MISMATCH' } },
    { user: 0, query: rc('object_value', null), expect: { value: { a: 1 }, reason: 'DEFAULT_RULE' } },
    { user: 0, query: rc('object_value', 'x'), expect: { value: 'x', reason: 'TYPE_MISMATCH' } },
    { user: 0, query: rc('json_string', ''), expect: { value: '{"a":1}', reason: 'DEFAULT_RULE' } },
    { user: 0, query: rc('unknown_type', 'd'), expect: { value: 'd', reason: 'REMOTE_CONFIG_PARAMETER_NOT_FOUND' } },
    { user: 0, query: rc('needs_customer', 'd'), expect: { value: 'd', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 0, query: rc('rule_missing_bucket', 'd'), expect: { value: 'd', reason: 'EXCEPTION' } },
    { user: 0, query: rc('dup', 'd'), expect: { value: 'second', reason: 'DEFAULT_RULE' } },
  ]
  return [edgeCase('parsing-quirks', config, [u], rows)]
}

// --- users: identifiers, numeric ids, merging isolation --------------------------------------------------

function userCases(): ConformanceCase[] {
  const config = workspace({
    experiments: [
      experiment({ id: 1, key: 1, userOverrides: [['12345', 'B']], identifierType: '$id', defaultRule: variationAction(vid(1, 'A')) }),
      experiment({ id: 2, key: 2, identifierType: '$userId', userOverrides: [['member-1', 'B']] }),
      experiment({ id: 3, key: 3, identifierType: '$deviceId', userOverrides: [['hk-conformance-device-01', 'B']] }),
      experiment({ id: 4, key: 4, identifierType: 'customerId', userOverrides: [['cus-1', 'B']] }),
      experiment({ id: 5, key: 5, identifierType: '$hackleDeviceId', userOverrides: [['hk-conformance-device-01', 'B']] }),
      experiment({ id: 6, key: 6, targetAudiences: [target(cond('USER_PROPERTY', 'grade', 'EXISTS', 'STRING', []))], defaultRule: variationAction(vid(6, 'B')) }),
    ],
  })
  const long = 'x'.repeat(600)
  const users: TestUser[] = [
    { id: 12345 },
    { id: '12345' },
    { userId: 'member-1' },
    { identifiers: { $userId: 'member-1' } },
    {},
    { identifiers: { customerId: 'cus-1' } },
    { identifiers: { customerId: long } },
    { identifiers: { customerId: '' } },
    { id: 'same', properties: { grade: 'GOLD' } },
    { id: 'same' }, // same userId/deviceId as the previous user: must not inherit its grade
  ]
  const rows: Row[] = [
    { user: 0, query: ab(1) },
    { user: 1, query: ab(1), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 2, query: ab(2), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 3, query: ab(2), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 4, query: ab(2), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 4, query: ab(3), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 4, query: ab(5), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 5, query: ab(4), expect: { variation: 'B', reason: 'OVERRIDDEN' } },
    { user: 6, query: ab(4), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 7, query: ab(4), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
    { user: 8, query: ab(6), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    { user: 9, query: ab(6), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
  ]
  return [edgeCase('user-identifiers', config, users, rows)]
}

// --- found by the generator: minimal reproductions ---------------------------------------------------

function foundCases(): ConformanceCase[] {
  // identifierType naming an Object.prototype member: the reference reads the inherited function as the
  // identifier; its murmur3 calls data.charCodeAt when fn.length > 0 -> TypeError -> EXCEPTION.
  const types = ['constructor', 'hasOwnProperty', 'toString', '__proto__']
  const protoConfig = workspace({
    buckets: [bucket(1, 0, 10000, [slot(0, 10000, vid(1, 'B'))])],
    experiments: types.map((identifierType, i) =>
      experiment({ id: i + 1, key: i + 1, identifierType, defaultRule: bucketAction(1), variations: ['A', 'B'] }),
    ),
  })
  // same bucket for every experiment: slot 0..10000 -> variation id of experiment 1's B; give each its own B id
  protoConfig.buckets = types.map((_, i) => bucket(i + 1, 0, 10000, [slot(0, 10000, vid(i + 1, 'B'))]))
  protoConfig.experiments.forEach((e: Dto, i: number) => (e.execution.defaultRule = bucketAction(i + 1)))
  // an enum field that is not a string: the reference's parser calls toLowerCase on it and rejects the config
  const nonString = structuredClone(WIRE_EXAMPLE)
  nonString.featureFlags[0].execution.targetRules[0].target.conditions[0].match.type = null
  // a user whose properties / identifiers have an own "__proto__" key (JSON.parse makes one)
  const protoKeyConfig = workspace({
    experiments: [
      experiment({ id: 1, key: 1, targetAudiences: [target(cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['GOLD']))], defaultRule: variationAction(vid(1, 'B')) }),
      experiment({ id: 2, key: 2, identifierType: 'customerId', defaultRule: variationAction(vid(2, 'B')) }),
      experiment({ id: 3, key: 3, targetAudiences: [target(cond('USER_PROPERTY', '__proto__', 'EXISTS', 'STRING', []))], defaultRule: variationAction(vid(3, 'B')) }),
    ],
  })
  const protoKeyUser = {
    id: 'p2',
    properties: JSON.parse('{"__proto__": {"grade": "GOLD"}}') as Record<string, unknown>,
    identifiers: JSON.parse('{"__proto__": {"customerId": "c-1"}}') as Record<string, unknown>,
  }
  // match.values that is not a list: the reference throws when the condition is evaluated
  const notAList = (values: unknown, id: number): Dto =>
    experiment({ id, key: id, targetAudiences: [target({ ...cond('USER_PROPERTY', 'grade', 'IN', 'STRING', []), match: { type: 'MATCH', operator: 'IN', valueType: 'STRING', values } })], defaultRule: variationAction(vid(id, 'B')) })
  const valuesConfig = workspace({ experiments: [notAList('GOLD', 1), notAList(null, 2), notAList(5, 3)] })
  return [
    edgeCase('condition-values-not-a-list', valuesConfig, [{ id: 'v1', properties: { grade: 'GOLD' } }], [
      { user: 0, query: ab(1), expect: { variation: 'A', reason: 'EXCEPTION' } },
      { user: 0, query: ab(2), expect: { variation: 'A', reason: 'EXCEPTION' } },
      { user: 0, query: ab(3), expect: { variation: 'A', reason: 'EXCEPTION' } },
    ], WINDOWS_PAGE, 'condition-values-not-a-list'),
    edgeCase('own-__proto__-key-in-user-properties-and-identifiers', protoKeyConfig, [protoKeyUser], [
      { user: 0, query: ab(1), expect: { variation: 'A', reason: 'NOT_IN_EXPERIMENT_TARGET' } },
      { user: 0, query: ab(2), expect: { variation: 'A', reason: 'IDENTIFIER_NOT_FOUND' } },
      { user: 0, query: ab(3) },
    ], WINDOWS_PAGE, 'own-proto-key-in-user-properties'),
    edgeCase('identifier-type-named-like-object-prototype-members', protoConfig, [{ id: 'p1' }], [
      { user: 0, query: ab(1), expect: { variation: 'A', reason: 'EXCEPTION' } },
      { user: 0, query: ab(2), expect: { variation: 'A', reason: 'EXCEPTION' } },
      { user: 0, query: ab(3), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
      { user: 0, query: ab(4), expect: { variation: 'B', reason: 'TRAFFIC_ALLOCATED' } },
    ], WINDOWS_PAGE, 'prototype-identifier-types'),
    edgeCase('enum-field-not-a-string', nonString, [{ id: 'hello', deviceId: 'hello' }], [
      { user: 0, query: ab(1), expect: { variation: 'A', reason: 'SDK_NOT_READY' } },
      { user: 0, query: ff(5), expect: { isOn: false, reason: 'SDK_NOT_READY' } },
      { user: 0, query: rc('banner_text', 'dflt'), expect: { value: 'dflt', reason: 'SDK_NOT_READY' } },
    ], WINDOWS_PAGE, 'non-string-enums'),
  ]
}

export function edgeCases(): ConformanceCase[] {
  return [...wireExampleCases(), ...decisionTableCases(), ...murmurCases(), ...matchingCases(), ...parsingCases(), ...userCases(), ...foundCases()]
}
