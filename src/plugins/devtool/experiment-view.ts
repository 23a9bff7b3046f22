import type { Experiment } from '../../kernel'

/**
 * An experiment or flag as the reference's DevTool reads it: the reference's `Experiment` fields (`variations` with
 * `isDropped`, `config` and `parameters`). Built once per parsed experiment.
 */
export interface ExplorerExperiment {
  readonly id: number
  readonly key: number
  readonly type: string
  readonly identifierType: string
  readonly status: string
  readonly version: number
  readonly executionVersion: number
  readonly variations: ReadonlyArray<{ id: number; key: string; isDropped: boolean; config: unknown; parameters: Record<string, string | number | boolean> }>
  readonly userOverrides: ReadonlyMap<unknown, number>
  readonly segmentOverrides: readonly unknown[]
  readonly targetAudiences: readonly unknown[]
  readonly targetRules: readonly unknown[]
  readonly defaultRule: unknown
  readonly containerId?: number
  readonly implementationType: string
  readonly winnerVariationId?: number
}

const views = new WeakMap<Experiment, ExplorerExperiment>()

export function explorerExperiment(experiment: Experiment): ExplorerExperiment {
  let view = views.get(experiment)
  if (!view) {
    const { request: _request, variations, ...fields } = experiment
    view = {
      ...fields,
      variations: variations.map(({ id, key, dropped, config, parameters }) => ({ id, key, isDropped: dropped, config, parameters })),
    }
    views.set(experiment, view)
  }
  return view
}
