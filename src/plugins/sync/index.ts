import { createLocalStore, definePlugin, describeError, type Kernel } from '../../kernel'
import { pollingInterval, startPolling } from './polling'
import { createThrottle, FETCH_THROTTLE_MILLIS } from './throttle'
import { createUserSync } from './user-sync'
import { createWorkspaceLoader } from './workspace-loader'

const NAME = 'sync'

/** The workspace part of a sync: the cached config at once, then a fetch per call. */
function workspaceSync(kernel: Kernel): () => Promise<void> {
  const { sdkKey, config, logger } = kernel
  const loader = createWorkspaceLoader(sdkKey, config.sdkUrl, createLocalStore(logger.warn), logger)
  const cached = loader.cached()
  if (cached !== undefined) kernel.setWorkspace(cached)
  return () =>
    loader.fetch().then((fetched) => {
      if (fetched !== undefined) kernel.setWorkspace(fetched)
    })
}

/**
 * Keeps the client's data current (browser-behaviour §7):
 * - the workspace config: at once from the cache a previous visit left, then from
 *   `{sdkUrl}/api/v2/workspaces/{sdkKey}/config` (never when the page passed `workspaceConfig`);
 * - the current user's cohorts and user targets (`{sdkUrl}/api/v1/cohorts`, `/api/v1/user-targets`), put on every
 *   evaluation user, re-synced after user updates;
 * - all of them at start (`onInitialized` waits for them), every `pollingIntervalMillis` when set, and on
 *   `client.fetch()` (one call per 60 s).
 */
export const sync = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const { sdkKey, config, logger, hooks } = kernel
    let closed = false
    const acquire = createThrottle(FETCH_THROTTLE_MILLIS)
    if (!sdkKey) {
      kernel.extend({ fetch: async () => undefined })
      return
    }

    const workspace = config.workspaceConfig === undefined ? workspaceSync(kernel) : undefined
    const users = createUserSync(kernel)
    const syncAll = (): Promise<void> =>
      Promise.all([workspace?.(), users.sync()]).then(
        () => undefined,
        (error: unknown) => logger.error(`Failed to sync: ${describeError(error)}`),
      )

    hooks.resolveUser.tap(NAME, (user) => users.fill(user))
    hooks.userChanged.tap(NAME, () => users.refilter())
    hooks.userUpdated.tap(NAME, (update) => {
      users.refilter()
      update.waitFor(users.syncAfterUpdate(update.previous, update.current))
    })
    kernel.extend({
      fetch: async () => {
        if (!closed && acquire()) await syncAll()
      },
    })

    kernel.waitFor(syncAll())
    const interval = pollingInterval(config.raw.pollingIntervalMillis)
    const stopPolling = interval === undefined ? undefined : startPolling(interval, syncAll, logger)
    return () => {
      closed = true
      stopPolling?.()
    }
  },
}))
