// The script view (MODAL / BANNER / BOTTOM_SHEET) against a stand-in renderer: the renderer protocol, the state
// machine, listener calls, actions and the `$in_app_*` events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../../../src/plugins/in-app-messages/view/index'
import type { InAppMessageListener } from '../../../../src/plugins/in-app-messages/model'
import { action, installStandInRenderer, layout, logged, presentation, settle, setUp, spyLogs, type StandInRenderer } from './view-fixtures'

const NOW = 1_800_000_000_000
let renderer: StandInRenderer
let closers: Array<() => void> = []

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  renderer = installStandInRenderer()
  localStorage.clear()
})
afterEach(() => {
  for (const close of closers.splice(0)) close()
  renderer.uninstall()
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

const recordingListener = (calls: string[], click?: (action: unknown) => boolean | void): InAppMessageListener => ({
  beforeInAppMessageOpen: (m) => void calls.push(`beforeOpen ${m.key}`),
  afterInAppMessageOpen: (m) => void calls.push(`afterOpen ${m.key}`),
  beforeInAppMessageClose: (m) => void calls.push(`beforeClose ${m.key}`),
  afterInAppMessageClose: (m) => void calls.push(`afterClose ${m.key}`),
  onInAppMessageClick(message, view, clicked) {
    calls.push(`click ${message.key} ${view.inAppMessage.key}`)
    return click?.(clicked)
  },
})

const COMMON = {
  $trigger_event_insert_id: 'insert-1',
  in_app_message_id: 701,
  in_app_message_key: 71,
  in_app_message_display_type: 'MODAL',
  decision_reason: 'IN_APP_MESSAGE_TARGET',
}

describe('in-app script view', () => {
  it('works without any message: no displayed view, a listener can be set and unset', () => {
    const { display } = client()
    expect(display.displayedView()).toBeNull()
    display.setListener({})
    display.setListener(null)
    expect(display.displayedView()).toBeNull()
  })

  it('opens through the renderer protocol: container, render input in the DTO shape, handshake, one impression', async () => {
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener(recordingListener(calls))
    display.present(presentation())
    await settle()

    expect(renderer.renders).toHaveLength(1)
    const [render] = renderer.renders
    expect(render.containerClass).toBe('hackle-iam hackle-iam--loading')
    expect(render.containerDisplay).toBe('none')
    expect(render.messageId).toBe(701)
    expect(render.renderType).toBe('pc')
    expect(JSON.stringify(render.message)).toBe(
      JSON.stringify({
        variationKey: null,
        lang: 'en',
        layout: { layoutType: 'IMAGE_TEXT', alignment: { horizontal: 'CENTER', vertical: 'MIDDLE' }, displayType: 'MODAL' },
        images: [{ orientation: 'VERTICAL', imagePath: 'https://cdn.example.com/promo.png', action: { behavior: 'CLICK', type: 'WEB_LINK', value: 'https://example.com/img' } }],
        imageAutoScroll: { interval: { timeUnit: 'milliseconds', amount: 3000 } },
        text: { title: { text: 'Sale', style: { textColor: '#000000' } }, body: { text: 'Everything 20% off', style: { textColor: '#333333' } } },
        closeButton: { action: { behavior: 'CLICK', type: 'CLOSE', value: null }, style: { color: '#FFFFFF' } },
        buttons: [
          { text: 'Hide 1 day', action: { behavior: 'CLICK', type: 'HIDDEN', value: null }, style: { textColor: '#000', bgColor: '#fff', borderColor: '#ccc' } },
          { text: 'Shop', action: { behavior: 'CLICK', type: 'LINK_NEW_TAB', value: 'https://shop.example.com/sale' }, style: { textColor: '#fff', bgColor: '#00f', borderColor: '#00f' } },
        ],
        background: { color: '#FFFFFF' },
        action: null,
        outerButtons: [],
        innerButtons: [],
        html: null,
      }),
    )
    const container = document.querySelector('.hackle-iam') as HTMLElement
    expect(container.className).toBe('hackle-iam')
    expect(container.style.display).toBe('block')
    expect(renderer.starts).toEqual([{ type: 'OPEN', id: expect.stringMatching(/^[0-9a-f-]{36}$/) }])
    expect(calls).toEqual(['beforeOpen 71', 'afterOpen 71'])

    expect(tracked).toHaveLength(1)
    expect(tracked[0].key).toBe('$in_app_impression')
    expect(tracked[0].timestamp).toBe(NOW)
    expect(Object.entries(tracked[0].properties)).toEqual(
      Object.entries({ ...COMMON, title_text: 'Sale', body_text: 'Everything 20% off', button_text: ['Hide 1 day', 'Shop'], image_url: ['https://cdn.example.com/promo.png'] }),
    )
    // The presentation's user, with its session.
    expect(tracked[0].identifiers).toMatchObject({ $sessionId: 'session-1', $id: 'visitor-1', $deviceId: 'device-1', $userId: 'user-1' })
    expect(display.displayedView()?.inAppMessage).toEqual({ key: 71 })
  })

  it('A/B-tested messages carry the experiment properties first; a message without text has no title/body', async () => {
    const { display, tracked } = client()
    const experiment = { experiment_id: 11, experiment_key: 1, variation_id: 1102, variation_key: 'B', experiment_decision_reason: 'TRAFFIC_ALLOCATED' }
    display.present(presentation({ properties: { $trigger_event_insert_id: 'insert-1', ...experiment }, layout: layout({ text: null, layout: { displayType: 'BANNER', layoutType: 'IMAGE_ONLY', alignment: null } }) }))
    await settle()
    expect(Object.keys(tracked[0].properties)).toEqual([
      '$trigger_event_insert_id', 'experiment_id', 'experiment_key', 'variation_id', 'variation_key', 'experiment_decision_reason',
      'in_app_message_id', 'in_app_message_key', 'in_app_message_display_type', 'decision_reason', 'button_text', 'image_url',
    ])
    expect(tracked[0].properties).toMatchObject({ ...experiment, in_app_message_display_type: 'BANNER' })
    expect(renderer.renders[0].message.layout.alignment).toBeNull()
  })

  it.each([
    [{ osName: 'iOS', deviceType: 'pc' }, 'mobile'],
    [{ osName: 'Android' }, 'mobile'],
    [{ osName: 'Mac OS', deviceType: 'tablet' }, 'mobile'],
    [{ osName: 'Windows', deviceType: 'mobile' }, 'mobile'],
    [{ osName: 'Mac OS', deviceType: 'pc' }, 'pc'],
    [{}, 'pc'],
  ])('render type for %j is %s', async (hackleProperties, expected) => {
    const { display } = client()
    const p = presentation()
    display.present({ ...p, user: { ...p.user, hackleProperties } })
    await settle()
    expect(renderer.renders[0].renderType).toBe(expected)
  })

  it('shows one message at a time: a second presentation while one is opening or shown does nothing', async () => {
    const { display, tracked } = client()
    display.present(presentation())
    display.present(presentation({ message: { id: 702, key: 72 } }))
    await settle()
    display.present(presentation({ message: { id: 702, key: 72 } }))
    await settle()
    expect(renderer.renders.map((r) => r.messageId)).toEqual([701])
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
  })

  it('CLOSE interaction: before/after close around the CLOSE handshake, $in_app_close, renderer destroyed, nothing left', async () => {
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener(recordingListener(calls))
    display.present(presentation())
    await settle()
    vi.setSystemTime(NOW + 1234)
    renderer.interact({ type: 'CLOSE' })
    expect(calls).toEqual(['beforeOpen 71', 'afterOpen 71', 'beforeClose 71', 'afterClose 71'])
    expect(renderer.starts.map((s) => s.type)).toEqual(['OPEN', 'CLOSE'])
    expect(renderer.destroyed).toBe(1)
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_close'])
    expect(Object.entries(tracked[1].properties)).toEqual(Object.entries(COMMON))
    expect(tracked[1].timestamp).toBe(NOW + 1234)
    expect(document.querySelector('.hackle-iam')).toBeNull()
    expect(display.displayedView()).toBeNull()
    // The next message can show.
    display.present(presentation({ message: { id: 702, key: 72 } }))
    await settle()
    expect(renderer.renders.map((r) => r.messageId)).toEqual([701, 702])
  })

  it('ACTION interaction: $in_app_action with the click details, the listener sees public shapes, then the action runs', async () => {
    const { display, tracked } = client()
    const calls: string[] = []
    const clicks: unknown[] = []
    display.setListener(recordingListener(calls, (a) => void clicks.push(a)))
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    display.present(presentation())
    await settle()
    renderer.interact({ type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_NEW_TAB', value: 'https://shop.example.com/sale' }, area: 'BUTTON', buttonText: 'Shop' })
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action'])
    expect(Object.entries(tracked[1].properties)).toEqual(
      Object.entries({ ...COMMON, action_type: 'LINK_NEW_TAB', action_area: 'BUTTON', action_value: 'https://shop.example.com/sale', button_text: 'Shop' }),
    )
    expect(clicks).toEqual([{ type: 'LINK', close: undefined, link: { url: 'https://shop.example.com/sale', target: 'NEW_TAB', shouldCloseAfterLink: false } }])
    expect(calls).toContain('click 71 71')
    expect(open).toHaveBeenCalledWith('https://shop.example.com/sale')
    expect(display.displayedView()).not.toBeNull()
  })

  it('a listener that handles the click (returns true) stops the action; the event is still tracked', async () => {
    const { display, tracked } = client()
    display.setListener({ onInAppMessageClick: () => true })
    display.present(presentation())
    await settle()
    renderer.interact({ type: 'ACTION', action: { behavior: 'CLICK', type: 'CLOSE', value: null }, area: 'X_BUTTON' })
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action'])
    expect(display.displayedView()).not.toBeNull()
    expect(renderer.starts.map((s) => s.type)).toEqual(['OPEN'])
  })

  it('an invalid ACTION detail is ignored; IMAGE_IMPRESSION tracks $in_app_image_impression', async () => {
    const { display, tracked } = client()
    display.present(presentation())
    await settle()
    renderer.interact({ type: 'ACTION', action: { behavior: 'HOVER', type: 'CLOSE', value: null }, area: 'BUTTON' })
    renderer.interact({ type: 'ACTION', action: { behavior: 'CLICK', type: 'EXPLODE', value: null }, area: 'BUTTON' })
    renderer.interact({ type: 'IMAGE_IMPRESSION', imageUrl: 'https://cdn.example.com/promo.png', imageOrder: 0 })
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_image_impression'])
    expect(Object.entries(tracked[1].properties)).toEqual(Object.entries({ ...COMMON, image_url: 'https://cdn.example.com/promo.png', image_order: 0 }))
  })

  it('an image ACTION reports image url and order; CLOSE action closes the view (close event after the action event)', async () => {
    const { display, tracked } = client()
    display.present(presentation())
    await settle()
    renderer.interact({ type: 'ACTION', action: { behavior: 'CLICK', type: 'CLOSE', value: null }, area: 'IMAGE', imageUrl: 'https://cdn.example.com/promo.png', imageOrder: 1 })
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action', '$in_app_close'])
    expect(tracked[1].properties).toMatchObject({ action_type: 'CLOSE', action_area: 'IMAGE', image_url: 'https://cdn.example.com/promo.png', image_order: 1 })
    expect(tracked[1].properties).not.toHaveProperty('action_value')
    expect(display.displayedView()).toBeNull()
  })

  it('a renderer that never answers: after 5000 ms "Failed to open inAppMessageView: Error: Timeout expired." and nothing is left', async () => {
    const logs = spyLogs()
    renderer.answer = false
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener(recordingListener(calls))
    display.present(presentation())
    await settle()
    await vi.advanceTimersByTimeAsync(4999)
    expect(document.querySelector('.hackle-iam')).not.toBeNull()
    expect(logged(logs.error)).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to open inAppMessageView: Error: Timeout expired.'])
    expect(document.querySelector('.hackle-iam')).toBeNull()
    expect(renderer.destroyed).toBe(1)
    expect(tracked).toEqual([])
    expect(calls).toEqual(['beforeOpen 71'])
    expect(display.displayedView()).toBeNull()
  })

  it('a close that is never answered: "Failed to close inAppMessageView: Error: Timeout expired.", afterClose, no close event', async () => {
    const logs = spyLogs()
    const { display, tracked } = client()
    const calls: string[] = []
    display.setListener(recordingListener(calls))
    display.present(presentation())
    await settle()
    renderer.answer = false
    display.displayedView()!.close()
    display.displayedView()!.close() // already closing: nothing more
    await vi.advanceTimersByTimeAsync(5000)
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to close inAppMessageView: Error: Timeout expired.'])
    expect(calls).toEqual(['beforeOpen 71', 'afterOpen 71', 'beforeClose 71', 'afterClose 71'])
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
    expect(document.querySelector('.hackle-iam')).toBeNull()
  })

  it('a lifecycle answer with a wrong id or type is not accepted', async () => {
    const logs = spyLogs()
    renderer.answer = false
    const { display, tracked } = client()
    display.present(presentation())
    await settle()
    const { id } = renderer.starts[0]
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: 'OPEN', id: 'other' } }))
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: 'CLOSE', id } }))
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: 'OPEN', id: 7 } }))
    expect(tracked).toEqual([])
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: 'OPEN', id } }))
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
    expect(logged(logs.error)).toEqual([])
  })

  it('a throwing render: "Failed to open inAppMessageView: <error>", renderer destroyed, container removed', async () => {
    const logs = spyLogs()
    ;(window as any).HackleInAppMessageRenderer = {
      HackleInAppMessageRenderer: class {
        async render() {
          throw new Error('boom')
        }
        destroy() {}
      },
    }
    const { display, tracked } = client()
    display.present(presentation())
    await settle()
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Failed to open inAppMessageView: Error: boom'])
    expect(document.querySelector('.hackle-iam')).toBeNull()
    expect(tracked).toEqual([])
    expect(display.displayedView()).toBeNull()
  })

  it('no renderer on the page and the hosted one fails to load: logged, no script or container left', async () => {
    const logs = spyLogs()
    renderer.uninstall()
    const { display } = client({ renderer: 'hosted', cdnUrl: 'http://127.0.0.1:9' })
    display.present(presentation())
    await vi.waitFor(() => expect(logged(logs.error)).toHaveLength(1))
    expect(logged(logs.error)[0]).toBe(
      '[ERROR] Hackle: Failed to open inAppMessageView: Error: Failed to load script: http://127.0.0.1:9/sdk/iam-renderer/0.0.12/iam-renderer.js',
    )
    expect(document.querySelector('script[src*="iam-renderer"]')).toBeNull()
    expect(document.querySelector('.hackle-iam')).toBeNull()
    expect(display.displayedView()).toBeNull()
  })

  it('no renderer on the page: the npm build imports hackle-kit\'s renderer module and installs it on window', async () => {
    spyLogs()
    renderer.uninstall()
    const { display } = client()
    display.present(presentation())
    await vi.waitFor(() => expect((window as any).HackleInAppMessageRenderer).toBeDefined())
    const own = await import('../../../../src/plugins/in-app-messages/renderer/index')
    expect((window as any).HackleInAppMessageRenderer.HackleInAppMessageRenderer).toBe(own.HackleInAppMessageRenderer)
    display.dispose()
    await settle()
    expect(document.querySelector('.hackle-iam')).toBeNull()
  })

  it('an explicit renderer URL is loaded as an async script', async () => {
    const logs = spyLogs()
    renderer.uninstall()
    const { display } = client({ inAppRendererUrl: 'http://127.0.0.1:9/own-renderer.js' })
    display.present(presentation())
    await vi.waitFor(() => expect(logged(logs.error)).toHaveLength(1))
    expect(logged(logs.error)[0]).toContain('Failed to load script: http://127.0.0.1:9/own-renderer.js')
  })

  it('NONE shows nothing; HTML without html is an error; dispose removes a shown message without events', async () => {
    const logs = spyLogs()
    const { display, tracked } = client()
    display.present(presentation({ layout: layout({ layout: { displayType: 'NONE', layoutType: 'NONE', alignment: null } }) }))
    await settle()
    display.present(presentation({ layout: layout({ layout: { displayType: 'HTML', layoutType: 'NONE', alignment: null }, html: null }) }))
    await settle()
    expect(renderer.renders).toEqual([])
    expect(logged(logs.error)).toHaveLength(1)
    display.present(presentation())
    await settle()
    display.dispose()
    expect(document.querySelector('.hackle-iam')).toBeNull()
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
    display.present(presentation())
    await settle()
    expect(renderer.renders).toHaveLength(1)
  })

  it('a throwing listener is logged and the message still opens', async () => {
    const logs = spyLogs()
    const { display, tracked } = client()
    display.setListener({
      beforeInAppMessageOpen() {
        throw new Error('listener bug')
      },
    })
    display.present(presentation())
    await settle()
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression'])
    expect(logged(logs.error)).toEqual(['[ERROR] Hackle: Unexpected exception in InAppMessageListener.beforeInAppMessageOpen: Error: listener bug'])
  })
})

