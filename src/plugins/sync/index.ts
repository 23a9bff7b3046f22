import { definePlugin, Stage, type Kernel, type PluginDefinition } from '../../kernel'
import { createLocalStore, describeError, transportOf } from '../../internal'
import { getIdentityHooks } from '../identity/hooks'
import { pollingInterval, startPolling } from './polling'
import { createThrottle, FETCH_THROTTLE_MILLIS } from './throttle'
import { createUserSync } from './user-sync'
import { createWorkspaceLoader } from './workspace-loader'

const NAME = 'sync'

/**
 * Resolves in a later task of the page (after what is queued now, input and rendering included): a message on a
 * channel of its own (no timer clamping; closed at once, so nothing is left open), or a timer where that fails.
 */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    try {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(null)
    } catch {
      // no channels here, or a page replaced them with something that throws
      setTimeout(resolve, 0)
    }
  })

/** `sync(options)`. */
export interface SyncOptions {
  /** Poll the config, cohorts and user targets this often (at least 60000 ms); not a positive number: no polling. */
  pollingIntervalMillis?: number
}

/** The client method of the sync plugin. */
export interface SyncMethods {
  /** Refreshes the config, cohorts and user targets now (at most one call per 60 s does). */
  fetch(): Promise<void>
}

/**
 * The workspace part of a sync: the cached config at once (unless the page passed `workspaceConfig`), then a load
 * per call through `hooks.loadWorkspace`, which this plugin answers last with its HTTP loader.
 */
function workspaceSync(kernel: Kernel<SyncMethods>): () => Promise<void> {
  const { sdkKey, config, logger, hooks } = kernel
  const loader = createWorkspaceLoader(sdkKey, config.sdkUrl, createLocalStore(logger.warn, kernel.storage.local), logger, transportOf(kernel))
  if (config.workspaceConfig === undefined) {
    const cached = loader.cached()
    if (cached !== undefined) kernel.workspaces.set(cached)
    hooks.loadWorkspace.tap({ name: NAME, stage: Stage.FALLBACK }, () => loader.fetch())
  }
  return async () => {
    const loading = hooks.loadWorkspace.call()
    const loaded = loading ? await loading : undefined
    if (loaded === undefined) return
    // Reading the answer, indexing the config and caching it are three tasks: with a config of megabytes, each is
    // a pause of the page on its own, never one long one.
    await nextTask()
    kernel.workspaces.set(loaded)
    await nextTask()
    loader.saveCache()
  }
}

/**
 * Keeps the client's data current:
 * - the workspace config: at once from the cache a previous visit left, then from the config API (never when the
 *   page passed `workspaceConfig`); any plugin may answer `hooks.loadWorkspace` before this plugin's HTTP loader;
 * - the current user's cohorts and user targets, put on every evaluation user, synced again after the identity
 *   plugin's user updates;
 * - all of them at start (`onInitialized` waits for them), every `pollingIntervalMillis` when set, and on
 *   `client.fetch()` (one call per 60 s).
 */
export const sync = definePlugin(
  (options: SyncOptions = {}): PluginDefinition<SyncMethods> => ({
    name: NAME,
    apply(kernel) {
      const { sdkKey, logger, hooks } = kernel
      let closed = false
      const acquire = createThrottle(FETCH_THROTTLE_MILLIS)
      if (!sdkKey) {
        kernel.extend({ fetch: async () => undefined })
        return
      }

      const workspace = workspaceSync(kernel)
      const users = createUserSync(kernel)
      const syncAll = (): Promise<void> =>
        Promise.all([workspace(), users.sync()]).then(
          () => undefined,
          (error: unknown) => logger.error(`Failed to sync: ${describeError(error)}`),
        )

      hooks.resolveUser.tap(NAME, (user) => users.fill(user))
      hooks.userChanged.tap(NAME, () => users.refilter())
      getIdentityHooks(kernel).userUpdated.tap(NAME, (update) => {
        users.refilter()
        update.waitFor(users.syncAfterUpdate(update.previous, update.current))
      })
      kernel.extend({
        fetch: async () => {
          if (!closed && acquire()) await syncAll()
        },
      })

      // The first sync starts once every plugin has applied, so that a plugin listed after this one can answer
      // `hooks.loadWorkspace` or `hooks.sendRequest`; `onInitialized` waits for it.
      let started: () => void = () => undefined
      kernel.waitFor(new Promise<void>((resolve) => (started = resolve)))
      hooks.applied.tap(NAME, () => void syncAll().then(started))
      const interval = pollingInterval(options.pollingIntervalMillis)
      const stopPolling = interval === undefined ? undefined : startPolling(interval, syncAll, logger)
      return () => {
        closed = true
        stopPolling?.()
      }
    },
  }),
)
