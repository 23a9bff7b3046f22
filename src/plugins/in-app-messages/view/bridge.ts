import { hiddenAction, linkAction } from './actions'
import type { BaseView } from './base'
import type { Builders, DisplayHost } from './host'

const NAME = 'WebIframeInAppMessageBridge'
const ONE_DAY_MILLIS = 86_400_000
/** Client methods an HTML message may call through the bridge, as the page would call them. */
const CLIENT_METHODS = [
  'getUser', 'setUser', 'setUserId', 'setDeviceId', 'setUserProperty', 'setUserProperties', 'updateUserProperties',
  'updatePushSubscriptions', 'updateSmsSubscriptions', 'updateKakaoSubscriptions', 'setPhoneNumber', 'unsetPhoneNumber',
  'track', 'getDisplayedInAppMessageView', 'variation', 'variationDetail', 'isFeatureOn', 'featureFlagDetail',
  'remoteConfig', 'getSessionId', 'resetUser', 'showUserExplorer', 'hideUserExplorer', 'isOptOutTracking', 'setOptOutTracking',
] as const
/** Client methods an HTML message may not use: they only warn. */
const UNSUPPORTED = ['trackPageView', 'setCurrentPage', 'close', 'onReady', 'getExperiment', 'setInAppMessageListener', 'fetch'] as const

type Method = (...args: unknown[]) => unknown

/**
 * `window.Hackle.bridge` of an HTML message's iframe: clicks, links, hiding and closing of the displayed message, its
 * trigger event, and the client's methods. The message methods throw when no message is displayed.
 */
export function createBridge(host: DisplayHost): Record<string, Method> {
  const { kernel } = host
  const view = (): BaseView => {
    const current = host.current() as BaseView | null
    if (!current) throw new Error('Failed to get current in-app message view because current in-app message view is not found')
    return current
  }
  const hide = (millis: number) => view().click({ action: hiddenAction(millis) })
  const bridge: Record<string, Method> = {
    /** Runs the link action only (no event). */
    openUrl: (url) => view().click({ action: linkAction(url) }, { track: false }),
    /** `$in_app_action` only (WEB_LINK without value, `element_id`). */
    trackClick: (elementId) => view().click({ action: linkAction(undefined), elementId }, { act: false }),
    /** `$in_app_action`, then the link action. */
    handleUrl: (url, elementId) => view().click({ action: linkAction(url), elementId }),
    /** true: hide for a day; a number: hide for that many minutes; else just close. */
    closeInAppMessage(hideDuration) {
      if (hideDuration === true) hide(ONE_DAY_MILLIS)
      else if (typeof hideDuration === 'number') hide(hideDuration * 60_000)
      else view().close()
    },
    getTriggerEvent() {
      try {
        return view().presentation.triggerEvent
      } catch {
        return undefined
      }
    },
    getTriggerEventProperty(key, defaultValue) {
      const event = bridge.getTriggerEvent() as { properties?: Record<string, unknown> } | undefined
      return event?.properties?.[key as string] ?? defaultValue
    },
    onInitialized() {
      kernel.logger.warn(`onInitialized is not supported in ${NAME}`)
      return Promise.resolve({ success: false })
    },
  }
  const client = kernel.client as unknown as Record<string, unknown>
  for (const name of CLIENT_METHODS) {
    bridge[name] = (...args) => {
      const method = client[name]
      if (typeof method !== 'function') {
        kernel.logger.warn(`${name} is not supported in ${NAME}`)
        return undefined
      }
      return (method as Method).apply(client, args)
    }
  }
  for (const name of UNSUPPORTED) bridge[name] = () => void kernel.logger.warn(`${name} is not supported in ${NAME}`)
  return bridge
}

/**
 * Puts `Hackle = {bridge, PropertyOperationsBuilder, HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus}`
 * (merged into any existing `Hackle`) on the iframe's window, then dispatches `hackleBridgeReady` there.
 */
export function installBridge(target: Window, bridge: Record<string, Method>, builders: Builders): void {
  const win = target as Window & { Hackle?: Record<string, unknown> }
  win.Hackle = win.Hackle || {}
  Object.assign(win.Hackle, { bridge, ...builders })
  const ready = (target as Window & { CustomEvent: typeof CustomEvent }).CustomEvent ?? CustomEvent
  target.dispatchEvent(new ready('hackleBridgeReady'))
}
