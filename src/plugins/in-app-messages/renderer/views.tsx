import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { Message } from './message'
import { Media } from './media'
import { Buttons, CloseButton, DIALOG_LABEL, InnerButtons, MessageArea, OuterButtons, Texts, textAlign, useView } from './parts'

export type RenderType = 'mobile' | 'pc'
export type Phase = 'rendered' | 'opening' | 'open' | 'closing'

const TITLE_ID = 'hackle-iam-title'

const hasText = (message: Message) => message.layoutType === 'IMAGE_TEXT' || message.layoutType === 'TEXT_ONLY'
const hasImages = (message: Message) => message.layoutType !== 'TEXT_ONLY' && message.images.length > 0
const ratio = (message: Message) => (message.images[0]?.orientation === 'HORIZONTAL' ? 'ratio-h' : 'ratio-v')

/** The dialog's accessible name: its title, else a generic label. */
function dialogName(message: Message, textShown: boolean) {
  return textShown && message.title ? { 'aria-labelledby': TITLE_ID } : { 'aria-label': message.title?.text ?? DIALOG_LABEL }
}

function TextBlock({ message, fallback }: { message: Message; fallback: 'LEFT' | 'CENTER' }) {
  if (!hasText(message) || (!message.title && !message.body)) return null
  const align = textAlign(message, fallback)
  const className = `content ${align}${message.title ? '' : ' only-body'}`
  return (
    <MessageArea action={message.action}>
      <span className={className}>
        <Texts title={message.title} body={message.body} titleId={TITLE_ID} />
      </span>
    </MessageArea>
  )
}

function MessageMedia({ message, className }: { message: Message; className: string }) {
  if (!hasImages(message)) return null
  return (
    <Media
      images={message.images}
      className={className}
      autoScrollMillis={message.autoScrollMillis}
      messageAction={message.action}
      alt={message.title?.text ?? ''}
    >
      <InnerButtons buttons={message.innerButtons} />
    </Media>
  )
}

/**
 * The scrolling part of a card or sheet. When its content overflows it joins the tab order, so keyboard users can
 * scroll it too.
 */
function Scroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    const ResizeObserverClass = element.ownerDocument.defaultView?.ResizeObserver
    if (!ResizeObserverClass) return
    const observer = new ResizeObserverClass(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="scroll" ref={ref} tabIndex={overflows ? 0 : undefined}>
      {children}
    </div>
  )
}

/** How a dialog surface differs between the modal and the bottom sheet. */
const SURFACES = {
  modal: { overlay: 'overlay', stack: 'stack', surface: 'card', textFallback: 'CENTER', bottomInside: false },
  sheet: { overlay: 'overlay sheet-overlay', stack: 'sheet-stack', surface: 'sheet', textFallback: 'LEFT', bottomInside: true },
} as const

/**
 * A dialog over a dimmed page: media, texts and buttons; outer buttons above the surface, and below it (modal) or in
 * its footer (sheet). A click on the backdrop dismisses it.
 */
function DialogSurface({ message, renderType, kind }: { message: Message; renderType: RenderType; kind: keyof typeof SURFACES }) {
  const { report } = useView()
  const look = SURFACES[kind]
  const images = hasImages(message)
  const textShown = hasText(message)
  const buttons = message.layoutType === 'IMAGE' ? [] : message.buttons
  const surfaceClass = [look.surface, `layout-${message.layoutType}`, message.closeButton ? 'has-close' : '', buttons.length ? '' : 'no-buttons']
  const dismiss = (event: { target: unknown; currentTarget: unknown }) => event.target === event.currentTarget && report({ type: 'CLOSE' })
  const bottom = <OuterButtons buttons={message.outerButtons} side="BOTTOM" />
  return (
    <div className={look.overlay} onClick={dismiss}>
      <div className={look.stack} onClick={dismiss}>
        <OuterButtons buttons={message.outerButtons} side="TOP" />
        <div
          className={surfaceClass.filter(Boolean).join(' ')}
          role="dialog"
          aria-modal="true"
          tabIndex={-1}
          {...dialogName(message, textShown)}
          style={{ backgroundColor: message.background }}
        >
          <CloseButton message={message} onImage={images} />
          <Scroll>
            <MessageMedia message={message} className={ratio(message)} />
            {!images && message.innerButtons.length > 0 && <InnerButtons buttons={message.innerButtons} />}
            <TextBlock message={message} fallback={look.textFallback} />
          </Scroll>
          <Buttons buttons={buttons} renderType={renderType} />
          {look.bottomInside && bottom}
        </div>
        {!look.bottomInside && bottom}
      </div>
    </div>
  )
}

/** A centred card over a dimmed page; outer buttons above / below the card. */
export const Modal = (props: { message: Message; renderType: RenderType }) => <DialogSurface {...props} kind="modal" />

/** A sheet from the bottom edge over a dimmed page (full width on mobile, a centred column on pc). */
export const BottomSheet = (props: { message: Message; renderType: RenderType }) => <DialogSurface {...props} kind="sheet" />

/**
 * A strip at the top or bottom edge (alignment.vertical; BOTTOM unless TOP) that leaves the page usable: no
 * backdrop, no focus taken. IMAGE_TEXT shows a thumbnail beside the texts; IMAGE_ONLY / IMAGE a wide image.
 */
export function Banner({ message, renderType }: { message: Message; renderType: RenderType }) {
  const vertical = message.vertical === 'TOP' ? 'TOP' : 'BOTTOM'
  const horizontal = message.horizontal ?? 'CENTER'
  const images = hasImages(message)
  const wide = images && (message.layoutType === 'IMAGE_ONLY' || message.layoutType === 'IMAGE')
  const label = message.title?.text ?? DIALOG_LABEL
  return (
    <div className={`banner-wrap ${vertical} ${horizontal}`}>
      <div
        className={message.closeButton ? 'banner has-close' : 'banner'}
        role="region"
        aria-label={label}
        style={{ backgroundColor: message.background }}
      >
        <CloseButton message={message} onImage={wide} />
        {wide ? (
          <MessageMedia message={message} className="banner-media" />
        ) : (
          <MessageArea action={message.action}>
            <span className="banner-row">
              {images && (
                <Media images={message.images.slice(0, 1)} className="thumb" autoScrollMillis={null} messageAction={null} alt="" />
              )}
              <span className="text">
                <Texts title={message.title} body={message.body} titleId={TITLE_ID} />
              </span>
            </span>
          </MessageArea>
        )}
        {message.layoutType !== 'IMAGE' && <Buttons buttons={message.buttons} renderType={renderType} />}
      </div>
    </div>
  )
}
