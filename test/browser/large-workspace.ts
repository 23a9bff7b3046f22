// A config of a given size that decides like the example workspace: the example's experiments, flag and remote
// config untouched, plus as many extra running experiments (own keys, ids and buckets) as it takes.
import { EXAMPLE_WORKSPACE } from './harness'

export function largeWorkspaceText(bytes: number): string {
  const workspace = structuredClone(EXAMPLE_WORKSPACE)
  const template = EXAMPLE_WORKSPACE.experiments[0]
  const bucket = EXAMPLE_WORKSPACE.buckets[0]
  const oneSize = JSON.stringify(template).length + JSON.stringify(bucket).length + 40
  const count = Math.ceil((bytes - JSON.stringify(workspace).length) / oneSize)
  for (let i = 0; i < count; i++) {
    const id = 100_000 + i
    workspace.experiments.push({
      ...structuredClone(template),
      id,
      key: 10_000 + i,
      bucketId: 500_000 + i,
      variations: [
        { id: 1_000_000 + 2 * i, key: 'A', status: 'ACTIVE' },
        { id: 1_000_001 + 2 * i, key: 'B', status: 'ACTIVE', parameterConfigurationId: 51 },
      ],
      execution: {
        ...structuredClone(template.execution),
        userOverrides: [],
        segmentOverrides: [],
        defaultRule: { type: 'BUCKET', bucketId: 500_000 + i },
      },
    })
    workspace.buckets.push({
      id: 500_000 + i,
      seed: 1000 + i,
      slotSize: 10000,
      slots: [
        { startInclusive: 0, endExclusive: 5000, variationId: 1_000_000 + 2 * i },
        { startInclusive: 5000, endExclusive: 10000, variationId: 1_000_001 + 2 * i },
      ],
    })
    workspace.events.push({ id: 2_000_000 + i, key: `event_${i}` })
  }
  return JSON.stringify(workspace)
}
