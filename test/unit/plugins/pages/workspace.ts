// A small workspace config for the visitor-plugin tests: A/B tests decided by their default rule (TRAFFIC_ALLOCATED).
export interface TestExperiment {
  key: number
  status?: string
  /** The default rule's variation: 101 (A) or 102 (B). */
  variationId?: number
  implementationType?: string
  targetUrls?: unknown
}

export const experiment = ({ key, status = 'RUNNING', variationId = 102, implementationType = 'DEFAULT', targetUrls = null }: TestExperiment) => ({
  id: key * 10,
  key,
  status,
  version: 2,
  bucketId: 1,
  identifierType: '$id',
  implementationType,
  containerId: null,
  winnerVariationId: null,
  variations: [
    { id: 101, key: 'A', status: 'ACTIVE' },
    { id: 102, key: 'B', status: 'ACTIVE', parameterConfigurationId: 51 },
  ],
  execution: { status, version: 3, userOverrides: [], segmentOverrides: [], targetAudiences: [], targetRules: [], defaultRule: { type: 'VARIATION', variationId }, targetUrls },
})

/** URL targets: the page URL contains `part`. */
export const urlContains = (part: string) => ({
  match: [{ conditions: [{ key: { type: 'HACKLE_PROPERTY', name: 'url' }, match: { type: 'MATCH', operator: 'CONTAINS', valueType: 'STRING', values: [part] } }] }],
  notMatch: [],
})

export const workspaceConfig = (experiments: unknown[], options: { ga?: boolean; redirectUrl?: string } = {}) => ({
  workspace: { id: 1, environment: { id: 2 }, attributes: { integration_ga_experiment: options.ga ?? false } },
  experiments,
  featureFlags: [],
  buckets: [],
  events: [],
  segments: [],
  containers: [],
  parameterConfigurations: [{ id: 51, parameters: [{ key: 'redirectUrl', value: options.redirectUrl ?? '' }] }],
  remoteConfigParameters: [],
  inAppMessages: [],
})
