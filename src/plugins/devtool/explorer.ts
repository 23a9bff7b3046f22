import type { Decision, FeatureFlagDecision, ParameterConfig, EvaluationUser, Experiment, Kernel } from '../../kernel'
import type { EvaluationOptions } from '../../internal'
import type { OverrideOperation } from '../manual-overrides'
import { tools } from './tools'
import { explorerExperiment, type ExplorerExperiment } from './experiment-view'

/** The reference's user explorer: what its DevTool package calls to list decisions and to set or reset overrides. */
export interface UserExplorer {
  /** The current user as decisions see it. */
  currentUser(): EvaluationUser
  /**
   * Every A/B test of the workspace with the current user's decision (default `A`, overrides applied; no events).
   * Empty before a workspace is loaded.
   */
  getAbTestDecisions(): Array<[ExplorerExperiment, Decision]>
  /** The A/B-test overrides set on this device: experiment id → variation id. */
  getAbTestOverrides(): Map<number, number>
  /** Overrides the experiment's variation on this device (a non-numeric id is warned about and changes nothing). */
  setAbTestOverride(experiment: { id: number }, variationId: number): void
  /** Removes the experiment's override. */
  resetAbTestOverride(experiment: { id: number }): void
  /** Removes every A/B-test override. */
  resetAllAbTestOverride(): void
  /** Every feature flag with the current user's decision (overrides applied; no events). */
  getFeatureFlagDecisions(): Array<[ExplorerExperiment, FeatureFlagDecision]>
  /** The feature-flag overrides set on this device: flag id → variation id. */
  getFeatureFlagOverrides(): Map<number, number>
  /** Overrides the flag's variation on this device (a non-numeric id is warned about and changes nothing). */
  setFeatureFlagOverride(experiment: { id: number }, variationId: number): void
  /** Removes the flag's override. */
  resetFeatureFlagOverride(experiment: { id: number }): void
  /** Removes every feature-flag override. */
  resetAllFeatureFlagOverride(): void
}

type Kind = 'ab' | 'ff'
/** An override list: A/B tests, flags (the reference's) or remote-config parameters (hackle-kit's). */
export type OverrideKind = Kind | 'rc'

/**
 * Rewrites one override list: `update` gets its text and returns the new text (null removes the cookie). Then tells
 * the overrides and the subscribers (`kernel.invalidate`) and, for the reference's lists, the plugins following
 * override changes (`overrideChanged`: monitoring, whose metric the reference sends for A/B tests and flags only).
 */
export function changeOverrides(kernel: Kernel, kind: OverrideKind, operation: OverrideOperation, update: ((text: string | null) => string) | null): void {
  const cookies = kernel.storage.cookies
  const name = tools.manualOverrideKey(kernel.sdkKey, kind)
  if (update) cookies.set(name, update(cookies.get(name)))
  else cookies.remove(name)
  kernel.invalidate()
  if (kind !== 'rc') tools.getManualOverrideHooks(kernel).overrideChanged.call({ type: kind === 'ab' ? 'AB_TEST' : 'FEATURE_FLAG', operation })
}

/**
 * The explorer over a kernel. Decisions are evaluated for the current user with default variation `A`, manual
 * overrides applied, and make no events and no `decided` notifications; an experiment whose evaluation throws is listed
 * with the default and reason `EXCEPTION`. Overrides are written to the cookies the manual-overrides plugin reads; each
 * change invalidates the client's answers, which makes that plugin read them again.
 */
export function createExplorer(kernel: Kernel): UserExplorer {
  const options: EvaluationOptions = { manualOverride: (experiment) => kernel.hooks.overrideVariation.call(experiment) }
  const cookies = kernel.storage.cookies

  function decisions<D>(pick: 'experiments' | 'featureFlags', decide: (variationKey: string, reason: string, config: ParameterConfig, view: ExplorerExperiment) => D) {
    const ws = kernel.workspaces.current()
    if (!ws) return []
    const user = kernel.users.resolve()
    return [...ws[pick].values()].map((experiment: Experiment): [ExplorerExperiment, D] => {
      const view = explorerExperiment(experiment)
      try {
        const evaluation = tools.evaluateInContext(tools.createContext(ws, user, options), experiment, 'A')
        return [view, decide(evaluation.variationKey, evaluation.reason, new tools.ParameterConfig(evaluation.config), view)]
      } catch (error) {
        kernel.logger.error(`Unexpected exception while deciding experiment[${experiment.key}] for the user explorer: ${String(error)}`)
        return [view, decide('A', 'EXCEPTION', new tools.ParameterConfig(), view)]
      }
    })
  }

  const overrides = (kind: Kind) => {
    const result = new Map<number, number>()
    for (const [key, value] of tools.overrideEntries(cookies.get(tools.manualOverrideKey(kernel.sdkKey, kind)))) {
      const experimentId = tools.asNumber(key)
      const variationId = tools.asNumber(value)
      // As the reference: negative experiment ids are skipped, negative variation ids are kept.
      if (experimentId === undefined || experimentId < 0 || variationId === undefined) continue
      result.set(experimentId, variationId)
    }
    return result
  }

  const change = (kind: Kind, operation: OverrideOperation, update: ((text: string | null) => string) | null) =>
    changeOverrides(kernel, kind, operation, update)
  /** The experiment's id as list key; undefined (warned) for anything without a numeric id. */
  const idOf = (experiment: { id: number } | null | undefined) => {
    if (typeof experiment?.id === 'number') return String(experiment.id)
    kernel.logger.warn('The user explorer needs an experiment with a numeric id: nothing changed')
    return undefined
  }
  const set = (kind: Kind) => (experiment: { id: number }, variationId: number) => {
    const id = idOf(experiment)
    if (id === undefined) return
    if (typeof variationId !== 'number') return kernel.logger.warn('The user explorer needs a numeric variation id: nothing changed')
    change(kind, 'set', (text) => tools.withOverride(text, id, String(variationId)))
  }
  const reset = (kind: Kind) => (experiment: { id: number }) => {
    const id = idOf(experiment)
    if (id !== undefined) change(kind, 'reset', (text) => tools.withoutOverride(text, id))
  }

  return {
    currentUser: () => kernel.users.resolve(),
    getAbTestDecisions: () => decisions('experiments', (variation, reason, config, view) => new tools.Decision(variation, reason, config, view)),
    getAbTestOverrides: () => overrides('ab'),
    setAbTestOverride: set('ab'),
    resetAbTestOverride: reset('ab'),
    resetAllAbTestOverride: () => change('ab', 'reset.all', null),
    getFeatureFlagDecisions: () =>
      decisions('featureFlags', (variation, reason, config, view) => new tools.FeatureFlagDecision(variation !== 'A', reason, config, view)),
    getFeatureFlagOverrides: () => overrides('ff'),
    setFeatureFlagOverride: set('ff'),
    resetFeatureFlagOverride: reset('ff'),
    resetAllFeatureFlagOverride: () => change('ff', 'reset.all', null),
  }
}
