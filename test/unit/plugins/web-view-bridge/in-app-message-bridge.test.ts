import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAppWebViewInAppMessageBridge } from '../../../../src/plugins/web-view-bridge'
import { clearBrowserState } from '../../browser-state'
import { installFakeApp } from './fake-app'

type Win = Window & { Hackle?: Record<string, any> }
const win = window as Win
let logs: string[] = []
let uninstall: (() => void) | undefined
const originalPrompt = window.prompt
let nextKey = 0

beforeEach(() => {
  logs = []
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')))
  }
})
afterEach(() => {
  uninstall?.()
  delete win.Hackle
  window.prompt = originalPrompt
  vi.restoreAllMocks()
  clearBrowserState()
})

function installApp(options: { viewId?: string; triggerEvent?: string } = {}) {
  const fake = installFakeApp(window, { sdkKey: `iam-app-key-${++nextKey}`, viewId: 'view-1', ...options })
  uninstall = fake.uninstall
  return fake
}

describe('setAppWebViewInAppMessageBridge: the bridge of an HTML in-app message the app draws', () => {
  it('installs window.Hackle.bridge with the builders and dispatches hackleBridgeReady', () => {
    installApp()
    const ready = vi.fn()
    window.addEventListener('hackleBridgeReady', ready)
    setAppWebViewInAppMessageBridge()
    window.removeEventListener('hackleBridgeReady', ready)
    expect(ready).toHaveBeenCalledTimes(1)
    expect(Object.keys(win.Hackle!)).toEqual(['bridge', 'PropertyOperationsBuilder', 'HackleSubscriptionOperationsBuilder', 'HackleSubscriptionStatus'])
    expect(typeof win.Hackle!.bridge.openUrl).toBe('function')
  })

  it('view actions go to the app as handleInAppMessageView / closeInAppMessageView', () => {
    const fake = installApp()
    setAppWebViewInAppMessageBridge()
    const { bridge } = win.Hackle!
    bridge.openUrl('https://example.com/a')
    bridge.trackClick('button-1')
    bridge.handleUrl({ url: 'https://example.com/b', target: 'NEW_TAB', shouldCloseAfterLink: false }, 'button-2')
    bridge.closeInAppMessage(true)
    bridge.closeInAppMessage(30)
    bridge.closeInAppMessage()
    expect(fake.requests.map((r) => [r.command, r.parameters])).toEqual([
      ['handleInAppMessageView', { viewId: 'view-1', handleTypes: ['ACTION'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_AND_CLOSE', value: 'https://example.com/a' }, element: {} } }],
      ['handleInAppMessageView', { viewId: 'view-1', handleTypes: ['TRACK'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'WEB_LINK', value: null }, element: { elementId: 'button-1' } } }],
      ['handleInAppMessageView', { viewId: 'view-1', handleTypes: ['TRACK', 'ACTION'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'LINK_NEW_TAB', value: 'https://example.com/b' }, element: { elementId: 'button-2' } } }],
      ['handleInAppMessageView', { viewId: 'view-1', handleTypes: ['TRACK', 'ACTION'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'HIDDEN', value: '86400000' }, element: {} } }],
      ['handleInAppMessageView', { viewId: 'view-1', handleTypes: ['TRACK', 'ACTION'], event: { type: 'ACTION', action: { behavior: 'CLICK', type: 'HIDDEN', value: '1800000' }, element: {} } }],
      ['closeInAppMessageView', { viewId: 'view-1' }],
    ])
  })

  it('client calls go to the client of the app key: in the app, native mode', async () => {
    const fake = installApp({ triggerEvent: JSON.stringify({ key: 'purchase', properties: { amount: 3 } }) })
    setAppWebViewInAppMessageBridge()
    const { bridge } = win.Hackle!
    expect(bridge.variation(4)).toBe('B')
    bridge.track('iam-clicked')
    await bridge.setUserId('member-1')
    expect(fake.requests.map((r) => r.command)).toEqual(['variation', 'track', 'setUserId'])
    expect(bridge.getTriggerEvent()).toEqual({ key: 'purchase', value: undefined, properties: { amount: 3 } })
    expect(bridge.getTriggerEventProperty('amount', 0)).toBe(3)
    expect(bridge.getTriggerEventProperty('missing', 'd')).toBe('d')
  })

  it('an invalid trigger event is logged and undefined', () => {
    installApp({ triggerEvent: JSON.stringify({ name: 'no key' }) })
    setAppWebViewInAppMessageBridge()
    expect(win.Hackle!.bridge.getTriggerEvent()).toBeUndefined()
    expect(logs).toContain('[ERROR] Hackle: Invalid trigger event shape: {"name":"no key"}')
  })

  it('without an app, or without a view id: a bridge that does nothing, and the reason logged', async () => {
    setAppWebViewInAppMessageBridge()
    expect(logs).toContain(
      '[ERROR] Hackle: Failed to install AppWebViewInAppMessageBridge: Error: AppWebViewInAppMessageBridge is only supported in WebApp integrated environment',
    )
    const { bridge } = win.Hackle!
    expect(bridge.variation(1, undefined, 'C')).toBe('C')
    expect(bridge.variationDetail(1).reason).toBe('UNSUPPORTED_PLATFORM')
    expect(bridge.getUser()).toEqual({})
    await expect(bridge.setUser({ id: 'x' })).resolves.toBeUndefined()
    expect(() => bridge.openUrl('https://x')).not.toThrow()
    delete win.Hackle
    const fake = installFakeApp(window, { sdkKey: 'no-view-key' })
    uninstall = fake.uninstall
    setAppWebViewInAppMessageBridge()
    expect(logs).toContain('[ERROR] Hackle: Failed to install AppWebViewInAppMessageBridge: Error: ViewId is not found')
  })

  it('a bridge already installed is kept', () => {
    installApp()
    const existing = { openUrl: () => undefined }
    win.Hackle = { bridge: existing }
    setAppWebViewInAppMessageBridge()
    expect(win.Hackle.bridge).toBe(existing)
  })

  it('a failing app call is logged, never thrown into the message', () => {
    const fake = installApp()
    setAppWebViewInAppMessageBridge()
    window.prompt = () => null
    expect(() => win.Hackle!.bridge.openUrl('https://x')).not.toThrow()
    expect(logs.some((line) => line.startsWith('[ERROR] Hackle: Unexpected exception while open url: SyntaxError'))).toBe(true)
    expect(fake.requests).toEqual([])
  })
})
