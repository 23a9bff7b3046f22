import { asNumber, compileMatch, OPERATORS } from './match-value'
import type {
  Action,
  Bucket,
  Condition,
  Container,
  ContainerGroup,
  EventType,
  Experiment,
  ExperimentType,
  KeyType,
  ParameterConfiguration,
  RemoteConfigParameter,
  RemoteConfigTargetRule,
  RequestKey,
  Segment,
  Slot,
  Target,
  TargetRule,
  Variation,
  Workspace,
} from './model'
import { words } from './words'

/** WorkspaceConfigDto → Workspace, tolerant of missing lists and fields. */

type Dto = Record<string, any>
type Warn = (message: string) => void
type Falsy = false | undefined

// Ordered so that the key types allowed in each place are slices of the list.
const KEY_TYPES = /* @__PURE__ */ words(
  'SEGMENT AB_TEST FEATURE_FLAG EVENT_PROPERTY USER_PROPERTY HACKLE_PROPERTY COHORT NUMBER_OF_EVENTS_IN_DAYS NUMBER_OF_EVENTS_WITH_PROPERTY_IN_DAYS USER_ID',
)
/** segment overrides */
const IDENTIFIER_PLACE = /* @__PURE__ */ KEY_TYPES.slice(0, 1)
/** audiences, target rules, split-URL targets: all but USER_ID */
const PROPERTY_PLACE = /* @__PURE__ */ KEY_TYPES.slice(0, 9)
/** segment targets: no SEGMENT, AB_TEST, FEATURE_FLAG, EVENT_PROPERTY */
const SEGMENT_PLACE = /* @__PURE__ */ KEY_TYPES.slice(4)

const MATCH_TYPES = /* @__PURE__ */ words('MATCH NOT_MATCH')
const VALUE_TYPES = /* @__PURE__ */ words('STRING NUMBER BOOLEAN VERSION JSON URL NULL UNKNOWN')
const ACTION_TYPES = /* @__PURE__ */ words('VARIATION BUCKET')
const IMPLEMENTATION_TYPES = /* @__PURE__ */ words('DEFAULT SPLIT_URL IN_APP_MESSAGE')
const SEGMENT_TYPES = /* @__PURE__ */ words('USER_ID USER_PROPERTY')
// execution status → status, position by position
const EXECUTION_STATUSES = /* @__PURE__ */ words('READY RUNNING PAUSED STOPPED')
const STATUSES = /* @__PURE__ */ words('DRAFT RUNNING PAUSED COMPLETED')
const URL_PROPERTY_NAMES = /* @__PURE__ */ words('pagePath host url queryParameter')

const isObject = (v: unknown): v is Dto => typeof v === 'object' && v !== null
const array = <T = unknown>(v: unknown): T[] => (Array.isArray(v) ? v : [])
const objects = (v: unknown): Dto[] => array(v).filter(isObject)

/** Parses the objects of a list (a missing or non-array list is empty), dropping those `parse` rejects. */
const parseList = <T>(v: unknown, parse: (dto: Dto) => T | Falsy): T[] =>
  objects(v).map(parse).filter(Boolean) as T[]

const index = <T, K extends keyof T>(items: T[], field: K): Map<T[K], T> => new Map(items.map((t) => [t[field], t]))

/** Case-insensitive match of a string enum. */
function enumOf<T extends string>(values: readonly T[], v: unknown, warn: Warn): T | undefined {
  const lower = typeof v === 'string' && v.toLowerCase()
  const found = values.find((t) => t === v || t.toLowerCase() === lower)
  if (!found) warn(`Unsupported type [${v}]. Please use the latest version of sdk.`)
  return found
}

function conditionArg(type: KeyType, name: unknown, warn: Warn): unknown {
  if (type === 'AB_TEST' || type === 'FEATURE_FLAG') return asNumber(name)
  if (!type.startsWith('NUMBER_OF_EVENTS')) return undefined
  let expr: any
  try {
    expr = JSON.parse(name as string)
  } catch (e) {
    // thrown when the condition is evaluated, as the reference does
    return new Error(`Failed to parse UserTargetCondition. ${e}`)
  }
  return { expr, filter: isObject(expr?.propertyFilter) && condition(expr.propertyFilter, KEY_TYPES, warn) }
}

function condition(dto: Dto, place: readonly KeyType[], warn: Warn): Condition | undefined {
  const { key, match: m } = dto
  if (!isObject(key) || !isObject(m)) return undefined
  const type = enumOf(KEY_TYPES, key.type, warn)
  if (!type || !place.includes(type)) return undefined
  const matchType = enumOf(MATCH_TYPES, m.type, warn)
  const operator = enumOf(OPERATORS, m.operator, warn)
  const valueType = enumOf(VALUE_TYPES, m.valueType, warn)
  if (!matchType || !operator || !valueType) return undefined
  const name = key.name
  const dec = type === 'HACKLE_PROPERTY' && URL_PROPERTY_NAMES.includes(name)
  const match = compileMatch(matchType, operator, valueType, array(m.values), dec)
  return { type, name, match, arg: conditionArg(type, name, warn) }
}

const target = (dto: unknown, place: readonly KeyType[], warn: Warn): Target | undefined =>
  isObject(dto) ? { conditions: parseList(dto.conditions, (c) => condition(c, place, warn)) } : undefined

const targets = (v: unknown, place: readonly KeyType[], warn: Warn): Target[] =>
  parseList(v, (t) => target(t, place, warn))

function action(dto: unknown, warn: Warn): Action | undefined {
  if (!isObject(dto)) return undefined
  const type = enumOf(ACTION_TYPES, dto.type, warn)
  return type && { type, variationId: dto.variationId, bucketId: dto.bucketId }
}

