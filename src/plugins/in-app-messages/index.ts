import { definePlugin, type PluginDefinition } from '../../kernel'
import { createLocalStore, describeError, inAppDelayKey } from '../../internal'
import { createDisplay, type InAppDisplayOptions } from './display'
import { inAppTools } from './toolbox'
import type { Engine, InputSnapshot } from './engine'
import { getInAppMessageHooks } from './hooks'
import type { InAppMessageListener, InAppMessageView } from './model'

export {
  getInAppMessageHooks,
  type InAppMessageHooks,
  type InAppEligibilityInfo,
  type InAppScheduleInfo,
  type InAppDeliverInfo,
  type InAppMessageSummary,
  type InAppInspector,
} from './hooks'
export type { InAppMessageListener, InAppMessageView, InAppMessageInfo, InAppMessageActionInfo } from './model'

const NAME = 'in-app-messages'

/** The in-app plugin's options: everything the view needs, passed to it whole. */
export interface InAppMessagesOptions extends InAppDisplayOptions {}

/** The client methods the plugin adds. */
export interface InAppMessagesMethods {
  /** Listens to messages opening, closing and being clicked; `null` removes the listener. */
  setInAppMessageListener(listener: InAppMessageListener | null): void
  /** The message shown now, or null. */
  getDisplayedInAppMessageView(): InAppMessageView | null
}

/** Does a workspace config have in-app messages (the engine parses them; this only looks)? */
const hasMessages = (config: Readonly<Record<string, unknown>>) => Array.isArray(config.inAppMessages) && config.inAppMessages.length > 0

/** A hook input waiting for the engine, with the moment it happened. */
interface Pending {
  /** Hands the input to the engine (as it happened then, with `snapshot`). */
  run(engine: Engine, snapshot?: InputSnapshot): void
  /** The moment it happened. */
  snapshot?: InputSnapshot
}

/**
 * In-app messages. The workspace's messages are parsed whenever a workspace loads. Every accepted track event (any
 * key, `$page_view` and `$in_app_*` included) may trigger the first eligible message, which is delivered at once or
 * after its delay (persisted, restored after start-up, cancelled when the user's identity changes); a delivered
 * message is handed to the view, which shows one message at a time. Nested A/B-test and flag evaluations become
 * exposure events rooted at the message (`$targetingRootType: IN_APP_MESSAGE`). What was decided is reported on the
 * plugin's hooks (`getInAppMessageHooks`).
 *
 * A page loads little of it first: the taps below and the display. The decision engine (parsing, triggers,
 * eligibility, scheduling, delivery) is lazy code, loaded the first time a loaded workspace has in-app messages or,
 * at start-up, when delays are persisted; before that every input is a no-op (no messages, no delays) and is
 * dropped. While the engine loads, inputs are queued in order with the time, workspace and user of their moment,
 * and replayed once it is there as they happened then.
 */
export const inAppMessages = definePlugin(
  (options: InAppMessagesOptions = {}): PluginDefinition<InAppMessagesMethods> => ({
    name: NAME,
    apply(kernel) {
      const { hooks, logger } = kernel
      const store = createLocalStore(logger.warn, kernel.storage.local)
      const display = createDisplay(kernel, options)
      const inAppHooks = getInAppMessageHooks(kernel)
      let engine: Engine | undefined
      let queue: Pending[] | undefined
      let disposed = false
      /** The last load of the engine's code: settles once it is there (or failed). */
      let loading: Promise<void> | undefined

      const load = () => {
        if (engine || queue) return
        const pending: Pending[] = (queue = [])
        loading = display.loadEngine().then(
          ({ createEngine }) => {
            if (disposed) return
            const loaded = createEngine({ kernel, hooks: inAppHooks, store, display, tools: inAppTools })
            // Inputs a replayed one causes (its exposures) queue behind it, and are replayed in turn.
            for (const { run, snapshot } of pending) run(loaded, snapshot)
            engine = loaded
            queue = undefined
          },
          (error) => {
            queue = undefined
            logger.error(`Failed to load in-app messages: ${describeError(error)}`)
          },
        )
      }
      const input = (run: Pending['run'], moment?: () => InputSnapshot) => {
        if (engine) run(engine)
        else queue?.push({ run, snapshot: moment?.() })
      }
      const moment = (): InputSnapshot => ({ at: Date.now(), ws: kernel.workspaces.current(), user: kernel.users.resolve() })

      if (store.get(inAppDelayKey(kernel.sdkKey))) load()
      hooks.workspaceLoaded.tap(NAME, (_ws, config) => {
        if (Array.isArray(config.inAppMessages) && config.inAppMessages.length) load()
        input((e) => e.workspaceLoaded(config))
      })
      hooks.eventAccepted.tap(NAME, (event) => {
        if (event.type === 'track') input((e, snapshot) => e.eventAccepted(event, snapshot), moment)
      })
      hooks.initialized.tap(NAME, () => input((e, snapshot) => e.initialized(snapshot), moment))
      hooks.userChanged.tap(NAME, (previous, current) => input((e) => e.userChanged(previous, current)))

      // The engine, once it is there (loaded now when the workspace has messages), for a DevTool; null when its code
      // could not be loaded (asking again tries again).
      inAppHooks.inspectMessages.tap(NAME, () => {
        const config = kernel.workspaces.config()
        if (config && hasMessages(config)) load()
        return new Promise((resolve) => {
          if (!(engine || queue)) return resolve(undefined)
          input(resolve)
          void loading?.then(() => engine || resolve(null))
        })
      })

      // Public calls never throw, whatever the view does.
      const guard = <T>(work: () => T): T | null => {
        try {
          return work()
        } catch (error) {
          logger.error(`Unexpected exception in in-app messages: ${describeError(error)}`)
          return null
        }
      }
      kernel.extend({
        setInAppMessageListener: (listener) => void guard(() => display.setListener(listener ?? null)),
        getDisplayedInAppMessageView: () => guard(() => display.displayedView()),
      })
      return () => {
        disposed = true
        engine?.dispose()
        display.dispose()
      }
    },
  }),
)
