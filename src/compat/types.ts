import type { User } from '../kernel'

/** A variation as `HackleExperiment.variations` lists it. */
export interface HackleVariation {
  key: string
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
  readonly type: string
  readonly value: string
}

/** A user property value. */
export type PropertyValue = string | boolean | number | Array<string | number> | null | undefined

/** An in-app message as its listener sees it. */
export interface HackleInAppMessage {
  key: number
}

export type HackleInAppMessageActionType = 'CLOSE' | 'LINK'
export type HackleInAppMessageActionLinkTarget = 'CURRENT' | 'NEW_TAB' | 'NEW_WINDOW'

export interface HackleInAppMessageLink {
  url: string
  target: HackleInAppMessageActionLinkTarget
  shouldCloseAfterLink: boolean
}

/** What a click on an in-app message asks for. */
export interface HackleInAppMessageAction {
  type: HackleInAppMessageActionType
  close?: { hideDurationMillis: number | null }
  link?: HackleInAppMessageLink
}

/** The displayed in-app message (`getDisplayedInAppMessageView`). */
export interface HackleInAppMessageView {
  close(): void
  inAppMessage: HackleInAppMessage
}

/** `setInAppMessageListener`'s listener. */
export interface HackleInAppMessageListener {
  beforeInAppMessageOpen?(inAppMessage: HackleInAppMessage): void
  afterInAppMessageOpen?(inAppMessage: HackleInAppMessage): void
  beforeInAppMessageClose?(inAppMessage: HackleInAppMessage): void
  afterInAppMessageClose?(inAppMessage: HackleInAppMessage): void
  /** Return true when the click is handled by the page: the SDK then only tracks it. */
  onInAppMessageClick?(inAppMessage: HackleInAppMessage, view: HackleInAppMessageView, action: HackleInAppMessageAction): boolean
}

/**
 * The reference's client methods hackle-kit has no plugin for yet (in-app messages, the DevTool). `createInstance`'s
 * client has them: each logs one warning and returns the reference's default until its plugin exists.
 */
export interface PendingClientMethods {
  setInAppMessageListener(listener: HackleInAppMessageListener | null): void
  getDisplayedInAppMessageView(): HackleInAppMessageView | null
  showUserExplorer(): void
  hideUserExplorer(): void
}

