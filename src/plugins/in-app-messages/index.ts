import { definePlugin, type PluginDefinition, type User } from '../../kernel'
import { createLocalStore, describeError, resolveIdentifiers } from '../../internal'
import { createInAppContext } from './context'
import { createDelayStore } from './delay-store'
import { isIdentifierChanged } from './deliver'
import { createDisplay, type InAppDisplayOptions } from './display'
import { getInAppMessageHooks } from './hooks'
import type { InAppMessage } from './message'
import type { InAppMessageListener, InAppMessageView } from './model'
import { parseInAppMessages } from './parse'
import { createScheduler } from './scheduler'
import { handleEvent } from './trigger'

export { getInAppMessageHooks, type InAppMessageHooks, type InAppEligibilityInfo, type InAppScheduleInfo, type InAppDeliverInfo } from './hooks'
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

/**
 * In-app messages. The workspace's messages are parsed whenever a workspace loads. Every accepted track event (any
 * key, `$page_view` and `$in_app_*` included) may trigger the first eligible message, which is delivered at once or
 * after its delay (persisted, restored after start-up, cancelled when the user's identity changes); a delivered
 * message is handed to the view, which shows one message at a time. Nested A/B-test and flag evaluations become
 * exposure events rooted at the message (`$targetingRootType: IN_APP_MESSAGE`). What was decided is reported on the
 * plugin's hooks (`getInAppMessageHooks`).
 */
export const inAppMessages = definePlugin(
  (options: InAppMessagesOptions = {}): PluginDefinition<InAppMessagesMethods> => ({
    name: NAME,
    apply(kernel) {
      const { hooks, logger } = kernel
      const store = createLocalStore(logger.warn)
      let messages = new Map<number, InAppMessage>()
      hooks.workspaceLoaded.tap(NAME, (_ws, config) => {
        messages = parseInAppMessages(config, logger.debug)
      })
      const display = createDisplay(kernel, options)
      const context = createInAppContext(kernel, getInAppMessageHooks(kernel), store, () => messages)
      const scheduler = createScheduler(context, display, createDelayStore(store, kernel.sdkKey, logger))

      hooks.eventAccepted.tap(NAME, (event) => handleEvent(context, scheduler, event))
      hooks.initialized.tap(NAME, () => scheduler.restore())
      hooks.userChanged.tap(NAME, (previous, current) => {
        try {
          const id = kernel.users.hackleDeviceId
          if (isIdentifierChanged(resolveIdentifiers(previous as User, id), resolveIdentifiers(current as User, id))) scheduler.cancelAll()
        } catch (error) {
          logger.error(`Failed to reset InAppMessage: ${describeError(error)}`)
        }
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
        scheduler.dispose()
        display.dispose()
      }
    },
  }),
)
