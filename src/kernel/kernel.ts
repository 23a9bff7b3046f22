import { resolveConfig, type HackleConfig } from './config'
import { createHooks } from './hooks'
import { isolateHook, pluginErrorReporter } from './isolate'
import { createLogger, describeError } from './logger'
import { dedupePlugins, type Kernel, type Plugin } from './plugin'
import { createCookieStore, type Storage } from './storage'
import { resolveHackleDeviceId } from './identity/device-id'
import { createUserManager } from './identity/user-manager'
import { createDecisions } from './decisions'
import { createClient, createTracker } from './client'
import { parseWorkspace, type Workspace } from './evaluation'
import type { HackleClient } from './client-types'
import type { AnyHook } from './tapable'

export type PluginList = ReadonlyArray<Plugin | false | null | undefined>

export interface KernelConfig extends HackleConfig {
  /** Plugins to apply, in order; a later plugin with the same name replaces an earlier one. */
  plugins?: PluginList
}

const COOKIE_DAYS = 3650

/**
 * Creates a client from the kernel and the given plugins. Nothing here throws: a bad key, bad options or a
 * failing plugin are logged and the client still answers with safe defaults.
 */
export function createKernel(sdkKey: string, input: KernelConfig = {}): HackleClient {
  const config = resolveConfig(input)
  const logger = createLogger({ debug: config.debug, disabled: config.logDisabled })
  const key = typeof sdkKey === 'string' ? sdkKey : ''
  if (!key) logger.error(`invalid sdk key: '${String(sdkKey)}' (expected: not null, not undefined and not empty string)`)

  const storage: Storage = {
    cookies: createCookieStore({ days: COOKIE_DAYS, sameSite: config.sameSiteCookie, secure: config.secureCookie }, logger.warn),
  }
  const hackleDeviceId = resolveHackleDeviceId(storage.cookies)

  const hooks = createHooks()
  const report = pluginErrorReporter(logger, hooks)
  for (const [name, hook] of Object.entries(hooks)) isolateHook(hook as AnyHook, name, report)

  const users = createUserManager({
    sdkKey: key,
    hackleDeviceId,
    cookies: storage.cookies,
    initialUser: config.user,
    onChanged: (previous, current, timestamp) => hooks.userChanged.call(previous, current, timestamp),
    onInvalidIdentifier: (type, value) => logger.warn(`Invalid user identifier [type=${type}, value=${value}]`),
  })

  let workspace: Workspace | undefined
  const setWorkspace = (dto: unknown): boolean => {
    try {
      workspace = parseWorkspace(dto, logger.debug)
    } catch (error) {
      logger.error(`Failed to set workspace: ${describeError(error)}`)
      return false
    }
    hooks.workspaceLoaded.call(workspace)
    return true
  }

  const pending: Promise<unknown>[] = []
  const plugins = dedupePlugins(input.plugins ?? [])
  const teardowns: Array<() => void> = []
  let closed = false
  const emitTrack = createTracker(hooks, logger, () => workspace)
  const client = createClient({
    hooks,
    emitTrack,
    logger,
    users,
    decisions: createDecisions(hooks, logger, () => workspace),
    workspace: () => workspace,
    // Settles after the plugins' start-up work (config fetch), with whether a workspace is available.
    initialization: Promise.resolve().then(async () => {
      await Promise.allSettled(pending)
      hooks.initialized.call(workspace !== undefined)
      return workspace !== undefined
    }),
    close() {
      if (closed) return
      closed = true
      hooks.flush.call('close')
      hooks.destroy.call()
      for (const teardown of teardowns.reverse()) {
        try {
          teardown()
        } catch (error) {
          logger.error(`Failed to tear down a plugin: ${describeError(error)}`)
        }
      }
      // Only plugins tap the kernel's hooks: dropping every tap releases them all.
      for (const hook of Object.values(hooks)) (hook as AnyHook).taps.length = 0
    },
  })

  const kernel: Kernel = {
    sdkKey: key,
    config,
    hooks,
    logger,
    storage,
    client,
    hackleDeviceId,
    workspace: () => workspace,
    currentUser: users.current,
    storedUser: users.stored,
    track: (event, { user, timestamp = Date.now() } = {}) =>
      emitTrack(event, hooks.resolveUser.call(users.evaluationUser(user)), timestamp),
    setWorkspace: (dto) => !closed && setWorkspace(dto),
    waitFor: (work) => void pending.push(work),
    extend: (methods) => void Object.assign(client, methods),
    updateUser: users.update,
    resetUser: users.reset,
    setUserProperties: (properties) => void users.setProperties(properties),
  }
  if (config.workspaceConfig !== undefined) setWorkspace(config.workspaceConfig)
  for (const plugin of plugins) {
    try {
      const teardown = plugin.apply(kernel)
      if (typeof teardown === 'function') teardowns.push(teardown)
    } catch (error) {
      logger.error(`Failed to apply plugin [${plugin.name}]: ${describeError(error)}`)
      for (const hook of Object.values(hooks)) (hook as AnyHook).untap(plugin.name)
    }
  }
  hooks.applied.call()
  return client
}
