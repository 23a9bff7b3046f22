import { useEffect, useRef, useState, type ReactNode } from 'react'
import { safeImageUrl, type Action, type Image } from './message'
import { actionInteraction } from './protocol'
import { useView } from './parts'

type LoadState = 'loading' | 'loaded' | 'failed'

/**
 * One image, or several as a carousel: dots to pick a slide, swipe, arrow keys, and auto-scroll every `autoScrollMillis` while
 * the message is shown (paused while the pointer or the focus is inside). A slide counts as an image impression the
 * first time it is visible and loaded; a slide still loading shows a shimmering placeholder.
 */
export function Media({
  images,
  className,
  autoScrollMillis,
  messageAction,
  alt,
  children,
}: {
  images: Image[]
  className: string
  autoScrollMillis: number | null
  messageAction: Action | null
  alt: string
  children?: ReactNode
}) {
  const { shown } = useView()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const swipeFrom = useRef<number | null>(null)
  // A swipe ends with a click on the slide it started on: that click is not a tap on the image.
  const swiped = useRef(false)
  const count = images.length

  useEffect(() => {
    if (!shown || paused || count < 2 || !autoScrollMillis) return
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), autoScrollMillis)
    return () => clearTimeout(timer)
  }, [shown, paused, count, autoScrollMillis, index])

  if (!count) return null
  const go = (next: number) => setIndex(((next % count) + count) % count)
  return (
    <div
      className={`media ${className}`}
      role={count > 1 ? 'group' : undefined}
      aria-roledescription={count > 1 ? 'carousel' : undefined}
      aria-label={count > 1 ? 'Images' : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(event) => (swipeFrom.current = event.clientX)}
      onPointerUp={(event) => {
        const from = swipeFrom.current
        swipeFrom.current = null
        if (from === null || count < 2 || Math.abs(event.clientX - from) < 40) return
        swiped.current = true
        go(index + (event.clientX < from ? 1 : -1))
      }}
      onKeyDown={(event) => {
        if (count < 2 || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return
        event.preventDefault()
        go(index + (event.key === 'ArrowRight' ? 1 : -1))
      }}
      onClickCapture={(event) => {
        if (!swiped.current) return
        swiped.current = false
        event.stopPropagation()
        event.preventDefault()
      }}
    >
      <div className="track" style={{ transform: `translateX(${-100 * index}%)` }}>
        {images.map((image, position) => (
          <Slide
            key={position}
            image={image}
            current={position === index}
            label={count > 1 ? `Image ${position + 1} of ${count}` : 'Image'}
            alt={alt}
            messageAction={messageAction}
          />
        ))}
      </div>
      {count > 1 && (
        <div className="dots">
          {images.map((_, position) => (
            <button
              key={position}
              type="button"
              className="dot"
              aria-label={`Show image ${position + 1} of ${count}`}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => go(position)}
            />
          ))}
        </div>
      )}
      {children}
    </div>
  )
}

function Slide({ image, current, label, alt, messageAction }: { image: Image; current: boolean; label: string; alt: string; messageAction: Action | null }) {
  const { report, imageShown, shown } = useView()
  const [state, setState] = useState<LoadState>('loading')
  const src = safeImageUrl(image.url)

  useEffect(() => {
    if (shown && current && state === 'loaded') imageShown(image.url, image.order)
  }, [shown, current, state, image, imageShown])

  if (!src) return null
  const picture = (
    <img
      src={src}
      alt={image.action || messageAction ? '' : alt}
      className={state === 'loaded' ? 'loaded' : undefined}
      draggable={false}
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
    />
  )
  const own = image.action
  const action = own ?? messageAction
  return (
    <div className={state === 'failed' ? 'slide failed' : 'slide'} aria-hidden={current ? undefined : true} inert={!current || undefined}>
      {state !== 'loaded' && <span className="skeleton" aria-hidden="true" />}
      {action ? (
        <button
          type="button"
          className="area"
          aria-label={alt ? `${alt} (${label})` : label}
          onClick={() =>
            report(own ? actionInteraction(own, 'IMAGE', { imageUrl: image.url, imageOrder: image.order }) : actionInteraction(messageAction, 'MESSAGE'))
          }
        >
          {picture}
        </button>
      ) : (
        picture
      )}
    </div>
  )
}
