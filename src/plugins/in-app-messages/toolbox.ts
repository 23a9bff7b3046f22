import {
  anyTargetMatches,
  createContext,
  createLocalStore,
  describeError,
  evaluateInContext,
  exposureEvents,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus,
  inAppDelayKey,
  inAppHideKey,
  inAppImpressionKey,
  parseTargets,
  PropertyOperationsBuilder,
  resolveIdentifiers,
  sdkHeaders,
  transportOf,
  uuid,
} from '../../internal'
import type { InAppTools } from './tools'

/**
 * The first load's toolbox for the lazily loaded in-app engine and view (see `tools.ts`): the client's own functions
 * and classes (in the script-tag build too, whose in-app script has no copies of its own).
 */
export const inAppTools: InAppTools = {
  anyTargetMatches,
  createContext,
  createLocalStore,
  describeError,
  evaluateInContext,
  exposureEvents,
  HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus,
  inAppDelayKey,
  inAppHideKey,
  inAppImpressionKey,
  parseTargets,
  PropertyOperationsBuilder,
  resolveIdentifiers,
  sdkHeaders,
  transportOf,
  uuid,
}
