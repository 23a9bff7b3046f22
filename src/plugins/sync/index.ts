import { createLocalStore, definePlugin } from '../../kernel'
import { createWorkspaceLoader } from './workspace-loader'

const NAME = 'sync'

/**
 * Loads the workspace config: at once from the cache a previous visit left (so decisions work before the network
 * answers), then from `{sdkUrl}/api/v2/workspaces/{sdkKey}/config`. Skipped when the page passed `workspaceConfig`.
 */
export const sync = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const { sdkKey, config, logger } = kernel
    if (config.workspaceConfig !== undefined || !sdkKey) return
    const loader = createWorkspaceLoader(sdkKey, config.sdkUrl, createLocalStore(logger.warn), logger)
    const cached = loader.cached()
    if (cached !== undefined) kernel.setWorkspace(cached)
    kernel.waitFor(
      loader.fetch().then((fetched) => {
        if (fetched !== undefined) kernel.setWorkspace(fetched)
      }),
    )
  },
}))
