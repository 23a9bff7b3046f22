/**
 * The built-in plugins' toolbox: transport, wire form, storage, storage keys, sanitizing, the page lifecycle and
 * the evaluation helpers plugins reuse. Internal: not a package entry, and free to change between versions. A plugin
 * outside this repository uses `hackle-kit/kernel` only.
 */
export { send, transportOf, WIRE_SDK_NAME, WIRE_SDK_VERSION, type Transport } from './transport'
export { toWireEvent, toWireBatch, type WireBatch, type WireEvent } from './wire'
export { watchPageLifecycle, isSafariBrowserName, isSafari, listen, type PageLifecycleListener } from './lifecycle'
export { createLocalStore, createMemoryStore, createCookieStore, registrableDomain } from '../kernel/storage'
export * from '../kernel/storage/keys'
export { sanitizeProperties, sanitizePropertyValue, MAX_ARRAY_LENGTH } from '../kernel/events/sanitize'
export { describeError, createLogger, sharedLogLevel } from '../kernel/logger'
export { sanitizeIdentifierValue, isValidIdentifierType, resolveIdentifiers, isSameUser, forEachIdentifier } from '../kernel/identity/user'
export { uuid } from '../kernel/util/uuid'
export { NO_DEDUP } from '../kernel/events/dedup'
export { splitUrlTargets, evaluateTargetMatch, parseTargets, anyTargetMatches, createContext, evaluateInContext, evaluateRemoteConfig } from '../kernel/evaluation'
export type { EvaluationContext, EvaluationOptions, ExperimentEvaluation, Target } from '../kernel/evaluation'
export { exposures as exposureEvents } from '../kernel/events/factory'
// The identity plugin's operation builders (public through it); the in-app view hands the same classes to HTML messages.
export { PropertyOperations, PropertyOperationsBuilder, type PropertyOperation } from './property-operations'
export { HackleSubscriptionOperations, HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus } from './subscriptions'
export { readPage, readHostname, readOr, readString, snapshotPage } from './page'
export { readPageCookie } from './cookies'
export { toJson } from './json'
// The page's own React for the views drawn with React (in-app renderer, DevTool panel), and its hand-over to their
// React-free chunks.
export { readPageReact, type UsablePageReact, type PageRoot } from './page-react/read'
export { setPageReact } from './page-react/holder'
export { useStoreWith, type StoreHooks } from './store-fallback'
export { styleAdopter } from './adopt-styles'
