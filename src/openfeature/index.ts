/**
 * `hackle-kit/openfeature`: an OpenFeature web provider (`@openfeature/web-sdk`, an optional peer dependency)
 * answered by a hackle-kit client. The provider is also the plugin that connects it to the client.
 */
export { HackleProvider, type HackleProviderOptions } from './provider'
export type { HackleFlagSource } from './keys'
export type { TargetingKeyField } from './context'
