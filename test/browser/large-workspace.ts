// A config of a given size that decides like the example workspace: the example's experiments, flag and remote
// config untouched, plus as many extra running experiments (own keys, ids, buckets and events) as the size takes.
import { EXAMPLE_WORKSPACE } from './harness'

/** Adds the `i`-th extra experiment with its bucket and event. */
function addExperiment(workspace: any, i: number): void {
  const template = EXAMPLE_WORKSPACE.experiments[0]
  const bucketId = 500_000 + i
  const variationIds = [1_000_000 + 2 * i, 1_000_001 + 2 * i]
  workspace.experiments.push({
    ...structuredClone(template),
    id: 100_000 + i,
    key: 10_000 + i,
    bucketId,
    variations: [
      { id: variationIds[0], key: 'A', status: 'ACTIVE' },
      { id: variationIds[1], key: 'B', status: 'ACTIVE', parameterConfigurationId: 51 },
    ],
    execution: { ...structuredClone(template.execution), userOverrides: [], segmentOverrides: [], defaultRule: { type: 'BUCKET', bucketId } },
  })
  workspace.buckets.push({
    id: bucketId,
    seed: 1000 + i,
    slotSize: 10000,
    slots: [
      { startInclusive: 0, endExclusive: 5000, variationId: variationIds[0] },
      { startInclusive: 5000, endExclusive: 10000, variationId: variationIds[1] },
    ],
  })
  workspace.events.push({ id: 2_000_000 + i, key: `event_${i}` })
}

/** The JSON text of the example workspace grown to at least `bytes` characters. */
export function largeWorkspaceText(bytes: number): string {
  const workspace = structuredClone(EXAMPLE_WORKSPACE)
  const base = JSON.stringify(workspace).length
  addExperiment(workspace, 0)
  const share = JSON.stringify(workspace).length - base
  const count = Math.ceil((bytes - base) / share) + 1
  for (let i = 1; i < count; i++) addExperiment(workspace, i)
  return JSON.stringify(workspace)
}
