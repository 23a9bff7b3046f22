import { Decision, FeatureFlagDecision, ParameterConfig } from '../../kernel'
import { createContext, evaluateInContext, evaluateRemoteConfig, manualOverrideKey } from '../../internal'
import { asNumber, getManualOverrideHooks, overrideEntries, withOverride, withoutOverride } from '../manual-overrides'
import { getInAppMessageHooks } from '../in-app-messages/hooks'

/**
 * The first load's toolbox for the DevTool's lazy part (see `tools.ts`, whose `DevtoolTools` is this object's type):
 * the client's own functions and classes.
 */
export const devtoolTools = {
  Decision,
  FeatureFlagDecision,
  ParameterConfig,
  createContext,
  evaluateInContext,
  evaluateRemoteConfig,
  manualOverrideKey,
  asNumber,
  overrideEntries,
  withOverride,
  withoutOverride,
  getManualOverrideHooks,
  getInAppMessageHooks,
}
