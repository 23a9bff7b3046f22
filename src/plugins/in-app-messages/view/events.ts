import type { Kernel, Properties, User } from '../../../kernel'
import type { MessageAction, Presentation } from '../model'

/** A click as a view reports it: the action, and where it happened (renderer `area`, HTML `element_id`). */
export interface ViewAction {
  action: MessageAction
  /** As the renderer reports them (passed on as given). */
  area?: unknown
  buttonText?: unknown
  imageUrl?: unknown
  imageOrder?: unknown
  elementId?: unknown
}

/** Copies the entries whose value is neither undefined nor null, in order. */
function present(entries: Properties): Properties {
  const out: Properties = {}
  for (const key of Object.keys(entries)) if (entries[key] !== undefined && entries[key] !== null) out[key] = entries[key]
  return out
}

/** What every `$in_app_*` event starts with: the presentation's properties, then the message and the reason. */
function common(p: Presentation): Properties {
  return {
    ...p.properties,
    in_app_message_id: p.message.id,
    in_app_message_key: p.message.key,
    in_app_message_display_type: p.layout.layout.displayType,
    decision_reason: String(p.reason),
  }
}

export const impressionProperties = (p: Presentation): Properties => ({
  ...common(p),
  ...present({ title_text: p.layout.text?.title.text, body_text: p.layout.text?.body.text }),
  button_text: p.layout.buttons.map((button) => button.text),
  image_url: p.layout.images.map((image) => image.imagePath),
})

export const closeProperties = common

export const actionProperties = (p: Presentation, event: ViewAction): Properties => ({
  ...common(p),
  ...present({
    action_type: event.action.type,
    action_area: event.area,
    action_value: event.action.value,
    button_text: event.buttonText,
    image_url: event.imageUrl,
    image_order: event.imageOrder,
    element_id: event.elementId,
  }),
})

export const imageImpressionProperties = (p: Presentation, imageUrl: unknown, imageOrder: unknown): Properties => ({
  ...common(p),
  ...present({ image_url: imageUrl, image_order: imageOrder }),
})

/** The presentation's evaluation user as a `User` the kernel resolves back to the same identifiers (`$sessionId` kept). */
function userOf(p: Presentation): User {
  const { $id, $userId, $deviceId, $hackleDeviceId: _hackleDeviceId, ...others } = p.user.identifiers
  const identifiers: Record<string, string> = {}
  for (const type of Object.keys(others)) identifiers[type] = others[type] as string
  return {
    id: $id as string | undefined,
    userId: $userId as string | undefined,
    deviceId: $deviceId as string | undefined,
    identifiers,
    properties: p.user.properties,
  }
}

/** Tracks an `$in_app_*` event for the presentation's user at the view event's time. */
export function trackViewEvent(kernel: Kernel, p: Presentation, key: string, properties: Properties): void {
  kernel.track({ key, properties }, { user: userOf(p), timestamp: Date.now() })
}
