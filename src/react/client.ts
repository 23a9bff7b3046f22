import * as React from 'react'
import { createInstance as createFullInstance, type FullHackleClient, type InstanceConfig, type Plugin, type PluginList, type PresetPlugins, type User } from '../index'
import { createEmitter, type Emitter } from './emitter'
import { describeClient } from './store'
import { isSameUser } from './user-equality'

/** The events of the React client (the reference's): `user-updated` after a user call changed the user. */
export interface HackleReactSDKClientEventMap {
  /** The user a user call left (null when there is none). */
  'user-updated': User | null
  [event: string]: unknown
}

/**
 * The client of `hackle-kit/react`'s `createInstance`: the full client with the reference React client's
 * `on` / `off` / `emit`.
 */
export type HackleReactSDKClient = FullHackleClient & Emitter<HackleReactSDKClientEventMap>

/** `createInstance`'s options: hackle-kit's (`workspaceConfig` for server rendering, `plugins`, …). */
export type HackleReactConfig = InstanceConfig & {
  /** Plugins added after the preset's, or a function that edits the preset's list (as `hackle-kit`'s `createInstance`). */
  plugins?: PluginList | ((defaults: PresetPlugins) => PluginList)
  /**
   * The app's `react-dom` module (`import * as ReactDOM from 'react-dom'`). With it, in-app messages and the DevTool
   * panel draw with the app's React (this entry's `react`, 17 or later) instead of loading chunks that bundle a
   * second copy; its version must be the same as `react`'s. (This entry never imports `react-dom` itself: React 19
   * mounts only through `react-dom/client`, which React 17 does not have.)
   */
  reactDom?: object
  /** The app's `react-dom/client` module: React 18 and later (React 19 needs it; without it, the legacy `render`). */
  reactDomClient?: object
}

/** The user calls that announce `user-updated` (the reference React client's list). */
const USER_CALLS = ['setUser', 'setUserId', 'setDeviceId', 'setUserProperty', 'setUserProperties', 'updateUserProperties', 'resetUser'] as const

/** Sees the kernel's workspace of the clients this entry makes, keyed by the client `createInstance` returned. */
const workspaceProbes = new WeakMap<object, () => boolean>()

/**
 * This entry's plugin: sees the kernel's workspace, and answers `hooks.pageReact` with the app's React (this entry's
 * `react`) and the `react-dom` modules `createInstance` was given (none: no answer).
 */
const bindings = (reactDom: object | undefined, reactDomClient: object | undefined): Plugin => ({
  name: 'react-bindings',
  apply(kernel) {
    workspaceProbes.set(kernel.client, () => kernel.workspaces.current() !== undefined)
    if (reactDom) kernel.hooks.pageReact.tap('react-bindings', () => ({ react: React, reactDom, reactDomClient }))
  },
})

function withBindings(plugins: HackleReactConfig['plugins'], added: Plugin): (defaults: PresetPlugins) => PluginList {
  return (defaults) => {
    const chosen = typeof plugins === 'function' ? plugins(defaults) : [...defaults, ...(Array.isArray(plugins) ? plugins : [])]
    return [...(Array.isArray(chosen) ? chosen : defaults), added]
  }
}

/**
 * The name the reference React SDK gives the Hackle servers (the `X-HACKLE-SDK-NAME` header of every request and the
 * `sdkName` field of every beacon; its version, 11.56.1, is the browser SDK's). Like the reference's, it wins over an
 * `sdkName` in the options.
 */
const REACT_SDK_NAME = 'react-sdk'

/** One React client per running client: asking again (a render, StrictMode) gives the same object. */
const reactClients = new WeakMap<object, HackleReactSDKClient>()

/**
 * The reference React SDK's `createInstance`: the full client (one per SDK key, as `hackle-kit`'s) with `on` / `off` /
 * `emit`. A client made with `workspaceConfig` answers from the first render, on the server and in the browser.
 * Its requests and beacons name the SDK `react-sdk`, as the reference React SDK's do (an `sdkName` in `config` is
 * overridden). A key whose client `hackle-kit`'s `createInstance` already made
 * gets that running client, which keeps the browser SDK's name. Never throws: unreadable options give the defaults.
 */
export function createInstance(sdkKey: string, config?: HackleReactConfig): HackleReactSDKClient {
  const options = config !== null && typeof config === 'object' ? config : {}
  let plugins: HackleReactConfig['plugins']
  let fromWorkspaceConfig = false
  let reactDom: object | undefined
  let reactDomClient: object | undefined
  try {
    plugins = options.plugins
    fromWorkspaceConfig = options.workspaceConfig !== undefined && options.workspaceConfig !== null
    ;({ reactDom, reactDomClient } = options)
  } catch {
    // unreadable options: createInstance reports them and starts with the defaults
  }
  const client = createFullInstance(sdkKey, { ...spreadable(options), sdkName: REACT_SDK_NAME, plugins: withBindings(plugins, bindings(reactDom, reactDomClient)) }) as unknown as FullHackleClient
  const running = reactClients.get(client)
  if (running) return running
  const reactClient = wrap(client)
  reactClients.set(client, reactClient)
  describeClient(reactClient, workspaceProbes.get(client) ?? (() => false), fromWorkspaceConfig)
  return reactClient
}

/** The options' own readable fields (a throwing getter or a Proxy gives `{}`; `createInstance` then logs). */
function spreadable(options: object): InstanceConfig {
  try {
    return { ...options }
  } catch {
    return {}
  }
}

/**
 * The React client: inherits every method of `client` (methods a plugin adds later included) and adds the
 * emitter. The user calls announce `user-updated` when the user differs from the last one announced: on the next
 * microtask (never inside a render that applied a provider's user) and at the latest when their promise settles.
 */
function wrap(client: FullHackleClient): HackleReactSDKClient {
  const emitter = createEmitter<HackleReactSDKClientEventMap>()
  let announced: User | null = null
  const announce = () => {
    const user = client.getUser()
    if (isSameUser(announced, user)) return
    announced = user
    emitter.emit('user-updated', user)
  }
  const reactClient = Object.create(client) as HackleReactSDKClient & Record<string, unknown>
  Object.assign(reactClient, emitter)
  for (const name of USER_CALLS) {
    const call = (client as unknown as Record<string, (...args: unknown[]) => Promise<void>>)[name]
    if (typeof call !== 'function') continue
    reactClient[name] = (...args: unknown[]) => {
      const done = call(...args)
      void Promise.resolve().then(announce)
      return Promise.resolve(done).then(announce)
    }
  }
  return reactClient
}
