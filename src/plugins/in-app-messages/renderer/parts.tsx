import { createContext, useContext, type Context, type ReactNode } from 'react'
import type { Action, Button, Horizontal, Message, PositionedButton, Text } from './message'
import { actionInteraction, type ActionArea, type Interaction } from './protocol'

/** The view's way back to the renderer: interactions to report, image impressions to count, whether it is shown. */
export interface ViewContext {
  report(interaction: Interaction | null): void
  imageShown(url: string, order: number): void
  /** True once the open handshake started and until close: carousels scroll and images count only then. */
  shown: boolean
}

let ctx: Context<ViewContext> | undefined
/**
 * The views' context, made on first use: the React-free build of this renderer draws with the page's React, which it
 * is given after its modules are evaluated (and the context must be that React's).
 */
export const viewContext = (): Context<ViewContext> => (ctx ??= createContext<ViewContext>({ report() {}, imageShown() {}, shown: false }))
export const useView = () => useContext(viewContext())

export const DIALOG_LABEL = 'In-app message'

/** Clicking the area reports the message-level action (area MESSAGE); without one the children are drawn as is. */
export function MessageArea({ action, label, children }: { action: Action | null; label?: string; children: ReactNode }) {
  const { report } = useView()
  if (!action) return <>{children}</>
  return (
    <button type="button" className="area" aria-label={label} onClick={() => report(actionInteraction(action, 'MESSAGE'))}>
      {children}
    </button>
  )
}

export function CloseButton({ message, onImage }: { message: Message; onImage: boolean }) {
  const { report } = useView()
  const close = message.closeButton
  if (!close) return null
  const onClick = () => {
    const action = close.action
    // An X whose action is a plain close dismisses; any other action (HIDDEN, a link) is reported as X_BUTTON.
    report(!action || action.type === 'CLOSE' ? { type: 'CLOSE' } : actionInteraction(action, 'X_BUTTON'))
  }
  return (
    <button
      type="button"
      // Over an image the X gets a disc that contrasts with its colour: dark for a light X, light for a dark one.
      className={onImage ? (isDark(close.color) ? 'close on-image light' : 'close on-image') : 'close'}
      aria-label="Close"
      style={{ color: close.color }}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  )
}

/** True for a #rgb / #rrggbb colour of low luminance (other notations count as light). */
export function isDark(colour: string | undefined): boolean {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour?.trim() ?? '')?.[1]
  if (!hex) return false
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 0.5
}

export function textAlign(message: Message, fallback: Horizontal): string {
  const horizontal = message.horizontal ?? fallback
  return horizontal === 'LEFT' ? 'left' : horizontal === 'RIGHT' ? 'right' : 'center'
}

/** Title and body: always text nodes (React escapes them), never parsed as HTML. */
export function Texts({ title, body, titleId }: { title: Text | null; body: Text | null; titleId: string }) {
  return (
    <>
      {title && (
        <span className="title" id={titleId} role="heading" aria-level={2} dir="auto" style={{ color: title.color }}>
          {title.text}
        </span>
      )}
      {body && (
        <span className="body" dir="auto" style={{ color: body.color }}>
          {body.text}
        </span>
      )}
    </>
  )
}

/** Two short buttons sit side by side; one button fills the row; three or more, or long texts, stack. */
export function isVertical(buttons: Button[], renderType: 'mobile' | 'pc'): boolean {
  if (buttons.length > 2) return true
  const limit = renderType === 'mobile' ? 14 : 20
  return buttons.length === 2 && buttons.some((button) => button.text.length > limit)
}

export function ActionButton({ button, className = 'btn' }: { button: Button; className?: string }) {
  const { report } = useView()
  return (
    <button
      type="button"
      className={className}
      style={{ color: button.textColor, backgroundColor: button.bgColor, borderColor: button.borderColor }}
      onClick={() => report(actionInteraction(button.action, 'BUTTON', { buttonText: button.text }))}
    >
      {button.text}
    </button>
  )
}

export function Buttons({ buttons, renderType }: { buttons: Button[]; renderType: 'mobile' | 'pc' }) {
  if (!buttons.length) return null
  const vertical = isVertical(buttons, renderType)
  return (
    <div className={vertical ? 'actions vertical' : 'actions'}>
      {buttons.map((button, index) => (
        <ActionButton
          key={index}
          button={button}
          // Without the message's own colours the last button is the primary one.
          className={index === buttons.length - 1 && !button.bgColor ? 'btn primary' : 'btn'}
        />
      ))}
    </div>
  )
}

/** Positional buttons laid over the message's media (inner buttons). */
export function InnerButtons({ buttons }: { buttons: PositionedButton[] }) {
  if (!buttons.length) return null
  return (
    <div className="inner">
      {buttons.map((button, index) => (
        <span key={index} className={`pos ${button.vertical} ${button.horizontal}`}>
          <ActionButton button={button} className="btn" />
        </span>
      ))}
    </div>
  )
}

/** Positional buttons outside the message, one row per vertical side, grouped left / centre / right. */
export function OuterButtons({ buttons, side }: { buttons: PositionedButton[]; side: 'TOP' | 'BOTTOM' }) {
  const row = buttons.filter((button) => (side === 'TOP' ? button.vertical === 'TOP' : button.vertical !== 'TOP'))
  if (!row.length) return null
  const groups: Horizontal[] = ['LEFT', 'CENTER', 'RIGHT']
  return (
    <div className={`outer ${side}`}>
      {groups.map((horizontal) => (
        <span key={horizontal} className={`group ${horizontal}`}>
          {row
            .filter((button) => button.horizontal === horizontal)
            .map((button, index) => (
              <ActionButton key={index} button={button} className="outer-btn" />
            ))}
        </span>
      ))}
    </div>
  )
}
