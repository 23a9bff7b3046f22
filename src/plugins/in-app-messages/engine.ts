import { tools, useTools, type InAppTools } from './tools'
import type { EvaluationUser, HackleUser, KeyValueStore, Kernel, SdkEvent, User, Workspace } from '../../kernel'
import { createInAppContext } from './context'
import { createDelayStore } from './delay-store'
import { isIdentifierChanged } from './deliver'
import type { InAppInspector, InAppMessageHooks, InAppMessageSummary } from './hooks'
import { resolveLayout } from './layout'
import type { InAppMessage } from './message'
import type { Display } from './model'
import { parseInAppMessages } from './parse'
import { createScheduler } from './scheduler'
import { handleEvent } from './trigger'

/**
 * The moment an input happened, kept while the engine was loading: the input is replayed later as if it ran then —
 * at that time (exposures, restored delays, delay timers), on the workspace and for the user current then.
 */
export interface InputSnapshot {
  /** When (epoch ms). */
  at: number
  /** The workspace current then. */
  ws: Workspace | undefined
  /** The user current then. */
  user: EvaluationUser
}

/** What the engine gets from the plugin's always-loaded part (it creates no hooks or stores of its own). */
export interface EngineHost {
  kernel: Kernel
  hooks: InAppMessageHooks
  store: KeyValueStore
  display: Display
  /** The first load's toolbox (see `tools.ts`). */
  tools: InAppTools
}

/** The plugin's inputs, in the order the kernel's hooks delivered them; `snapshot` only for a replayed one. */
/** The engine is the DevTool's inspector too (`inspectMessages`). */
export interface Engine extends InAppInspector {
  /** A workspace config became active: parse its messages. */
  workspaceLoaded(config: Readonly<Record<string, unknown>>): void
  /** An accepted event, which may trigger a message. */
  eventAccepted(event: SdkEvent, snapshot?: InputSnapshot): void
  /** Start-up is over: restore the delays stored by earlier pages. */
  initialized(snapshot?: InputSnapshot): void
  /** The user changed: cancel the delays of the previous identity. */
  userChanged(previous: HackleUser, current: HackleUser): void
  /** The client closed: stop every timer. */
  dispose(): void
}

/** What the lazily loaded engine code gives the plugin: the lazy chunk's exports, or the in-app script's global. */
export interface EngineModule {
  createEngine(host: EngineHost): Engine
}

/**
 * The in-app decision engine, loaded once a workspace with in-app messages (or a persisted delay) is seen: parses the
 * workspace's messages, triggers and schedules them on accepted events, restores persisted delays at start-up and
 * cancels delays when the user's identity changes.
 */
export function createEngine({ kernel, hooks, store, display, tools: given }: EngineHost): Engine {
  useTools(given)
  const { logger } = kernel
  // The messages of the config at hand (a load that follows a failed one lost the inputs queued for that one); the
  // queued inputs replayed next set them as they were at each input's moment.
  const current = kernel.workspaces.config()
  let messages = current ? parseInAppMessages(current, logger.debug) : new Map<number, InAppMessage>()
  const context = createInAppContext(kernel, hooks, store, () => messages)
  const scheduler = createScheduler(context, display, createDelayStore(store, kernel.sdkKey, logger))
  const replaying = (snapshot: InputSnapshot | undefined, work: () => void) => {
    const outer = context.replay
    context.replay = snapshot
    try {
      work()
    } finally {
      context.replay = outer
    }
  }
  return {
    workspaceLoaded(config) {
      messages = parseInAppMessages(config, logger.debug)
    },
    eventAccepted: (event, snapshot) => replaying(snapshot, () => handleEvent(context, scheduler, event)),
    initialized: (snapshot) => replaying(snapshot, () => scheduler.restore()),
    userChanged(previous, current) {
      try {
        const id = kernel.users.hackleDeviceId
        if (isIdentifierChanged(tools.resolveIdentifiers(previous as User, id), tools.resolveIdentifiers(current as User, id))) scheduler.cancelAll()
      } catch (error) {
        logger.error(`Failed to reset InAppMessage: ${tools.describeError(error)}`)
      }
    },
    describe() {
      const user = kernel.users.resolve()
      const now = Date.now()
      return [...messages.values()].map((message): InAppMessageSummary => {
        let eligible = false
        let reason = 'EXCEPTION'
        try {
          ;({ eligible, reason } = context.inspect('TRIGGER', message, user, now))
        } catch (error) {
          logger.debug(`In-app message [${message.key}] could not be evaluated: ${tools.describeError(error)}`)
        }
        const { id, key, status, layouts, triggerRules } = message
        return { id, key, status, displayType: layouts[0]?.layout.displayType ?? 'NONE', triggers: triggerRules.map((rule) => rule.eventKey), eligible, reason }
      })
    },
    preview(messageKey) {
      const ws = kernel.workspaces.current()
      const message = messages.get(messageKey)
      if (!ws || !message) return false
      const user = kernel.users.resolve()
      const layout = resolveLayout(ws, message, user, context.options)
      display.present({
        dispatchId: tools.uuid(),
        message: { id: message.id, key: message.key },
        layout: layout.layout,
        user,
        reason: 'OVERRIDDEN',
        properties: { $trigger_event_insert_id: tools.uuid(), ...layout.properties },
        triggerEvent: { key: '$devtool_preview' },
      })
      return true
    },
    dispose: () => scheduler.dispose(),
  }
}
