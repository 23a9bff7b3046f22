import example from '../../fixtures/example-workspace.json'

/** `STOPPED` is the config's name for a completed test. */
type Status = 'RUNNING' | 'PAUSED' | 'STOPPED'

/** An A/B test or flag with variations A and B (ids `id*10+1`, `id*10+2`) whose default rule is bucket `bucketId`. */
function experiment(id: number, key: number, status: Status, bucketId: number, winner?: 'B') {
  return {
    id,
    key,
    status,
    version: 1,
    bucketId,
    identifierType: '$id',
    implementationType: 'DEFAULT',
    containerId: null,
    winnerVariationId: winner ? id * 10 + 2 : null,
    variations: [
      { id: id * 10 + 1, key: 'A', status: 'ACTIVE' },
      { id: id * 10 + 2, key: 'B', status: 'ACTIVE' },
    ],
    execution: {
      status,
      version: 1,
      userOverrides: [],
      segmentOverrides: [],
      targetAudiences: [],
      targetRules: [],
      defaultRule: { type: 'BUCKET', bucketId },
      targetUrls: null,
    },
  }
}

/** A bucket whose every slot is `variationId`. */
const allTo = (id: number, variationId: number) => ({ id, seed: id, slotSize: 10000, slots: [{ startInclusive: 0, endExclusive: 10000, variationId }] })

function parameter(id: number, key: string, type: string, value: unknown) {
  return { id, key, type, identifierType: '$id', targetRules: [], defaultValue: { id: id * 10, value } }
}

/**
 * The example workspace (A/B test 1, flag 5 on for `grade: gold` else off, remote config `banner_text` "Hello" or
 * "Hello, gold member" for gold users) plus:
 * - A/B test 2 RUNNING with every user in B; A/B test 3 PAUSED; A/B test 4 completed with winner B;
 * - flag 6 PAUSED (inactive);
 * - remote config `max_items` (NUMBER 10), `dark_mode` (BOOLEAN true), `layout` (JSON object), `broken_json` (JSON
 *   type, not JSON text), `json_number` (JSON `42`).
 */
export function testWorkspace() {
  return {
    ...example,
    // no Google Analytics forwarding (the test page has no gtag)
    workspace: { ...example.workspace, attributes: {} },
    experiments: [...example.experiments, experiment(12, 2, 'RUNNING', 34), experiment(13, 3, 'PAUSED', 34), experiment(14, 4, 'STOPPED', 34, 'B')],
    featureFlags: [...example.featureFlags, experiment(22, 6, 'PAUSED', 32)],
    buckets: [...example.buckets, allTo(34, 122)],
    remoteConfigParameters: [
      ...example.remoteConfigParameters,
      parameter(72, 'max_items', 'NUMBER', 10),
      parameter(73, 'dark_mode', 'BOOLEAN', true),
      parameter(74, 'layout', 'JSON', '{"columns":3,"theme":"light"}'),
      parameter(75, 'broken_json', 'JSON', '{columns: 3'),
      parameter(76, 'json_number', 'JSON', '42'),
    ],
  }
}

/** The test workspace with flag 5's default rule turned on for everyone (bucket 35: all B) and `max_items` 20. */
export function changedWorkspace() {
  const base = testWorkspace()
  return {
    ...base,
    featureFlags: base.featureFlags.map((flag) =>
      flag.key === 5 ? { ...flag, execution: { ...flag.execution, defaultRule: { type: 'BUCKET', bucketId: 35 } } } : flag,
    ),
    buckets: [...base.buckets, allTo(35, 202)],
    remoteConfigParameters: base.remoteConfigParameters.map((p) => (p.key === 'max_items' ? { ...p, defaultValue: { id: 721, value: 20 } } : p)),
  }
}
