import type { Action } from './message'

/**
 * The window events between the SDK and a renderer. The SDK dispatches `hackle-iam-lifecycle-start` `{type, id}`
 * (type OPEN or CLOSE); the renderer answers `hackle-iam-lifecycle-end` with the same detail once the open / close
 * animation has finished. Clicks and image impressions go to the SDK as `hackle-iam-interaction` events.
 */
export const LIFECYCLE_START = 'hackle-iam-lifecycle-start'
export const LIFECYCLE_END = 'hackle-iam-lifecycle-end'
export const INTERACTION = 'hackle-iam-interaction'

export type LifecycleType = 'OPEN' | 'CLOSE'
export type ActionArea = 'BUTTON' | 'IMAGE' | 'MESSAGE' | 'X_BUTTON'

export type Interaction =
  | { type: 'CLOSE' }
  | {
      type: 'ACTION'
      action: { behavior: string; type: string; value: string | null }
      area: ActionArea
      buttonText?: string
      imageUrl?: string
      imageOrder?: number
    }
  | { type: 'IMAGE_IMPRESSION'; imageUrl: string; imageOrder: number }

/** The lifecycle detail of a start event, or null when it is not one the protocol knows. */
export function lifecycleDetail(event: Event): { type: LifecycleType; id: string } | null {
  const detail = (event as CustomEvent).detail as { type?: unknown; id?: unknown } | null | undefined
  if (!detail || typeof detail.id !== 'string' || (detail.type !== 'OPEN' && detail.type !== 'CLOSE')) return null
  return { type: detail.type, id: detail.id }
}

export function dispatch(win: Window & typeof globalThis, type: string, detail: unknown): void {
  win.dispatchEvent(new win.CustomEvent(type, { detail }))
}

/**
 * The interaction a click on something with `action` reports, or null when the click reports nothing (no action, or
 * a refused link that does not close). A refused `*_AND_CLOSE` link only dismisses.
 */
export function actionInteraction(
  action: Action | null,
  area: ActionArea,
  extra: { buttonText?: string; imageUrl?: string; imageOrder?: number } = {},
): Interaction | null {
  if (!action) return null
  if (action.refused) return action.refused === 'close' ? { type: 'CLOSE' } : null
  return { type: 'ACTION', action: { behavior: action.behavior, type: action.type, value: action.value }, area, ...extra }
}
