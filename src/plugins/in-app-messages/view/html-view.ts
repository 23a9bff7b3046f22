import { HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus, PropertyOperationsBuilder, sdkHeaders, transportOf } from '../../../internal'
import { BaseView } from './base'
import { createBridge, installBridge } from './bridge'
import type { Builders } from './host'

/** Set to `true` by the script-tag build (a build-time constant); undefined in the npm builds and in tests. */
declare const __HACKLE_SCRIPT_TAG__: boolean | undefined

/**
 * The client's builders for `window.Hackle`: the script-tag build hands them over (the view script's copies would be
 * other classes); the npm build imports the same module the client uses (written inline so that the view script drops
 * the import).
 */
const loadBuilders: (given: Builders | undefined) => Promise<Builders> =
  typeof __HACKLE_SCRIPT_TAG__ !== 'undefined' && __HACKLE_SCRIPT_TAG__
    ? (given) => (given ? Promise.resolve(given) : Promise.reject(new Error('the in-app view script needs the client builders')))
    : () =>
        Promise.resolve({ PropertyOperationsBuilder, HackleSubscriptionOperationsBuilder, HackleSubscriptionStatus })

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
 * and `window.Hackle.bridge` is installed in it. Closing is immediate.
 */
export class HtmlView extends BaseView {
  private wrapper: HTMLDivElement | null = null

  async open(): Promise<void> {
    if (!this.canOpen()) return
    try {
      this.openStarted()
      const content = await this.content()
      const builders = await loadBuilders(this.host.builders)
      if (this.abandoned()) return
      await withTimeout(this.render(content, builders), HTML_TIMEOUT_MILLIS)
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
    const response = await withTimeout(
      transportOf(kernel).request({ method: 'GET', url: path, headers: sdkHeaders(kernel.sdkKey) }),
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
