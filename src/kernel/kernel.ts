import { resolveConfig, type HackleConfig } from './config'
import { createHooks, type KernelHooks } from './hooks'
import { hookHosts, isolateHooks, type HookHost } from './isolate'
import { createLogger, describeError } from './logger'
import { dedupePlugins, type ClientOf, type Kernel, type PluginList } from './plugin'
import { createCookieStore, type Storage } from './storage'
import { resolveHackleDeviceId } from './identity/device-id'
import { isSameUser } from './identity/user'
import { createUserManager } from './identity/user-manager'
import { createDecisions } from './decisions'
import { createClient, createTracker } from './client'
import { createEventStream } from './events/stream'
import { parseWorkspace, type Workspace } from './evaluation'
import type { PageSnapshot } from './contract'
import type { HackleClient } from './client-types'
import type { AnyHook, Tap } from './tapable'
import type { Properties } from './types'
import { isObject } from './util/object'

export interface KernelConfig<P extends PluginList = PluginList> extends HackleConfig {
  /** Plugins to apply, in order; a later plugin with the same name replaces an earlier one. */
  plugins?: P
}

const COOKIE_DAYS = 3650

const sameProperties = (a: Properties | undefined, b: Properties | undefined): boolean => {
  if (a === b) return true
  const keys = Object.keys(a ?? {})
  return keys.length === Object.keys(b ?? {}).length && keys.every((key) => a![key] === b![key])
}

/**
 * Makes a hook remember its last call: a tap added afterwards hears it once, at once, or (while a plugin applies)
 * when that plugin's `apply` has finished. A tap that already heard a newer call is not called again.
 */
function remember(hook: AnyHook, defer: () => Array<() => void> | undefined): void {
  let calling: unknown[] | undefined
  let last: unknown[] | undefined
  hook.intercept({
    call: (...args: unknown[]) => void (calling = args),
    done: () => void (last = calling),
    register(tap: Tap) {
      const args = last
      if (args) {
        const replay = () => last === args && tap.fn(...args)
        const queue = defer()
        queue ? queue.push(replay) : replay()
      }
      return tap
    },
  })
}

/**
 * Creates a client from the kernel and the given plugins. Nothing here throws: a bad key, bad options or a
 * failing plugin are logged and the client still answers with safe defaults.
 */
