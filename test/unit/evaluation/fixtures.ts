import type { EvaluationUser } from '../../../src/kernel/types'

/** The complete small example of wire-format.md §3.7 (in-app messages left out). */
export function exampleConfig(): any {
  return {
    workspace: { id: 1001, environment: { id: 2001, primary: true }, attributes: { integration_ga_experiment: true } },
    experiments: [
      {
        id: 11, key: 1, status: 'RUNNING', version: 2, bucketId: 31,
        identifierType: '$id', implementationType: 'DEFAULT', containerId: null, winnerVariationId: null,
        variations: [
          { id: 101, key: 'A', status: 'ACTIVE' },
          { id: 102, key: 'B', status: 'ACTIVE', parameterConfigurationId: 51 },
        ],
        execution: {
          status: 'RUNNING', version: 3,
          userOverrides: [{ userId: 'qa-device-1', variationId: 102 }],
          segmentOverrides: [
            {
              target: { conditions: [cond('SEGMENT', 'SEGMENT', 'IN', 'STRING', ['internal'])] },
              action: { type: 'VARIATION', variationId: 101 },
            },
          ],
          targetAudiences: [{ conditions: [cond('HACKLE_PROPERTY', 'osName', 'IN', 'STRING', ['Windows', 'Mac'])] }],
          targetRules: [],
          defaultRule: { type: 'BUCKET', bucketId: 31 },
          targetUrls: null,
        },
      },
    ],
    featureFlags: [
      {
        id: 21, key: 5, status: 'RUNNING', version: 1, bucketId: 32,
        identifierType: '$id', implementationType: 'DEFAULT',
        variations: [
          { id: 201, key: 'A', status: 'ACTIVE' },
          { id: 202, key: 'B', status: 'ACTIVE', parameterConfigurationId: 52 },
        ],
        execution: {
          status: 'RUNNING', version: 7, userOverrides: [], segmentOverrides: [], targetAudiences: [],
          targetRules: [
            {
              target: { conditions: [cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['gold'])] },
              action: { type: 'VARIATION', variationId: 202 },
            },
          ],
          defaultRule: { type: 'BUCKET', bucketId: 32 },
          targetUrls: null,
        },
      },
    ],
    buckets: [
      {
        id: 31, seed: 508421375, slotSize: 10000,
        slots: [
          { startInclusive: 0, endExclusive: 5000, variationId: 101 },
          { startInclusive: 5000, endExclusive: 10000, variationId: 102 },
        ],
      },
      { id: 32, seed: 1064039337, slotSize: 10000, slots: [{ startInclusive: 0, endExclusive: 10000, variationId: 201 }] },
      { id: 33, seed: 42, slotSize: 10000, slots: [{ startInclusive: 0, endExclusive: 10000, variationId: 0 }] },
    ],
    events: [{ id: 41, key: 'purchase' }],
    segments: [
      {
        id: 61, key: 'internal', type: 'USER_ID',
        targets: [{ conditions: [cond('USER_ID', '$userId', 'IN', 'STRING', ['emp-1', 'emp-2'])] }],
      },
    ],
    containers: [],
    parameterConfigurations: [
      { id: 51, parameters: [{ key: 'buttonColor', value: 'red' }, { key: 'maxItems', value: 3 }] },
      { id: 52, parameters: [{ key: 'newCheckout', value: true }] },
    ],
    remoteConfigParameters: [
      {
        id: 71, key: 'banner_text', type: 'STRING', identifierType: '$id',
        targetRules: [
          {
            key: 'rule-1', name: 'Gold users',
            target: { conditions: [cond('USER_PROPERTY', 'grade', 'IN', 'STRING', ['gold'])] },
            bucketId: 33, value: { id: 712, value: 'Hello, gold member' },
          },
        ],
        defaultValue: { id: 711, value: 'Hello' },
      },
    ],
    inAppMessages: [],
  }
}

export function cond(
  keyType: string,
  name: string,
  operator: string,
  valueType: string,
  values: unknown[],
  matchType = 'MATCH',
): any {
  return { key: { type: keyType, name }, match: { type: matchType, operator, valueType, values } }
}

export const WINDOWS = { osName: 'Windows', browserName: 'Chrome', pagePath: '/products/42' }
export const ANDROID = { osName: 'Android', browserName: 'Chrome', pagePath: '/products/42' }

/** An evaluation user as the browser client builds it (device id fills $id / $deviceId). */
export function user(
  u: { id?: string | number; deviceId?: string; userId?: string; identifiers?: Record<string, string | number>; properties?: Record<string, unknown> } = {},
  hackleProperties: Record<string, unknown> = WINDOWS,
): EvaluationUser {
  const device = 'hackle-device-1'
  const identifiers: Record<string, string | number> = { ...u.identifiers }
  identifiers.$id = u.id || device
  identifiers.$deviceId = u.deviceId || device
  identifiers.$hackleDeviceId = device
  if (u.userId != null) identifiers.$userId = u.userId
  return { identifiers, properties: { ...u.properties }, hackleProperties, cohorts: [], targetEvents: [] }
}

/** A minimal running experiment DTO; override any field. */
export function experimentDto(over: Record<string, any> = {}, execution: Record<string, any> = {}): any {
  return {
    id: 1000, key: 1, status: 'RUNNING', version: 1, bucketId: 1, identifierType: '$id', implementationType: 'DEFAULT',
    variations: [
      { id: 1001, key: 'A', status: 'ACTIVE' },
      { id: 1002, key: 'B', status: 'ACTIVE' },
    ],
    ...over,
    execution: {
      status: 'RUNNING', version: 1, userOverrides: [], segmentOverrides: [], targetAudiences: [], targetRules: [],
      defaultRule: { type: 'VARIATION', variationId: 1001 }, targetUrls: null,
      ...execution,
    },
  }
}

export function configWith(parts: Record<string, unknown>): any {
  return {
    workspace: { attributes: {} }, experiments: [], featureFlags: [], buckets: [], events: [], segments: [],
    containers: [], parameterConfigurations: [], remoteConfigParameters: [], inAppMessages: [],
    ...parts,
  }
}

/** A bucket whose whole range maps to one variation id. */
export const fullBucket = (id: number, variationId: number, seed = 1) => ({
  id, seed, slotSize: 10000, slots: [{ startInclusive: 0, endExclusive: 10000, variationId }],
})