describe('in-app actions', () => {
  async function shown(p = presentation()) {
    const setup = client()
    setup.display.present(p)
    await settle()
    return setup
  }
  const click = (type: Parameters<typeof action>[0], value: string | null = null, area = 'BUTTON') =>
    renderer.interact({ type: 'ACTION', action: action(type, value), area })

  it('HIDDEN stores hide-until = now + one day under hackle-iam-hide_{sdk8}_{key}, then closes', async () => {
    const { tracked, display } = await shown()
    click('HIDDEN', null)
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_71')).toBe(String(NOW + 86_400_000))
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action', '$in_app_close'])
    expect(display.displayedView()).toBeNull()
  })

  it('HIDDEN with a numeric value hides for that many ms; a non-numeric value for a day', async () => {
    await shown()
    click('HIDDEN', '60000')
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_71')).toBe(String(NOW + 60_000))
    const { display } = await shown(presentation({ message: { id: 702, key: 72 } }))
    expect(display.displayedView()).not.toBeNull()
    click('HIDDEN', 'soon')
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_72')).toBe(String(NOW + 86_400_000))
  })

  it('a renderer reporting a numeric HIDDEN value: the value is read as text (60000 ms)', async () => {
    const { tracked } = await shown()
    renderer.interact({ type: 'ACTION', action: { behavior: 'CLICK', type: 'HIDDEN', value: 60000 }, area: 'BUTTON', buttonText: 'Hide' })
    expect(localStorage.getItem('hackle-iam-hide_abcdefgh_71')).toBe(String(NOW + 60_000))
    expect(tracked[1].properties).toMatchObject({ action_type: 'HIDDEN', action_value: '60000', button_text: 'Hide' })
  })

  it('HIDDEN of an OVERRIDDEN message only closes', async () => {
    const { display, tracked } = await shown(presentation({ reason: 'OVERRIDDEN' }))
    click('HIDDEN')
    expect(localStorage.length).toBe(0)
    expect(display.displayedView()).toBeNull()
    expect(tracked[1].properties).toMatchObject({ decision_reason: 'OVERRIDDEN', action_type: 'HIDDEN' })
  })

  it('the public HIDDEN action carries hideDurationMillis', async () => {
    const { display } = client()
    const seen: unknown[] = []
    display.setListener({ onInAppMessageClick: (_m, _v, a) => void seen.push(a) })
    display.present(presentation())
    await settle()
    click('HIDDEN', '5000')
    expect(seen).toEqual([{ type: 'CLOSE', close: { hideDurationMillis: 5000 }, link: undefined }])
  })

  it('LINK_NEW_WINDOW_AND_CLOSE opens a named window, then closes', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { display } = await shown()
    click('LINK_NEW_WINDOW_AND_CLOSE', 'https://example.com/a?b=1')
    expect(open).toHaveBeenCalledWith('https://example.com/a?b=1', 'Hackle', 'resizable:true')
    expect(display.displayedView()).toBeNull()
  })

  it('javascript: and data: links are refused and logged "Invalid url: …"; *_AND_CLOSE still closes', async () => {
    const logs = spyLogs()
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { display } = await shown()
    const before = location.href
    click('WEB_LINK', 'javascript:alert(1)')
    click('LINK_NEW_TAB', 'data:text/html,<script>alert(1)</script>')
    click('WEB_LINK', '/relative/path')
    expect(open).not.toHaveBeenCalled()
    expect(location.href).toBe(before)
    expect(display.displayedView()).not.toBeNull()
    click('LINK_AND_CLOSE', 'javascript:alert(1)')
    expect(logged(logs.error)).toEqual([
      '[ERROR] Hackle: Invalid url: javascript:alert(1)',
      '[ERROR] Hackle: Invalid url: data:text/html,<script>alert(1)</script>',
      '[ERROR] Hackle: Invalid url: /relative/path',
      '[ERROR] Hackle: Invalid url: javascript:alert(1)',
    ])
    expect(display.displayedView()).toBeNull()
  })

  it('WEB_LINK without a value does nothing and logs nothing', async () => {
    const logs = spyLogs()
    const { display, tracked } = await shown()
    click('WEB_LINK', null)
    click('WEB_LINK', '')
    expect(logged(logs.error)).toEqual([])
    expect(display.displayedView()).not.toBeNull()
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action', '$in_app_action'])
  })

  it('a click on a closing view tracks the action but runs nothing', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { display, tracked } = await shown()
    renderer.answer = false
    display.displayedView()!.close()
    click('LINK_NEW_TAB', 'https://example.com/')
    expect(open).not.toHaveBeenCalled()
    expect(tracked.map((e) => e.key)).toEqual(['$in_app_impression', '$in_app_action'])
  })
})
