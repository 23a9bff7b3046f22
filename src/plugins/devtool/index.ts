import { definePlugin, type PluginDefinition } from '../../kernel'
import { getManualOverrideHooks } from '../manual-overrides'
import { onStartupCompleted } from '../startup'
import { createExplorer, type UserExplorer } from './explorer'

export type { UserExplorer } from './explorer'
export type { ExplorerExperiment } from './experiment-view'

const NAME = 'devtool'

/** The reference's DevTool contract (e.g. the Hackle DevTool package): it opens on an explorer and closes. */
export interface DevTool {
  userExplorer(explorer: UserExplorer): void
  close(): void
}

export interface DevToolOptions {
  /** The DevTool `showUserExplorer()` opens; without a `userExplorer` function it is not usable. */
  devTool?: DevTool
  /** Open the DevTool once start-up has completed. */
  autoOpenDevTool?: boolean
}

export interface DevToolMethods {
  /** Opens the DevTool on this client's user explorer (error `UserExplorer is not provided` without a usable DevTool). */
  showUserExplorer(): void
  /** Closes the DevTool (warning `There is no active HackleDevtools.` without a usable DevTool). */
  hideUserExplorer(): void
}

/**
 * The reference's DevTool hookup: `showUserExplorer()` / `hideUserExplorer()` and `autoOpenDevTool`, with an explorer
 * that lists every A/B test and flag decided for the current user and sets or resets the override cookies shared with
 * the reference SDK. Overrides decide through the manual-overrides plugin, which this one requires.
 */
export const devtool = definePlugin((options: DevToolOptions = {}): PluginDefinition<DevToolMethods> => ({
  name: NAME,
  requires: ['manual-overrides'],
  apply(kernel) {
    const devTool = options?.devTool
    const usable = !!devTool && typeof devTool.userExplorer === 'function'
    let explorer: UserExplorer | undefined
    const methods: DevToolMethods = {
      showUserExplorer() {
        if (!usable) return kernel.logger.error('UserExplorer is not provided')
        kernel.logger.debug('UserExplorer opened.')
        try {
          getManualOverrideHooks(kernel).userExplorerShown.call()
          devTool.userExplorer((explorer ??= createExplorer(kernel)))
        } catch (error) {
          kernel.logger.error(`Unexpected exception while show userExplorer: ${String(error)}`)
        }
      },
      hideUserExplorer() {
        if (!usable) return kernel.logger.warn('There is no active HackleDevtools.')
        try {
          devTool.close()
        } catch (error) {
          kernel.logger.error(`Unexpected exception while hide userExplorer: ${String(error)}`)
        }
      },
    }
    kernel.extend(methods)
    if (options?.autoOpenDevTool) {
      return onStartupCompleted(kernel, NAME, () => (devTool ? methods.showUserExplorer() : kernel.logger.error('DevTool is not provided')))
    }
  },
}))
