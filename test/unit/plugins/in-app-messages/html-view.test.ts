// The HTML view: the srcdoc iframe and its wrapper, TEXT / PATH content, timeouts, and `window.Hackle.bridge`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../../src/plugins/in-app-messages/view/index'
import type { HtmlContent, Presentation } from '../../../../src/plugins/in-app-messages/model'
import { PropertyOperationsBuilder } from '../../../../src/plugins/identity'
import { installBridge } from '../../../../src/plugins/in-app-messages/view/bridge'
import { layout, logged, presentation, settle, setUp, spyLogs } from './view-fixtures'

const NOW = 1_800_000_000_000
let closers: Array<() => void> = []

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  localStorage.clear()
})
afterEach(() => {
  for (const close of closers.splice(0)) close()
  document.body.replaceChildren()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function client(...args: Parameters<typeof setUp>) {
  const setup = setUp(...args)
  closers.push(() => {
    setup.display.dispose()
    setup.client.close()
  })
  return setup
}

const htmlPresentation = (html: HtmlContent, overrides: Partial<Presentation> = {}) =>
  presentation({ layout: layout({ layout: { displayType: 'HTML', layoutType: 'NONE', alignment: null }, html, text: null, buttons: [], images: [] }), ...overrides })
const TEXT = (text: string): HtmlContent => ({ resourceType: 'TEXT', text, path: null })

/** Waits (advancing fake time in small steps) until the iframe loaded and the impression was tracked. */
async function opened(tracked: Array<{ key: string }>) {
  await vi.waitFor(() => expect(tracked.map((e) => e.key)).toContain('$in_app_impression'), { timeout: 4000, interval: 10 })
}
const frameWindow = () => (document.querySelector('iframe.hackle-iam-html__iframe') as HTMLIFrameElement).contentWindow as any

describe('in-app HTML view', () => {
  it('renders TEXT in a srcdoc iframe inside the fixed wrapper, installs the bridge, then shows it and tracks the impression', async () => {
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener({ beforeInAppMessageOpen: () => void calls.push('beforeOpen'), afterInAppMessageOpen: () => void calls.push('afterOpen') })
    display.present(htmlPresentation(TEXT('<button id="b">Go</button>')))
    await settle()
    const wrapper = document.querySelector('.hackle-iam-html__wrapper') as HTMLElement
    const iframe = wrapper.querySelector('iframe.hackle-iam-html__iframe') as HTMLIFrameElement
    expect(iframe.srcdoc).toBe('<button id="b">Go</button>')
    expect(wrapper.style.position).toBe('fixed')
    expect(wrapper.style.zIndex).toBe('9999')
    for (const side of ['top', 'left', 'bottom', 'right']) expect(wrapper.style.getPropertyValue(side)).toMatch(/^0(px)?$/)
    expect(wrapper.style.transition).toContain('opacity 0.3s ease-in-out')
    expect(iframe.style.width).toBe('100%')
    expect(iframe.style.height).toBe('100%')
    await opened(tracked)
    expect(wrapper.style.opacity).toBe('1')
    expect(iframe.style.pointerEvents).toBe('auto')
    expect(calls).toEqual(['beforeOpen', 'afterOpen'])
    expect(tracked[0].properties).toMatchObject({ in_app_message_display_type: 'HTML', button_text: [], image_url: [] })
    expect(tracked[0].properties).not.toHaveProperty('title_text')
    expect(typeof frameWindow().Hackle.bridge.trackClick).toBe('function')
    // The client's own builder classes, so operations built in the message are accepted by the client.
    expect(frameWindow().Hackle.PropertyOperationsBuilder).toBe(PropertyOperationsBuilder)
    expect(frameWindow().Hackle.HackleSubscriptionStatus.SUBSCRIBED).toBe('SUBSCRIBED')
  })

  it('installBridge merges into an existing Hackle object', () => {
    const target = new EventTarget() as any
    target.Hackle = { mine: 1 }
    const events: string[] = []
    target.addEventListener('hackleBridgeReady', () => events.push(typeof target.Hackle.bridge))
    const bridge = { trackClick: () => undefined }
    const builders = { PropertyOperationsBuilder: class {}, HackleSubscriptionOperationsBuilder: class {}, HackleSubscriptionStatus: {} }
    installBridge(target, bridge, builders)
    expect(target.Hackle.mine).toBe(1)
    expect(target.Hackle.bridge).toBe(bridge)
    expect(target.Hackle.PropertyOperationsBuilder).toBe(builders.PropertyOperationsBuilder)
    expect(events).toEqual(['object'])
  })

  it('close is immediate: $in_app_close, wrapper removed, listener calls', async () => {
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener({ beforeInAppMessageClose: () => void calls.push('beforeClose'), afterInAppMessageClose: () => void calls.push('afterClose') })
    display.present(htmlPresentation(TEXT('<p>hi</p>')))
    await opened(tracked)
    display.displayedView()!.close()
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_close'])
    expect(calls).toEqual(['beforeClose', 'afterClose'])
    expect(document.querySelector('.hackle-iam-html__wrapper')).toBeNull()
    expect(display.displayedView()).toBeNull()
  })

  it('the page does not scroll while the full-screen message is shown: locked once it appears, released by close and when the client goes (destroy)', async () => {
    const overflow = () => document.documentElement.style.getPropertyValue('overflow-y')
    document.body.style.setProperty('overflow-y', 'scroll')
    const { display, tracked } = client()
    display.present(htmlPresentation(TEXT('<p>hi</p>')))
    await settle()
    await opened(tracked)
    expect(overflow()).toBe('hidden')
    expect(document.body.style.getPropertyValue('overflow-y')).toBe('hidden')
    display.displayedView()!.close()
    expect(overflow()).toBe('')
    expect(document.body.style.getPropertyValue('overflow-y')).toBe('scroll')

    tracked.length = 0
    display.present(htmlPresentation(TEXT('<p>again</p>')))
    await opened(tracked)
    expect(overflow()).toBe('hidden')
    display.dispose()
    expect(overflow()).toBe('')
    document.body.style.removeProperty('overflow-y')
  })

  it('PATH: GET through the kernel transport with the SDK headers; a non-2xx answer is logged with the reference text', async () => {
    const logs = spyLogs()
    const { display, kernel, tracked } = client()
    const requests: Array<{ url: string; headers?: Record<string, string> }> = []
    kernel.hooks.sendRequest.tap('test', (request) => {
      requests.push(request)
      return Promise.resolve({ status: 404, body: 'nope', header: () => null })
    })
    display.present(htmlPresentation({ resourceType: 'PATH', text: null, path: 'https://example.com/message.html' }))
    await settle()
    expect(requests[0].url).toBe('https://example.com/message.html')
    expect(requests[0].headers?.['X-HACKLE-SDK-KEY']).toBe('abcdefgh12345678')
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to open inAppMessageView: Error: Failed to get HTML for InAppMessage [71]: Error: Http status code: 404'])
    expect(document.querySelector('.hackle-iam-html__wrapper')).toBeNull()
    expect(tracked).toEqual([])
    expect(display.displayedView()).toBeNull()
  })

  it('PATH: the fetched markup is rendered', async () => {
    const { display, kernel, tracked } = client()
    kernel.hooks.sendRequest.tap('test', () => Promise.resolve({ status: 200, body: '<h1>Fetched</h1>', header: () => null }))
    display.present(htmlPresentation({ resourceType: 'PATH', text: null, path: 'https://example.com/message.html' }))
    await opened(tracked)
    expect((document.querySelector('iframe') as HTMLIFrameElement).srcdoc).toBe('<h1>Fetched</h1>')
  })

  it('PATH that never answers: 5000 ms limit', async () => {
    const logs = spyLogs()
    const { display, kernel } = client()
    kernel.hooks.sendRequest.tap('test', () => new Promise(() => undefined))
    display.present(htmlPresentation({ resourceType: 'PATH', text: null, path: 'https://example.com/slow.html' }))
    await settle()
    await vi.advanceTimersByTimeAsync(4999)
    expect(logged(logs.error)).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to open inAppMessageView: Error: Failed to get HTML for InAppMessage [71]: Error: timeout (5000ms)'])
    expect(display.displayedView()).toBeNull()
  })

  it('an iframe that never loads: "Failed to open inAppMessageView: Error: timeout (5000ms)" and nothing left', async () => {
    const logs = spyLogs()
    const { display, tracked } = client()
    // The view never hears the iframe's load event.
    const add = HTMLIFrameElement.prototype.addEventListener
    vi.spyOn(HTMLIFrameElement.prototype, 'addEventListener').mockImplementation(function (this: HTMLIFrameElement, type: string, listener: any, options?: any) {
      if (type === 'load') return
      return add.call(this, type, listener, options)
    } as any)
    display.present(htmlPresentation(TEXT('<p>never</p>')))
    await settle()
    // Until it loaded, the message is invisible and lets clicks through.
    const wrapper = document.querySelector('.hackle-iam-html__wrapper') as HTMLElement
    expect(wrapper.style.opacity).toBe('0')
    expect(wrapper.style.pointerEvents).toBe('none')
    expect((wrapper.querySelector('iframe') as HTMLElement).style.pointerEvents).toBe('none')
    await vi.advanceTimersByTimeAsync(5000)
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to open inAppMessageView: Error: timeout (5000ms)'])
    expect(document.querySelector('.hackle-iam-html__wrapper')).toBeNull()
    expect(tracked).toEqual([])
  })
})

describe('in-app HTML bridge', () => {
  async function bridged(overrides: Partial<Presentation> = {}) {
    const setup = client()
    setup.display.present(htmlPresentation(TEXT('<p>bridge</p>'), overrides))
    await opened(setup.tracked)
    return { ...setup, bridge: frameWindow().Hackle.bridge }
  }

  it('trackClick: $in_app_action only (WEB_LINK, element_id), no action', async () => {
    const { bridge, tracked, display } = await bridged()
    bridge.trackClick('cta')
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action'])
    expect(Object.entries(tracked[1].properties)).toEqual(
      Object.entries({
        $trigger_event_insert_id: 'insert-1', in_app_message_id: 701, in_app_message_key: 71, in_app_message_display_type: 'HTML',
        decision_reason: 'IN_APP_MESSAGE_TARGET', action_type: 'WEB_LINK', element_id: 'cta',
      }),
    )
    expect(display.displayedView()).not.toBeNull()
  })

  it('handleUrl: event + action (a string URL is LINK_AND_CLOSE); openUrl: action only', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { bridge, tracked, display } = await bridged()
    bridge.openUrl({ url: 'https://example.com/tab', target: 'NEW_TAB', shouldCloseAfterLink: false })
    expect(open).toHaveBeenCalledWith('https://example.com/tab')
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
    bridge.handleUrl({ url: 'https://example.com/win', target: 'NEW_WINDOW', shouldCloseAfterLink: true }, 'link-1')
    expect(open).toHaveBeenLastCalledWith('https://example.com/win', 'Hackle', 'resizable:true')
    expect(tracked[1].properties).toMatchObject({ action_type: 'LINK_NEW_WINDOW_AND_CLOSE', action_value: 'https://example.com/win', element_id: 'link-1' })
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action', '$in_app_close'])
    expect(display.displayedView()).toBeNull()
  })

  it('a javascript: URL through the bridge is refused and logged; the message closes (LINK_AND_CLOSE)', async () => {
    const logs = spyLogs()
    const { bridge, tracked } = await bridged()
    const before = location.href
    bridge.handleUrl('javascript:alert(document.cookie)')
    expect(location.href).toBe(before)
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Invalid url: javascript:alert(document.cookie)'])
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action', '$in_app_close'])
  })

  it('closeInAppMessage(true) hides for a day (HIDDEN event, storage, close); (n) for n minutes; () and (false) just close', async () => {
    let setup = await bridged()
    let now = Date.now()
    setup.bridge.closeInAppMessage(true)
    expect(setup.tracked[1].properties).toMatchObject({ action_type: 'HIDDEN', action_value: '86400000' })
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_71')).toBe(String(now + 86_400_000))
    expect(setup.display.displayedView()).toBeNull()

    setup = await bridged({ message: { id: 702, key: 72 } })
    now = Date.now()
    setup.bridge.closeInAppMessage(30)
    expect(setup.tracked[1].properties).toMatchObject({ action_type: 'HIDDEN', action_value: '1800000' })
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_72')).toBe(String(now + 30 * 60_000))

    setup = await bridged({ message: { id: 703, key: 73 } })
    setup.bridge.closeInAppMessage(false)
    expect(setup.tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_close'])
    setup = await bridged({ message: { id: 704, key: 74 } })
    setup.bridge.closeInAppMessage()
    expect(setup.tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_close'])
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_73')).toBeNull()
  })

  it('getTriggerEvent / getTriggerEventProperty (default for missing and null)', async () => {
    const { bridge } = await bridged()
    expect(bridge.getTriggerEvent()).toEqual({ key: 'show_iam', properties: { coupon: 'SALE20', empty: null } })
    expect(bridge.getTriggerEventProperty('coupon', 'none')).toBe('SALE20')
    expect(bridge.getTriggerEventProperty('empty', 'none')).toBe('none')
    expect(bridge.getTriggerEventProperty('missing', 3)).toBe(3)
  })

  it('client methods are delegated; unsupported ones only warn; onInitialized resolves {success:false}', async () => {
    const logs = spyLogs()
    const { bridge, client: hackle, tracked } = await bridged()
    expect(bridge.getUser()).toEqual(hackle.getUser())
    expect(bridge.variation(999)).toBe('A')
    bridge.track('from_iframe')
    expect(tracked.map((e) => e.key)).toContain('from_iframe')
    for (const name of ['trackPageView', 'setCurrentPage', 'close', 'onReady', 'getExperiment', 'setInAppMessageListener', 'fetch']) {
      expect(bridge[name]()).toBeUndefined()
    }
    await expect(bridge.onInitialized()).resolves.toEqual({ success: false })
    const unsupported = () => logged(logs.warn).filter((line) => line.includes('not supported'))
    expect(unsupported()).toEqual(
      ['trackPageView', 'setCurrentPage', 'close', 'onReady', 'getExperiment', 'setInAppMessageListener', 'fetch', 'onInitialized'].map(
        (name) => `[WARN] Hackle: ${name} is not supported in WebIframeInAppMessageBridge`,
      ),
    )
    // A kernel-only client has no setUserId: the bridge says so instead of throwing.
    expect(bridge.setUserId('x')).toBeUndefined()
    expect(unsupported().at(-1)).toBe('[WARN] Hackle: setUserId is not supported in WebIframeInAppMessageBridge')
    for (const name of [
      'getUser', 'setUser', 'setUserId', 'setDeviceId', 'setUserProperty', 'setUserProperties', 'updateUserProperties', 'updatePushSubscriptions',
      'updateSmsSubscriptions', 'updateKakaoSubscriptions', 'setPhoneNumber', 'unsetPhoneNumber', 'track', 'getDisplayedInAppMessageView',
      'variation', 'variationDetail', 'isFeatureOn', 'featureFlagDetail', 'remoteConfig', 'getSessionId', 'resetUser', 'showUserExplorer',
      'hideUserExplorer', 'isOptOutTracking', 'setOptOutTracking', 'openUrl', 'trackClick', 'handleUrl', 'closeInAppMessage',
      'getTriggerEvent', 'getTriggerEventProperty',
    ]) {
      expect(typeof bridge[name], name).toBe('function')
    }
  })

  it('message methods throw the reference text once no message is displayed; getTriggerEvent answers undefined', async () => {
    const { bridge, display } = await bridged()
    display.displayedView()!.close()
    expect(() => bridge.trackClick('x')).toThrow('Failed to get current in-app message view because current in-app message view is not found')
    expect(bridge.getTriggerEvent()).toBeUndefined()
    expect(bridge.getTriggerEventProperty('coupon', 'd')).toBe('d')
  })
})
