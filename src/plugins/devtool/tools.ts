import type { Decision, FeatureFlagDecision, ParameterConfig } from '../../kernel'
import type { createContext, evaluateInContext, evaluateRemoteConfig, manualOverrideKey } from '../../internal'
import type { asNumber, getManualOverrideHooks, overrideEntries, withOverride, withoutOverride } from '../manual-overrides'
import type { getInAppMessageHooks } from '../in-app-messages/hooks'

/**
 * What the lazily loaded part of the DevTool (explorer, panel data) uses of the client and the other plugins. It
 * takes these from the first load (`toolbox.ts`, handed over when it loads) instead of importing them: a module both
 * parts imported would become a chunk of its own in an app's bundle, which the page would then load first as a second
 * file (gzip compresses two files worse than one). So the lazy modules import nothing from outside the devtool plugin
 * at run time (types only).
 */
export interface DevtoolTools {
  Decision: typeof Decision
  FeatureFlagDecision: typeof FeatureFlagDecision
  ParameterConfig: typeof ParameterConfig
  createContext: typeof createContext
  evaluateInContext: typeof evaluateInContext
  evaluateRemoteConfig: typeof evaluateRemoteConfig
  manualOverrideKey: typeof manualOverrideKey
  asNumber: typeof asNumber
  overrideEntries: typeof overrideEntries
  withOverride: typeof withOverride
  withoutOverride: typeof withoutOverride
  getManualOverrideHooks: typeof getManualOverrideHooks
  getInAppMessageHooks: typeof getInAppMessageHooks
}

/** The toolbox handed over by the first load; set before any lazy module runs. */
export let tools: DevtoolTools

export function useTools(given: DevtoolTools): void {
  tools = given
}
