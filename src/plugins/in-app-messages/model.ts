import type { EvaluationUser } from '../../kernel'

/**
 * The in-app message model shared by the decision side (parsing, triggers, eligibility, schedules, delivery) and the
 * view side (renderer protocol, HTML view, actions, `$in_app_*` events). The decision side hands the view side one
 * `Presentation` per message to show; nothing else crosses between them.
 *
 * A message layout keeps the workspace config's field names, validated: the renderer protocol sends it as JSON in
 * that same shape.
 */

export type DisplayType = 'HTML' | 'MODAL' | 'BANNER' | 'BOTTOM_SHEET' | 'NONE'
export type LayoutType = 'IMAGE_TEXT' | 'IMAGE_ONLY' | 'TEXT_ONLY' | 'IMAGE' | 'NONE'
export type Orientation = 'VERTICAL' | 'HORIZONTAL'
export type VerticalAlignment = 'TOP' | 'MIDDLE' | 'BOTTOM'
export type HorizontalAlignment = 'LEFT' | 'CENTER' | 'RIGHT'
export type ActionType =
  | 'CLOSE'
  | 'WEB_LINK'
  | 'HIDDEN'
  | 'LINK_AND_CLOSE'
  | 'LINK_NEW_TAB'
  | 'LINK_NEW_TAB_AND_CLOSE'
  | 'LINK_NEW_WINDOW'
  | 'LINK_NEW_WINDOW_AND_CLOSE'

/** What a click does. `value`: the URL for links; for HIDDEN an optional duration in ms (empty, null or not a number → one day). */
export interface MessageAction {
  behavior: 'CLICK'
  type: ActionType
  value: string | null
}

export interface Alignment {
  vertical: VerticalAlignment
  horizontal: HorizontalAlignment
}

export interface TextContent {
  text: string
  style: { textColor: string }
}

export interface MessageButton {
  text: string
  action: MessageAction
  style: { textColor: string; bgColor: string; borderColor: string }
}

export interface PositionalButton {
  button: MessageButton
  alignment: Alignment
}

export interface MessageImage {
  orientation: Orientation
  imagePath: string
  action: MessageAction | null
}

/** HTML content: the markup itself (TEXT) or a URL to GET it from (PATH). */
export interface HtmlContent {
  resourceType: 'TEXT' | 'PATH'
  text: string | null
  path: string | null
}

/** One language/variation of a message's content (the config's `messageContext.messages[]`), validated. */
export interface MessageLayout {
  variationKey: string | null
  lang: string
  layout: { displayType: DisplayType; layoutType: LayoutType; alignment: Alignment | null }
  images: MessageImage[]
  /** Image auto-scroll interval in milliseconds; null when the message has none. */
  imageAutoScrollMillis: number | null
  text: { title: TextContent; body: TextContent } | null
  closeButton: { style: { color: string }; action: MessageAction } | null
  buttons: MessageButton[]
  background: { color: string }
  action: MessageAction | null
  outerButtons: PositionalButton[]
  innerButtons: PositionalButton[]
  html: HtmlContent | null
}

/** The event that triggered a message, as HTML messages read it back (`getTriggerEvent`). */
export interface TriggerEvent {
  key: string
  value?: number
  properties?: Record<string, unknown>
}

/** A message the decision side decided to show now (it already recorded the impression history). */
export interface Presentation {
  dispatchId: string
  message: { id: number; key: number }
  /** The content chosen for this visitor (language, and the A/B-tested variation when there is one). */
  layout: MessageLayout
  /** The user the `$in_app_*` events are tracked for: the current user with the current `$sessionId`. */
  user: EvaluationUser
  /** The eligibility reason (`IN_APP_MESSAGE_TARGET`, `OVERRIDDEN`); HIDDEN only closes an `OVERRIDDEN` message. */
  reason: string
  /**
   * `{ $trigger_event_insert_id }`, then for an A/B-tested layout `experiment_id`, `experiment_key`, `variation_id`,
   * `variation_key`, `experiment_decision_reason`, in that order: every `$in_app_*` event starts with them.
   */
  properties: Record<string, unknown>
  triggerEvent: TriggerEvent
}

/** An in-app message as `setInAppMessageListener`'s listener and `getDisplayedInAppMessageView()` see it. */
export interface InAppMessageInfo {
  /** The message's key (its number on the Hackle dashboard). */
  key: number
}

/** The in-app message on screen (`getDisplayedInAppMessageView()`). */
export interface InAppMessageView {
  /** The message shown. */
  inAppMessage: InAppMessageInfo
  /** Closes the message (as its close button does); does nothing once it is closed. */
  close(): void
}

/** What a click on an in-app message asks for, as `onInAppMessageClick` receives it. */
export interface InAppMessageActionInfo {
  /** `LINK`: open `link`; `CLOSE`: close the message. */
  type: 'LINK' | 'CLOSE'
  /** Set when the click closes the message. */
  close?: {
    /** How long the message stays hidden after this close ("don't show again for…"): ms, one day when the config gives no number; null for a plain close. */
    hideDurationMillis: number | null
  }
  /** Set for a link. */
  link?: {
    /** The URL to open (only an absolute http(s) URL is opened; anything else is logged and ignored). */
    url: string
    /** Where it opens: this page, a new tab or a new window. */
    target: 'CURRENT' | 'NEW_TAB' | 'NEW_WINDOW'
    /** Whether the message closes after the link opens. */
    shouldCloseAfterLink: boolean
  }
}

/**
 * Hears in-app messages open, close and be clicked (`setInAppMessageListener(listener)`); every method is optional,
 * and one that throws is logged and does not stop the message.
 */
export interface InAppMessageListener {
  /** A message is about to be shown. */
  beforeInAppMessageOpen?(message: InAppMessageInfo): void
  /** A message is on screen. */
  afterInAppMessageOpen?(message: InAppMessageInfo): void
  /** A message is about to close. */
  beforeInAppMessageClose?(message: InAppMessageInfo): void
  /** A message has closed. */
  afterInAppMessageClose?(message: InAppMessageInfo): void
  /** Return true when the click is handled: the SDK then runs no action. */
  onInAppMessageClick?(message: InAppMessageInfo, view: InAppMessageView, action: InAppMessageActionInfo): boolean | void
}

/**
 * The view side, as the decision side sees it. `present` never throws and returns at once; it shows nothing while
 * another message is displayed or opening (one message at a time). Created once per client by `createDisplay`.
 */
export interface Display {
  present(presentation: Presentation): void
  setListener(listener: InAppMessageListener | null): void
  displayedView(): InAppMessageView | null
  /** Closes what is shown and removes everything added to the page (client close). */
  dispose(): void
}
