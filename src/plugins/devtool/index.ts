import { definePlugin, type PluginDefinition, type SdkEvent } from '../../kernel'
import { getManualOverrideHooks } from '../manual-overrides'
import { onStartupCompleted } from '../startup'
import type { UserExplorer } from './explorer'
import type { OpenPanel } from './session'
import { loadSession, type DevtoolScripts } from './loader'
import { devtoolTools } from './toolbox'

export type { UserExplorer } from './explorer'
export type { ExplorerExperiment } from './experiment-view'

const NAME = 'devtool'
/** How many of the last accepted events the panel can show. */
const RECENT_EVENTS = 50

/** The reference's DevTool contract (e.g. the Hackle DevTool package): it opens on an explorer and closes. */
export interface DevTool {
  /** Opens the DevTool on `explorer` (`showUserExplorer()` calls it). */
  userExplorer(explorer: UserExplorer): void
  /** Closes it (`hideUserExplorer()` calls it). */
  close(): void
}

/** `devtool(options)`: which DevTool `showUserExplorer()` opens and when it opens by itself. */
export interface DevToolOptions {
  /** The DevTool `showUserExplorer()` opens instead of hackle-kit's panel; without a `userExplorer` function it is not usable. */
  devTool?: DevTool
  /** Open the DevTool (or the panel) once start-up has completed. */
  autoOpenDevTool?: boolean
  /** hackle-kit's panel, opened when no `devTool` is given (default true; false: the reference's behaviour). */
  panel?: boolean
  /** Open the panel once start-up has completed when the page's URL has this query parameter (off by default). */
  openParameter?: string
  /**
   * Script-tag build: the DevTool's script, with the explorer and the panel (default: `hackle-kit-devtool.global.js`
   * beside the SDK's script).
   */
  panelUrl?: string
  /** Script-tag build: the in-app renderer's script, which lends React to the DevTool's (default: beside the SDK's script). */
  rendererUrl?: string
}

/** The client methods of the devtool plugin. */
export interface DevToolMethods {
  /** Opens the DevTool on this client's user explorer, or hackle-kit's panel when no DevTool is given. */
  showUserExplorer(): void
  /** Closes the DevTool or the panel (warning `There is no active HackleDevtools.` when there is none). */
  hideUserExplorer(): void
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

/**
 * The DevTool: the reference's hookup (`showUserExplorer()` / `hideUserExplorer()`, `autoOpenDevTool`, a `devTool`
 * handed the user explorer that lists every A/B test and flag decided for the current user and sets or resets the
 * override cookies shared with the reference SDK), and hackle-kit's own panel when no `devTool` is given. Overrides
 * decide through the manual-overrides plugin, which this one requires.
 *
 * The page loads only this part first: the explorer and the panel are loaded when opened (the explorer handed to a
 * `devTool` therefore arrives a moment after `showUserExplorer()`, not during the call). It keeps the last 50
 * accepted events for the panel.
 */
export const devtool = definePlugin((options: DevToolOptions = {}): PluginDefinition<DevToolMethods> => ({
  name: NAME,
  requires: ['manual-overrides'],
  apply(kernel) {
    const { logger } = kernel
    const devTool = options?.devTool
    const usable = !!devTool && typeof devTool.userExplorer === 'function'
    const ownPanel = !devTool && options?.panel !== false
    const scripts: DevtoolScripts = { panelUrl: text(options?.panelUrl), rendererUrl: text(options?.rendererUrl) }
    const recent: Array<readonly [SdkEvent, boolean]> = []
    let onEvent: (() => void) | undefined
    kernel.hooks.eventAccepted.tap(NAME, (event, delivered) => {
      if (recent.push([event, delivered]) > RECENT_EVENTS) recent.shift()
      onEvent?.()
    })
    let panel: OpenPanel | undefined
    const session = () =>
      loadSession(scripts).then((module) => {
        module.useTools(devtoolTools)
        return module
      })
    const failed = (what: string) => (error: unknown) => logger.error(`Unexpected exception while ${what}: ${String(error)}`)

    const methods: DevToolMethods = {
      showUserExplorer() {
        if (!usable && !ownPanel) return logger.error('UserExplorer is not provided')
        logger.debug('UserExplorer opened.')
        try {
          getManualOverrideHooks(kernel).userExplorerShown.call()
          if (usable) {
            session()
              .then(({ createExplorer }) => devTool.userExplorer(createExplorer(kernel)))
              .catch(failed('show userExplorer'))
          } else if (!panel) {
            const feed = { recent, listen: (listener: (() => void) | undefined) => void (onEvent = listener) }
            const opening = session().then(({ openPanel }) => {
              if (panel === pending) panel = openPanel(kernel, feed, () => (panel = undefined))
            })
            // Until the code is there, closing only cancels the opening.
            const pending: OpenPanel = { close: () => void (panel = undefined), drawn: opening }
            panel = pending
            opening.catch((error) => {
              panel = undefined
              failed('show userExplorer')(error)
            })
          }
        } catch (error) {
          failed('show userExplorer')(error)
        }
      },
      hideUserExplorer() {
        if (!usable && !panel) return logger.warn('There is no active HackleDevtools.')
        try {
          if (usable) devTool.close()
          else panel?.close()
        } catch (error) {
          failed('hide userExplorer')(error)
        }
      },
    }
    kernel.extend(methods)
    const asked = () => {
      try {
        return !!options?.openParameter && new URLSearchParams(location.search).has(options.openParameter)
      } catch {
        return false
      }
    }
    const stopOpening =
      options?.autoOpenDevTool || asked()
        ? onStartupCompleted(kernel, NAME, () => (devTool || ownPanel ? methods.showUserExplorer() : logger.error('DevTool is not provided')))
        : undefined
    // The client closing closes the panel too.
    return () => {
      stopOpening?.()
      panel?.close()
    }
  },
}))
