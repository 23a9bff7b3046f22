import { resolveConfig, type HackleConfig } from './config'
import { createHooks, type KernelHooks } from './hooks'
import { hookHosts, isolateHooks, type HookHost } from './isolate'
import { createLogger, describeError } from './logger'
import { dedupePlugins, type ClientOf, type Kernel, type PluginList } from './plugin'
import { createPluginHost } from './plugin-host'
import { replayLastCall } from './replay'
import { createChanges } from './changes'
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
import type { AnyHook } from './tapable'
import { shallowEqual } from './util/object'

/** The client of `createKernel(key, { plugins: P })`: without a known plugin list, the kernel's methods only. */
export type ClientFor<P extends PluginList> = PluginList extends P ? HackleClient : ClientOf<P>

/** `createKernel`'s options: the kernel's own (`HackleConfig`) and the plugins. */
export interface KernelConfig<P extends PluginList = PluginList> extends HackleConfig {
  /** Plugins to apply, in order; a later plugin with the same name replaces an earlier one. */
  plugins?: P
}

const COOKIE_DAYS = 3650

/**
 * Creates a client from the kernel and the given plugins (`config.plugins`; a later plugin of the same name replaces
 * an earlier one). A bad key, bad option values or a failing plugin are logged and the client still answers with safe
 * defaults. Options the page's code cannot read (a throwing getter, a throwing Proxy) are logged and ignored: the
 * client starts with the defaults and no plugins.
 */
export function createKernel<const P extends PluginList>(sdkKey: string, input?: KernelConfig<P>): ClientFor<P> {
  let config: ReturnType<typeof resolveConfig>
  let list: ReturnType<typeof dedupePlugins>
  try {
    config = resolveConfig(input)
    list = dedupePlugins(input?.plugins ?? [])
  } catch (error) {
    config = resolveConfig(undefined)
    list = []
    createLogger(config).error(`Invalid config ignored: ${describeError(error)}`)
  }
  const hooks: KernelHooks = createHooks()
  const logger = createLogger(config, (level) => hooks.logged.call(level))
  const key = typeof sdkKey === 'string' ? sdkKey : ''
  if (!key) logger.error(`invalid sdk key: '${String(sdkKey)}' (expected: not null, not undefined and not empty string)`)

  // The storage seam (`PluginDefinition.storage`): settled before anything is read or stored.
  let storage: Storage | void
  for (const plugin of list) {
    try {
      storage ||= plugin.storage?.(key)
    } catch (error) {
      logger.error(`Failed to apply plugin [${plugin.name}]: ${describeError(error)}`)
    }
  }
  storage ||= {
    cookies: createCookieStore({ days: COOKIE_DAYS, sameSite: config.sameSiteCookie, secure: config.secureCookie }, logger.warn),
  }
  const hackleDeviceId = resolveHackleDeviceId(storage.cookies)

  const host: HookHost = { logger, failed: hooks.pluginFailed }
  isolateHooks(hooks, '', host)
  hookHosts.set(hooks, host)
  const changes = createChanges(logger)
  const { invalidate } = changes

  const userManager = createUserManager({
    sdkKey: key,
    hackleDeviceId,
    cookies: storage.cookies,
    initialUser: config.user,
    // A different user is announced on `userChanged` (its ids already saved). Answers may change with a different user,
    // another `id` or identifiers (bucketing keys) or new properties; the same user again (a decision's user argument)
    // changes nothing, so decisions wake no one.
    onReplaced(previous, current) {
      const changed = !isSameUser(previous, current)
      if (changed) hooks.userChanged.call(previous, current, Date.now())
      if (changed || previous.id !== current.id || !shallowEqual(previous.properties, current.properties) || !shallowEqual(previous.identifiers, current.identifiers)) invalidate()
    },
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

  const stream = createEventStream(hooks, logger, config.exposureEventDedupIntervalMillis, () => closed)
  const emitTrack = createTracker(stream, logger, workspaces.current)
  const pending: Promise<unknown>[] = []
  let teardowns: Array<() => void> = []
  const client: HackleClient = createClient({
    emitTrack,
    logger,
    users,
    decisions: createDecisions(hooks, logger, workspaces.current, stream),
    workspace: workspaces.current,
    // Settles after the plugins' start-up work (config fetch), with whether a workspace is available.
    initialization: Promise.resolve().then(async () => {
      await Promise.allSettled(pending)
      hooks.initialized.call(workspace !== undefined)
      return workspace !== undefined
    }),
    subscribe: changes.subscribe,
    version: changes.version,
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
      changes.clear()
      // Only plugins tap the kernel's hooks: dropping every tap releases them all.
      for (const hook of Object.values(hooks)) (hook as AnyHook).taps.length = 0
    },
  })

  const plugins = createPluginHost(list, client, logger, host)
  // Start-up state reaches plugins that listen late: after their `apply` while applying, at once afterwards.
  for (const hook of [hooks.workspaceLoaded, hooks.applied, hooks.initialized]) replayLastCall(hook, plugins.replays)

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
    emit: stream.emit,
    waitFor: (work) => void pending.push(work),
    extend: plugins.extendAs('a plugin'),
    has: plugins.has,
    plugins: plugins.names,
    invalidate,
  }
  if (config.workspaceConfig !== undefined) workspaces.set(config.workspaceConfig)

  teardowns = plugins.apply(kernel)
  if (hooks.answerCall.taps.length) {
    const methods = client as unknown as Record<string, (...args: unknown[]) => unknown>
    for (const name of Object.keys(methods)) {
      const run = methods[name]
      if (typeof run === 'function') methods[name] = (...args) => {
        const answer = hooks.answerCall.call(name, args, run)
        return answer ? answer.value : run(...args)
      }
    }
  }
  if (!workspace && !hooks.loadWorkspace.taps.length) {
    logger.warn('No workspace source: pass `workspaceConfig` or add sync()')
  }
  hooks.applied.call()
  return client as ClientFor<P>
}
