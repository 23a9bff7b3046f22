import { tools } from '../tools'
import { BaseView } from './base'
import { createBridge, installBridge } from './bridge'
import type { Builders } from './host'
import { lockPageScroll } from '../renderer/scroll-lock'

/** The client's own builders for `window.Hackle` (the first load's, in the script-tag build too). */
const builders = (): Builders => ({
  PropertyOperationsBuilder: tools.PropertyOperationsBuilder,
  HackleSubscriptionOperationsBuilder: tools.HackleSubscriptionOperationsBuilder,
  HackleSubscriptionStatus: tools.HackleSubscriptionStatus,
})

/** How long an HTML message has to render (and its PATH content to arrive). */
export const HTML_TIMEOUT_MILLIS = 5000
export const WRAPPER_CLASS = 'hackle-iam-html__wrapper'
export const IFRAME_CLASS = 'hackle-iam-html__iframe'

/** Settles like `work`, or rejects with `timeout (<ms>ms)` first. */
function withTimeout<T>(work: Promise<T>, millis: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout (${millis}ms)`)), millis)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Style properties set one by one through the CSSOM (allowed under `style-src` without `'unsafe-inline'`). */
function setStyle(element: HTMLElement, styles: Record<string, string>): void {
  for (const name of Object.keys(styles)) element.style.setProperty(name, styles[name])
}

/**
 * HTML: the message's own markup (TEXT, or fetched from PATH) in a full-screen `srcdoc` iframe, shown once it loaded
 * and `window.Hackle.bridge` is installed in it. Closing is immediate. While it is shown the page behind it does not
 * scroll (the iframe covers the whole page): the lock is taken when it appears and released by `destroy`.
 */
export class HtmlView extends BaseView {
  private wrapper: HTMLDivElement | null = null
  private unlockScroll: (() => void) | null = null

  async open(): Promise<void> {
    if (!this.canOpen()) return
    try {
      this.openStarted()
      const content = await this.content()
      if (this.abandoned()) return
      await withTimeout(this.render(content, builders()), HTML_TIMEOUT_MILLIS)
      if (this.abandoned()) return
      this.openCompleted()
    } catch (error) {
      this.openFailed(error)
    }
  }

  close(): void {
    if (!this.canClose()) return
    try {
      this.closeStarted()
      this.closeCompleted()
    } catch (error) {
      this.closeFailed(error)
    }
  }

  destroy(): void {
    this.unlockScroll?.()
    this.unlockScroll = null
    this.wrapper?.remove()
    this.wrapper = null
    this.released()
  }

  private async content(): Promise<string> {
    const { html } = this.presentation.layout
    try {
      if (html?.resourceType === 'TEXT' && typeof html.text === 'string') return html.text
      if (html?.resourceType === 'PATH' && typeof html.path === 'string') return await this.fetchContent(html.path)
      throw new Error(`Unsupported HTML resource type: ${html?.resourceType}`)
    } catch (error) {
      throw new Error(`Failed to get HTML for InAppMessage [${this.presentation.message.key}]: ${String(error)}`)
    }
  }

  private async fetchContent(path: string): Promise<string> {
    const { kernel } = this.host
    const transport = tools.transportOf(kernel)
    const response = await withTimeout(
      transport.request({ method: 'GET', url: path, headers: transport.headers() }),
      HTML_TIMEOUT_MILLIS,
    )
    if (response.status < 200 || response.status >= 300) throw new Error(`Http status code: ${response.status}`)
    if (response.body == null) throw new Error('Response body is null')
    return response.body
  }

  /** Adds the (invisible) wrapper and iframe; resolves once the iframe loaded and its bridge is installed. */
  private render(content: string, builders: Builders): Promise<void> {
    return new Promise((resolve, reject) => {
      const wrapper = document.createElement('div')
      const iframe = document.createElement('iframe')
      wrapper.classList.add(WRAPPER_CLASS)
      iframe.classList.add(IFRAME_CLASS)
      setStyle(iframe, { width: '100%', height: '100%', border: 'none', 'pointer-events': 'none' })
      setStyle(wrapper, {
        position: 'fixed', top: '0', left: '0', bottom: '0', right: '0', 'z-index': '9999',
        opacity: '0', 'pointer-events': 'none', transition: 'opacity 0.3s ease-in-out',
      })
      iframe.addEventListener('load', () => {
        try {
          const target = iframe.contentWindow
          if (!target || this.wrapper !== wrapper) throw new Error("Failed to render HTML inAppMessage. (HTML inAppMessage's container element is not found.)")
          installBridge(target, createBridge(this.host), builders)
          setStyle(iframe, { 'pointer-events': 'auto' })
          setStyle(wrapper, { opacity: '1' })
          this.unlockScroll ??= lockPageScroll(document)
          resolve()
        } catch (error) {
          reject(error)
        }
      })
      iframe.srcdoc = content
      wrapper.appendChild(iframe)
      this.wrapper = wrapper
      document.body.appendChild(wrapper)
    })
  }
}
