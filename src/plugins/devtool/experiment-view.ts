import type { Experiment } from '../../kernel'

/**
 * An experiment or flag as the reference's DevTool reads it: the reference's `Experiment` fields (`variations` with
 * `isDropped`, `config` and `parameters`). Built once per parsed experiment.
 */
export interface ExplorerExperiment {
  /** The experiment's id. */
  readonly id: number
  /** Its key. */
  readonly key: number
  /** `AB_TEST` or `FEATURE_FLAG`. */
  readonly type: string
  /** The identifier users are bucketed by. */
  readonly identifierType: string
  /** `DRAFT`, `RUNNING`, `PAUSED` or `COMPLETED`. */
  readonly status: string
  /** Its version. */
  readonly version: number
  /** The version of its running settings. */
  readonly executionVersion: number
  /** Its variations: id, key, whether dropped, parameter configuration and parameters. */
  readonly variations: ReadonlyArray<{ id: number; key: string; isDropped: boolean; config: unknown; parameters: Record<string, string | number | boolean> }>
  /** Identifier value → variation id, set on the dashboard. */
  readonly userOverrides: ReadonlyMap<unknown, number>
  /** Segment overrides (the parsed rules). */
  readonly segmentOverrides: readonly unknown[]
  /** The audience targets (parsed). */
  readonly targetAudiences: readonly unknown[]
  /** A flag's targeting rules (parsed). */
  readonly targetRules: readonly unknown[]
  /** What users no rule matched get (parsed). */
  readonly defaultRule: unknown
  /** Its mutual-exclusion container, if any. */
  readonly containerId?: number
  /** `DEFAULT`, `SPLIT_URL` or `IN_APP_MESSAGE`. */
  readonly implementationType: string
  /** A completed experiment's winner, if any. */
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
