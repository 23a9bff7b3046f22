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
  transportOf,
  uuid,
} from '../../internal'

/**
 * The first load's toolbox for the lazily loaded in-app engine and view (see `tools.ts`, whose `InAppTools` is this object's type): the client's own functions
 * and classes (in the script-tag build too, whose in-app script has no copies of its own).
 */
export const inAppTools = {
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
  transportOf,
  uuid,
}
