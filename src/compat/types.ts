import type { User } from '../kernel'

/** A variation as `HackleExperiment.variations` lists it. */
export interface HackleVariation {
  /** The variation's key (`A`, `B`, …). */
  key: string
  /** Its parameters (empty when it has none). */
  parameters: Record<string, string | number | boolean>
}

/** @deprecated The reference's `trackPageView` option: its fields do nothing (use `setCurrentPage`). */
export interface PageView {
  /** @deprecated does nothing */
  user?: User
  /** @deprecated does nothing */
  pathUrl?: string
}

/** The reference's type of a session persist condition (`HackleSessionPolicy.persistCondition`). */
export type HackleSessionPersistCondition = (oldUser: User, newUser: User) => boolean

/** An identifier type and value. */
export interface Identifier {
  /** The identifier type (`$id`, `$userId`, `$deviceId`, or a custom one). */
  readonly type: string
  /** Its value. */
  readonly value: string
}

/** A user property value. */
export type PropertyValue = string | boolean | number | Array<string | number> | null | undefined

/** An in-app message as its listener sees it. */
export interface HackleInAppMessage {
  /** The message's key (its number on the Hackle dashboard). */
  key: number
}

/** What a click asks for: close the message, or open a link. */
export type HackleInAppMessageActionType = 'CLOSE' | 'LINK'
/** Where a link opens: this page, a new tab or a new window. */
export type HackleInAppMessageActionLinkTarget = 'CURRENT' | 'NEW_TAB' | 'NEW_WINDOW'

/** A link a click opens. */
export interface HackleInAppMessageLink {
  /** The URL (only an absolute http(s) URL is opened; anything else is logged and ignored). */
  url: string
  /** Where it opens. */
  target: HackleInAppMessageActionLinkTarget
  /** Whether the message closes after the link opens. */
  shouldCloseAfterLink: boolean
}

/** What a click on an in-app message asks for. */
export interface HackleInAppMessageAction {
  /** `LINK`: open `link`; `CLOSE`: close the message. */
  type: HackleInAppMessageActionType
  /** Set when the click closes the message. */
  close?: {
    /** How long the message stays hidden after this close: ms, one day when the config gives no number; null for a plain close. */
    hideDurationMillis: number | null
  }
  /** Set for a link. */
  link?: HackleInAppMessageLink
}

/** The displayed in-app message (`getDisplayedInAppMessageView`). */
export interface HackleInAppMessageView {
  /** Closes the message (as its close button does); does nothing once it is closed. */
  close(): void
  /** The message shown. */
  inAppMessage: HackleInAppMessage
}

/** `setInAppMessageListener`'s listener: every method is optional; one that throws is logged and does not stop the message. */
export interface HackleInAppMessageListener {
  /** A message is about to be shown. */
  beforeInAppMessageOpen?(inAppMessage: HackleInAppMessage): void
  /** A message is on screen. */
  afterInAppMessageOpen?(inAppMessage: HackleInAppMessage): void
  /** A message is about to close. */
  beforeInAppMessageClose?(inAppMessage: HackleInAppMessage): void
  /** A message has closed. */
  afterInAppMessageClose?(inAppMessage: HackleInAppMessage): void
  /** Return true when the click is handled by the page: the SDK then only tracks it. */
  onInAppMessageClick?(inAppMessage: HackleInAppMessage, view: HackleInAppMessageView, action: HackleInAppMessageAction): boolean
}

/**
 * The reference's client methods hackle-kit has no plugin for yet (in-app messages, the DevTool). `createInstance`'s
 * client has them: each logs one warning and returns the reference's default until its plugin exists.
 */
export interface PendingClientMethods {
  /** Sets (or with null, removes) the listener of in-app messages; without the in-app plugin it warns once. */
  setInAppMessageListener(listener: HackleInAppMessageListener | null): void
  /** The in-app message on screen, else null; without the in-app plugin it warns once and answers null. */
  getDisplayedInAppMessageView(): HackleInAppMessageView | null
  /** Opens the DevTool's user explorer; without the devtool plugin it warns once. */
  showUserExplorer(): void
  /** Closes the DevTool's user explorer; without the devtool plugin it warns once. */
  hideUserExplorer(): void
}

