/** The script-tag build: `window.Hackle`, a drop-in for the reference SDK's UMD bundle. */
import defaultExport, {
  createInstance,
  getUserId,
  removeUserId,
  setUserId,
  Decision,
  DecisionReason,
  FeatureFlagDecision,
  ParameterConfig,
  Logger,
  EmptyParameterConfig,
  EmptyHackleRemoteConfig,
  RemoteConfigDecision,
  IdentifierType,
  IdentifiersBuilder,
  resolveIdentifiers,
  sanitizeUser,
  DefaultBrowserPropertyProvider,
} from './index'
import { setAppWebViewInAppMessageBridge } from './plugins/web-view-bridge'
import {
  PropertyOperationsBuilder,
  PropertyOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionOperations,
  HackleSubscriptionStatus,
} from './plugins/identity'
import { HackleSessionPersistConditions } from './plugins/sessions'
import { readUserAgentsAtOnce } from './plugins/properties/script-tag'

// One file to host: the script-tag build bundles the full user-agent parser and reads every user agent at once.
readUserAgentsAtOnce()

const Hackle = {
  createInstance,
  getUserId,
  setUserId,
  removeUserId,
  default: defaultExport,
  Logger,
  Decision,
  FeatureFlagDecision,
  DecisionReason,
  ParameterConfig,
  EmptyParameterConfig,
  EmptyHackleRemoteConfig,
  RemoteConfigDecision,
  IdentifierType,
  IdentifiersBuilder,
  resolveIdentifiers,
  sanitizeUser,
  DefaultBrowserPropertyProvider,
  setAppWebViewInAppMessageBridge,
  PropertyOperationsBuilder,
  PropertyOperations,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionOperations,
  HackleSubscriptionStatus,
  HackleSessionPersistConditions,
}

// Assigned explicitly, not left to the IIFE's `var`, so the API is global even when a tag manager or loader
// evaluates this file inside a function scope. The entry exports nothing: the bundler's export helper walks its
// exports with `for…in`, which an enumerable member on `Object.prototype` (an old library, a careless polyfill) turns
// into a throwing getter definition, and the whole file would fail to load.
if (typeof window !== 'undefined') (window as unknown as { Hackle: typeof Hackle }).Hackle = Hackle