const rules = (v: unknown, place: readonly KeyType[], warn: Warn): TargetRule[] =>
  parseList(v, (dto) => {
    const t = target(dto.target, place, warn)
    const a = action(dto.action, warn)
    return t && a && { target: t, action: a }
  })

const requestKey = (kind: string, type: string, dto: Dto): RequestKey => ({
  kind,
  id: dto.id,
  text: `EvaluatorRequest(type=${type}, key=${dto.key})`,
})

function experiment(
  type: ExperimentType,
  dto: Dto,
  configs: Map<unknown, ParameterConfiguration>,
  warn: Warn,
): Experiment | undefined {
  const x: Dto = isObject(dto.execution) ? dto.execution : {}
  const status = STATUSES[EXECUTION_STATUSES.indexOf(x.status)]
  const implementationType = enumOf(IMPLEMENTATION_TYPES, dto.implementationType ?? 'DEFAULT', warn)
  const defaultRule = action(x.defaultRule, warn)
  return (
    status &&
    implementationType &&
    defaultRule && {
      ...(dto as Experiment),
      type,
      status,
      executionVersion: x.version,
      variations: objects(dto.variations).map((v) => {
        const config = configs.get(v.parameterConfigurationId)
        return { ...(v as Variation), dropped: v.status === 'DROPPED', config, parameters: config?.parameters ?? {} }
      }),
      implementationType,
      userOverrides: new Map(objects(x.userOverrides).map((o) => [o.userId, o.variationId])),
      segmentOverrides: rules(x.segmentOverrides, IDENTIFIER_PLACE, warn),
      targetAudiences: targets(x.targetAudiences, PROPERTY_PLACE, warn),
      targetRules: rules(x.targetRules, PROPERTY_PLACE, warn),
      defaultRule,
      request: requestKey('EXPERIMENT', type, dto),
    }
  )
}

function remoteConfigParameter(dto: Dto, warn: Warn): RemoteConfigParameter | Falsy {
  const type = enumOf(VALUE_TYPES, dto.type, warn)
  // the DTO's own `defaultValue` (spread below) is the parsed one: it must be an object
  return (
    type &&
    isObject(dto.defaultValue) && {
      ...(dto as RemoteConfigParameter),
      type,
      targetRules: parseList(dto.targetRules, (r) => {
        const t = target(r.target, PROPERTY_PLACE, warn)
        return t && isObject(r.value) && { ...(r as RemoteConfigTargetRule), target: t }
      }),
      request: requestKey('REMOTE_CONFIG', 'REMOTE_CONFIG', dto),
    }
  )
}

/** Targets of a place that allows every key type but USER_ID (in-app message and trigger-rule targets). */
export const parseTargets = (v: unknown, warn: Warn = () => {}): Target[] => targets(v, PROPERTY_PLACE, warn)

/**
 * The include / exclude targets of a split-URL experiment (`execution.targetUrls`), or undefined when it has none.
 * Parsed on demand: only the split-URL plugin needs them.
 */
export function splitUrlTargets(experiment: Experiment, warn: Warn = () => {}): { match: Target[]; notMatch: Target[] } | undefined {
  const urls = (experiment as Dto).execution?.targetUrls
  return isObject(urls)
    ? { match: targets(urls.match, PROPERTY_PLACE, warn), notMatch: targets(urls.notMatch, PROPERTY_PLACE, warn) }
    : undefined
}

/**
 * Parses a WorkspaceConfigDto. A missing or non-array list is empty, a missing `implementationType` is DEFAULT,
 * a missing `targetUrls` is null; items the reference drops are dropped; duplicate keys: the later item wins,
 * keeping the first one's position. Throws only if `dto` is not an object. Parsed items keep the DTO's other fields.
 */
export function parseWorkspace(dto: unknown, warn: Warn = () => {}): Workspace {
  if (!isObject(dto)) throw new TypeError('Workspace config must be an object')
  // by id, the first of a repeated id winning: a lookup per variation, not a scan of every configuration
  const configs = new Map<unknown, ParameterConfiguration>()
  for (const c of objects(dto.parameterConfigurations)) {
    if (configs.has(c.id)) continue
    const parameters: Record<string, string | number | boolean> = {}
    for (const p of objects(c.parameters)) parameters[p.key] = p.value
    configs.set(c.id, { id: c.id, parameters })
  }
  return {
    experiments: index(
      parseList(dto.experiments, (e) => experiment('AB_TEST', e, configs, warn)),
      'key',
    ),
    featureFlags: index(
      parseList(dto.featureFlags, (e) => experiment('FEATURE_FLAG', e, configs, warn)),
      'key',
    ),
    eventTypes: index(objects(dto.events) as EventType[], 'key'),
    remoteConfigParameters: index(
      parseList(dto.remoteConfigParameters, (p) => remoteConfigParameter(p, warn)),
      'key',
    ),
    buckets: index(
      objects(dto.buckets).map((b) => ({ ...(b as Bucket), mod: Math.abs(b.slotSize), slots: objects(b.slots) as Slot[] })),
      'id',
    ),
    segments: index(
      parseList(dto.segments, (s) => {
        const type = enumOf(SEGMENT_TYPES, s.type, warn)
        return type && { ...(s as Segment), type, targets: targets(s.targets, SEGMENT_PLACE, warn) }
      }),
      'key',
    ),
    containers: index(
      objects(dto.containers).map((c) => ({
        ...(c as Container),
        groups: objects(c.groups).map((g) => ({ ...(g as ContainerGroup), experiments: array<number>(g.experiments) })),
      })),
      'id',
    ),
  }
}