export function createKernel<const P extends PluginList = []>(sdkKey: string, input?: KernelConfig<P>): ClientOf<P> {
  const config = resolveConfig(input)
  const logger = createLogger({ debug: config.debug, disabled: config.logDisabled })
  const key = typeof sdkKey === 'string' ? sdkKey : ''
  if (!key) logger.error(`invalid sdk key: '${String(sdkKey)}' (expected: not null, not undefined and not empty string)`)

  const storage: Storage = {
    cookies: createCookieStore({ days: COOKIE_DAYS, sameSite: config.sameSiteCookie, secure: config.secureCookie }, logger.warn),
  }
  const hackleDeviceId = resolveHackleDeviceId(storage.cookies)

  const hooks: KernelHooks = createHooks()
  const host: HookHost = { logger }
  isolateHooks(hooks, '', host)
  host.failed = hooks.pluginFailed
  hookHosts.set(hooks, host)
  // Replays that wait for the applying plugin's `apply` to finish.
  let deferred: Array<() => void> | undefined
  for (const hook of [hooks.workspaceLoaded, hooks.applied, hooks.initialized]) remember(hook, () => deferred)

  // Answers may change: bump the version, notify subscribers once per microtask.
  let version = 0
  let notifying = false
  const listeners = new Set<() => void>()
  const invalidate = () => {
    version++
    if (notifying || !listeners.size) return
    notifying = true
    void Promise.resolve().then(() => {
      notifying = false
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch (error) {
          logger.error(`Unexpected exception in a subscriber: ${describeError(error)}`)
        }
      }
    })
  }

  const userManager = createUserManager({
    sdkKey: key,
    hackleDeviceId,
    cookies: storage.cookies,
    initialUser: config.user,
    onChanged: (previous, current, timestamp) => hooks.userChanged.call(previous, current, timestamp),
    // A different user, or new properties: answers may change. The same user again (a decision's user argument)
    // changes nothing, so subscribers are not woken by decisions.
    onReplaced: (previous, current) =>
      (!isSameUser(previous, current) || !sameProperties(previous.properties, current.properties)) && invalidate(),
    onInvalidIdentifier: (type, value) => logger.warn(`Invalid user identifier [type=${type}, value=${value}]`),
  })
  const users: Kernel['users'] = {
    ...userManager,
    hackleDeviceId,
    resolve: (user) => hooks.resolveUser.call(userManager.evaluationUser(user)),
  }

  let workspace: Workspace | undefined
  let workspaceConfig: Readonly<Record<string, unknown>> | undefined
  let closed = false
  const workspaces: Kernel['workspaces'] = {
    current: () => workspace,
    config: () => workspaceConfig,
    set(dto) {
      if (closed) return false
      try {
        workspace = parseWorkspace(dto, logger.debug)
      } catch (error) {
        logger.error(`Failed to set workspace: ${describeError(error)}`)
        return false
      }
      workspaceConfig = dto as Record<string, unknown>
      invalidate()
      hooks.workspaceLoaded.call(workspace, workspaceConfig)
      return true
    },
  }

  let page: PageSnapshot | undefined
  const pages: Kernel['pages'] = {
    current: () => page,
    set(next) {
      const previous = page
      page = next
      invalidate()
      hooks.pageChanged.call(next, previous)
    },
  }

  const stream = createEventStream(hooks, logger, config.exposureEventDedupIntervalMillis)
  const emitTrack = createTracker(stream, logger, () => workspace)
  const pending: Promise<unknown>[] = []
  const plugins = dedupePlugins(input?.plugins ?? [])
  const installed = new Set(plugins.map((plugin) => plugin.name))
  const teardowns: Array<() => void> = []
  const client: HackleClient = createClient({
    hooks,
    emitTrack,
    logger,
    users: userManager,
    decisions: createDecisions(hooks, logger, () => workspace, stream),
    workspace: () => workspace,
    // Settles after the plugins' start-up work (config fetch), with whether a workspace is available.
    initialization: Promise.resolve().then(async () => {
      await Promise.allSettled(pending)
      hooks.initialized.call(workspace !== undefined)
      return workspace !== undefined
    }),
    subscribe(listener) {
      if (typeof listener !== 'function') return () => undefined
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    version: () => version,
    close() {
      if (closed) return
      closed = true
      hooks.flush.call('close')
      hooks.closed.call()
      for (const teardown of teardowns.reverse()) {
        try {
          teardown()
        } catch (error) {
          logger.error(`Failed to tear down a plugin: ${describeError(error)}`)
        }
      }
      listeners.clear()
      // Only plugins tap the kernel's hooks: dropping every tap releases them all.
      for (const hook of Object.values(hooks)) (hook as AnyHook).taps.length = 0
    },
  })

  // Client methods added by plugins, by the plugin that added them.
  const methodOwners = new Map<string, string>()
  let addedMethods: string[] | undefined
  const extendAs = (plugin: string) => (methods: Record<string, unknown>) => {
    for (const [name, method] of Object.entries(isObject(methods) ? methods : {})) {
      if (typeof method !== 'function') continue
      const by = methodOwners.get(name)
      if (by !== plugin && (by || name in client)) {
        logger.warn(`Plugin [${plugin}] adds client method [${name}] that ${by ? `plugin [${by}]` : 'the kernel'} has`)
        continue
      }
      methodOwners.set(name, plugin)
      addedMethods?.push(name)
      ;(client as unknown as Record<string, unknown>)[name] = method
    }
  }

  const kernel: Kernel = {
    sdkKey: key,
    config,
    hooks,
    logger,
    storage,
    client,
    users,
    workspaces,
    pages,
    track: (event, { user, timestamp = Date.now() } = {}) => emitTrack(event, users.resolve(user), timestamp),
    waitFor: (work) => void pending.push(work),
    extend: extendAs('a plugin'),
    has: (name) => installed.has(name),
    invalidate,
  }
  if (config.workspaceConfig !== undefined) workspaces.set(config.workspaceConfig)

  for (const plugin of plugins) {
    const recorded: Array<[AnyHook, Tap]> = (host.recording = [])
    const replays: Array<() => void> = (deferred = [])
    const methods: string[] = (addedMethods = [])
    try {
      const teardown = plugin.apply({ ...kernel, extend: extendAs(plugin.name) })
      if (typeof teardown === 'function') teardowns.push(teardown)
    } catch (error) {
      logger.error(`Failed to apply plugin [${plugin.name}]: ${describeError(error)}`)
      // Undo everything it did: its taps on any hook, its client methods.
      for (const [hook, tap] of recorded) hook.taps.splice(hook.taps.indexOf(tap) >>> 0, 1)
      for (const name of methods) {
        methodOwners.delete(name)
        delete (client as unknown as Record<string, unknown>)[name]
      }
      installed.delete(plugin.name)
      replays.length = 0
    } finally {
      host.recording = deferred = addedMethods = undefined
    }
    for (const replay of replays) replay()
  }

  for (const plugin of plugins) {
    for (const required of Array.isArray(plugin.requires) ? plugin.requires : []) {
      if (installed.has(plugin.name) && !installed.has(required)) logger.warn(`Plugin [${plugin.name}] requires plugin [${required}], which is not installed`)
    }
  }
  if (!workspace && !hooks.loadWorkspace.taps.length) {
    logger.warn('No workspace source: pass `workspaceConfig` or add sync()')
  }
  hooks.applied.call()
  return client as ClientOf<P>
}
