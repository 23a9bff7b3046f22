import { afterEach, beforeAll } from 'vitest'
import { OpenFeature, type ProviderEvents } from '@openfeature/web-sdk'
import { createInstance, type FullHackleClient, type InstanceConfig } from '../../../src'
import type { Kernel, Plugin, SdkEvent } from '../../../src/kernel'
import { HackleProvider, type HackleProviderOptions } from '../../../src/openfeature'
import { SDK_KEY, SDK_URL, useWorkspaceServer } from '../client/helpers'

/** A plugin that hands the test the kernel and records every event that passed the stream. */
function probe() {
  const seen = { kernel: undefined as Kernel | undefined, events: [] as SdkEvent[] }
  const plugin: Plugin = {
    name: 'probe',
    apply(kernel) {
      seen.kernel = kernel
      kernel.hooks.eventAccepted.tap('probe', (event) => void seen.events.push(event))
    },
  }
  return { seen, plugin }
}

/** Resolves with the first event of `type` that OpenFeature announces. */
export const nextEvent = (type: ProviderEvents) =>
  new Promise<void>((resolve) => {
    const handler = () => {
      OpenFeature.removeHandler(type, handler)
      resolve()
    }
    OpenFeature.addHandler(type, handler)
  })

/**
 * The msw-served workspace (`server.status`, `server.body`) and `start(options, extra, config)`: a preset client
 * (`config` options) with a fresh HackleProvider, a probe and the `extra` plugins. After each test OpenFeature is reset (providers, handlers, context) and
 * the client closed. OpenFeature's own logs are silenced (errors of evaluations are what the tests look at).
 */
export function useOpenFeatureHarness() {
  const server = useWorkspaceServer()
  let hackle: FullHackleClient | undefined

  beforeAll(() => {
    OpenFeature.setLogger({ error() {}, warn() {}, info() {}, debug() {} })
  })

  afterEach(async () => {
    await OpenFeature.clearProviders()
    OpenFeature.clearHandlers()
    await OpenFeature.setContext({})
    hackle?.close()
    hackle = undefined
  })

  function start(options?: HackleProviderOptions, extra: Plugin[] = [], config: InstanceConfig = {}) {
    const provider = new HackleProvider(options)
    const { seen, plugin } = probe()
    const client: FullHackleClient = createInstance(SDK_KEY, { ...config, sdkUrl: SDK_URL, eventUrl: SDK_URL, plugins: [provider, plugin, ...extra] })
    hackle = client
    return { provider, seen, hackle: client }
  }

  return { server, start }
}
