import { tools } from '../tools'
import type { ActionType, InAppMessageActionInfo, MessageAction } from '../model'
import type { BaseView } from './base'

const ONE_DAY_MILLIS = 86_400_000
const ACTION_TYPES: readonly ActionType[] = [
  'CLOSE', 'WEB_LINK', 'HIDDEN', 'LINK_AND_CLOSE', 'LINK_NEW_TAB', 'LINK_NEW_TAB_AND_CLOSE', 'LINK_NEW_WINDOW', 'LINK_NEW_WINDOW_AND_CLOSE',
]

/** A renderer's `{behavior, type, value}` as an action; undefined when it is not a valid click action. */
export function parseAction(input: unknown): MessageAction | undefined {
  if (!input || typeof input !== 'object') return undefined
  const { behavior, type, value } = input as Record<string, unknown>
  if (behavior !== 'CLICK' || !ACTION_TYPES.includes(type as ActionType)) return undefined
  return { behavior: 'CLICK', type: type as ActionType, value: value === undefined || value === null ? null : String(value) }
}

/** HIDDEN's duration: its numeric value in ms, else one day; null for every other type. */
export function hideDurationMillis(action: MessageAction): number | null {
  if (action.type !== 'HIDDEN') return null
  const value = action.value?.trim()
  const millis = value ? Number(value) : NaN
  return Number.isNaN(millis) ? ONE_DAY_MILLIS : millis
}

const isClose = (type: ActionType) => type === 'CLOSE' || type === 'HIDDEN' || type.endsWith('_AND_CLOSE')
const targetOf = (type: ActionType) => (type.startsWith('LINK_NEW_WINDOW') ? 'NEW_WINDOW' : type.startsWith('LINK_NEW_TAB') ? 'NEW_TAB' : 'CURRENT')

/** The action as `onInAppMessageClick` receives it. */
export function toPublicAction(action: MessageAction): InAppMessageActionInfo {
  const link = action.type !== 'CLOSE' && action.type !== 'HIDDEN'
  const close = isClose(action.type)
  return {
    type: link ? 'LINK' : 'CLOSE',
    close: close ? { hideDurationMillis: hideDurationMillis(action) } : undefined,
    link: link ? { url: action.value ?? '', target: targetOf(action.type), shouldCloseAfterLink: close } : undefined,
  }
}

/**
 * A link URL given as a string (current page, then close) or as `{url, target, shouldCloseAfterLink}`, as an action;
 * no URL is a plain click (WEB_LINK without value).
 */
export function linkAction(url: unknown): MessageAction {
  if (!url) return { behavior: 'CLICK', type: 'WEB_LINK', value: null }
  const link = typeof url === 'string' ? { url, target: 'CURRENT', shouldCloseAfterLink: true } : (url as Record<string, unknown>)
  const close = link.shouldCloseAfterLink === true
  const type: ActionType =
    link.target === 'NEW_WINDOW'
      ? close ? 'LINK_NEW_WINDOW_AND_CLOSE' : 'LINK_NEW_WINDOW'
      : link.target === 'NEW_TAB'
        ? close ? 'LINK_NEW_TAB_AND_CLOSE' : 'LINK_NEW_TAB'
        : close ? 'LINK_AND_CLOSE' : 'WEB_LINK'
  return { behavior: 'CLICK', type, value: link.url == null ? null : String(link.url) }
}

/** HIDDEN for `millis`, as the HTML bridge asks for it. */
export const hiddenAction = (millis: number): MessageAction => ({ behavior: 'CLICK', type: 'HIDDEN', value: String(millis) })

/**
 * Opens a link action's URL in the page (never inside a message's iframe). Only absolute http(s) URLs open; anything
 * else (relative, `javascript:`, `data:`) is logged `Invalid url: <value>` and nothing opens. No value: nothing.
 */
function openLink(view: BaseView, action: MessageAction): void {
  const value = action.value
  if (!value) return
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    view.host.kernel.logger.error(`Invalid url: ${value}`)
    return
  }
  const target = targetOf(action.type)
  try {
    if (target === 'CURRENT') window.location.href = url.href
    else if (target === 'NEW_TAB') window.open(url.href)
    else window.open(url.href, 'Hackle', 'resizable:true')
  } catch (error) {
    view.host.kernel.logger.error(`Invalid url: ${value}`)
  }
}

/** Stores the hide-until time of the view's message (HIDDEN), unless the message was shown by a user override. */
function hide(view: BaseView, action: MessageAction): void {
  const { presentation, host } = view
  if (presentation.reason === 'OVERRIDDEN') return
  const until = Date.now() + (hideDurationMillis(action) ?? ONE_DAY_MILLIS)
  tools.createLocalStore(host.kernel.logger.warn, host.kernel.storage.local).set(tools.inAppHideKey(host.kernel.sdkKey, presentation.message.key), String(until))
}

/**
 * Runs a clicked action: the listener's `onInAppMessageClick` first (true = handled: nothing more), nothing when the
 * view can no longer close; else the link opens before the view closes (a link started inside an iframe that is
 * removed first would be dropped by some browsers).
 */
export function runAction(view: BaseView, action: MessageAction): void {
  const handled = view.notifyClick(action)
  if (handled || !view.canClose()) return
  const type = action.type
  if (type === 'HIDDEN') hide(view, action)
  else if (type !== 'CLOSE') openLink(view, action)
  if (isClose(type)) view.close()
}
