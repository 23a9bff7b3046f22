import type { EvaluationUser } from '../../../kernel'
import type { Alignment, MessageAction, MessageButton, MessageLayout, PositionalButton, TextContent } from '../model'

const actionJson = (action: MessageAction) => ({ behavior: action.behavior, type: action.type, value: action.value ?? null })
const alignmentJson = (alignment: Alignment) => ({ horizontal: alignment.horizontal, vertical: alignment.vertical })
const textJson = (text: TextContent) => ({ text: text.text, style: { textColor: text.style.textColor } })
const buttonJson = (button: MessageButton) => ({
  text: button.text,
  action: actionJson(button.action),
  style: { textColor: button.style.textColor, bgColor: button.style.bgColor, borderColor: button.style.borderColor },
})
const positionalJson = (positional: PositionalButton) => ({ button: buttonJson(positional.button), alignment: alignmentJson(positional.alignment) })

/**
 * The message as the renderer protocol sends it: the workspace config's message shape, keys in the reference's order
 * (close button as `{action, style:{color}}`, image auto-scroll as `{interval:{timeUnit:"milliseconds", amount}}`),
 * absent optionals null.
 */
export function toMessageJson(message: MessageLayout): Record<string, unknown> {
  const { layout, html } = message
  return {
    variationKey: message.variationKey ?? null,
    lang: message.lang,
    layout: { layoutType: layout.layoutType, alignment: layout.alignment ? alignmentJson(layout.alignment) : null, displayType: layout.displayType },
    images: message.images.map((image) => ({
      orientation: image.orientation,
      imagePath: image.imagePath,
      action: image.action ? actionJson(image.action) : null,
    })),
    imageAutoScroll:
      message.imageAutoScrollMillis == null ? null : { interval: { timeUnit: 'milliseconds', amount: message.imageAutoScrollMillis } },
    text: message.text ? { title: textJson(message.text.title), body: textJson(message.text.body) } : null,
    closeButton: message.closeButton
      ? { action: actionJson(message.closeButton.action), style: { color: message.closeButton.style.color } }
      : null,
    buttons: message.buttons.map(buttonJson),
    background: { color: message.background.color },
    action: message.action ? actionJson(message.action) : null,
    outerButtons: message.outerButtons.map(positionalJson),
    innerButtons: message.innerButtons.map(positionalJson),
    html: html
      ? html.resourceType === 'TEXT'
        ? { resourceType: 'TEXT', text: html.text, path: null }
        : { resourceType: 'PATH', text: null, path: html.path }
      : null,
  }
}

const MOBILE_OS = /iOS|Android|iPad|iPhone/
const MOBILE_DEVICE = /mobile|phone|tablet/

/** `mobile` when the user's hackle properties say a mobile OS or a phone/tablet device, else `pc`. */
export function renderTypeOf(user: EvaluationUser): 'mobile' | 'pc' {
  const { osName, deviceType } = user.hackleProperties ?? {}
  const mobile = (typeof osName === 'string' && MOBILE_OS.test(osName)) || (typeof deviceType === 'string' && MOBILE_DEVICE.test(deviceType))
  return mobile ? 'mobile' : 'pc'
}
