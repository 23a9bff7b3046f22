import { afterEach, describe, expect, it, vi } from 'vitest'
import hackle, {
  createInstance,
  definePlugin,
  DefaultBrowserPropertyProvider,
  EmptyHackleRemoteConfig,
  EmptyParameterConfig,
  IdentifiersBuilder,
  IdentifierType,
  Logger,
  RemoteConfigDecision,
  resolveIdentifiers,
  sanitizeUser,
  setAppWebViewInAppMessageBridge,
} from '../../../src'
import { FALLBACK_METHODS } from '../../../src/compat/fallbacks'
import { setAppWebViewInAppMessageBridge as bridgeFunction } from '../../../src/plugins/web-view-bridge'
import { clearBrowserState } from '../browser-state'
import { SDK_URL, useWorkspaceServer } from '../client/helpers'

useWorkspaceServer()
const NO_NETWORK = { sdkUrl: SDK_URL, eventUrl: SDK_URL }
let keys = 0
const newKey = () => `surface-key-${++keys}`
const consoleLines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => String(call[0]))

afterEach(() => {
  vi.restoreAllMocks()
  clearBrowserState()
})

describe('client methods of plugins a client left out', () => {
  it('exist on a client without plugins, return the reference defaults and warn once each, naming the plugin', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = createInstance(newKey(), { ...NO_NETWORK, plugins: () => [] }) as unknown as Record<string, (...args: unknown[]) => unknown>
    const results: Record<string, unknown> = {}
    for (const name of FALLBACK_METHODS) {
      results[name] = client[name]!('argument')
      client[name]!('again')
    }
    for (const name of ['setUser', 'setUserId', 'resetUser', 'setPhoneNumber', 'updatePushSubscriptions', 'fetch']) {
      await expect(results[name]).resolves.toBeUndefined()
    }
    expect(results.getSessionId).toBe('')
    expect(results.isOptOutTracking).toBe(false)
    expect(results.getDisplayedInAppMessageView).toBeNull()
    for (const name of ['setCurrentPage', 'trackPageView', 'showUserExplorer', 'hideUserExplorer', 'setInAppMessageListener']) {
      expect(results[name]).toBeUndefined()
    }
    const lines = consoleLines(warn)
    for (const name of FALLBACK_METHODS) expect(lines.filter((line) => line.includes(`Hackle: ${name}() needs the [`))).toHaveLength(1)
    expect(lines.find((line) => line.includes('showUserExplorer()'))).toContain('[devtool] plugin')
    expect(lines.find((line) => line.includes('getDisplayedInAppMessageView()'))).toContain('[in-app-messages] plugin')
    ;(client.close as () => void)()
  })

  it('never replace the method of a plugin that provides it, and the plugin gets no conflict warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const view = { inAppMessage: { key: 7 }, close() {} }
    const inApp = definePlugin(() => ({
      name: 'in-app-messages',
      apply: (kernel) => kernel.extend({ getDisplayedInAppMessageView: () => view, setInAppMessageListener: () => undefined }),
    }))
    const client = createInstance(newKey(), { ...NO_NETWORK, plugins: [inApp()] })
    expect(client.getDisplayedInAppMessageView()).toBe(view)
    client.setInAppMessageListener(null)
    expect(consoleLines(warn).filter((line) => line.includes('InAppMessage'))).toEqual([])
    client.close()
  })

  it('are absent from a full client for the methods its plugins provide', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = createInstance(newKey(), { ...NO_NETWORK, log_disabled: true })
    // the identity plugin's setUser tracks nothing here but resolves; the real one is not the fallback (no warning)
    const warn = vi.spyOn(console, 'warn')
    void client.setUser({ id: 'u1' })
    client.setCurrentPage({ pageName: 'home' })
    expect(consoleLines(warn).filter((line) => line.includes('needs the ['))).toEqual([])
    client.close()
  })
})

describe('module-level names of the reference', () => {
  it('the default export holds createInstance, getUserId, setUserId, removeUserId and Logger', () => {
    expect(Object.keys(hackle).sort()).toEqual(['Logger', 'createInstance', 'getUserId', 'removeUserId', 'setUserId'])
    expect(hackle.createInstance).toBe(createInstance)
  })

  it('Logger.setLogLevel changes what every client logs until the next createInstance', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    Logger.log.debug('hidden at the default level')
    expect(debug).not.toHaveBeenCalled()
    Logger.setLogLevel(4)
    Logger.log.debug('shown at DEBUG')
    expect(consoleLines(debug)).toEqual(['[DEBUG] Hackle: shown at DEBUG'])
    Logger.setLogLevel(0)
    Logger.log.info('hidden when DISABLE')
    Logger.log.error(new Error('hidden too'))
    expect(info).not.toHaveBeenCalled()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // a new client follows its own options again (`debug: true` here)
    const client = createInstance(newKey(), { ...NO_NETWORK, debug: true, plugins: () => [] })
    Logger.log.error(new Error('boom'))
    expect(consoleLines(error)).toContain('[ERROR] Hackle: boom')
    Logger.setLogLevel()
    Logger.log.info('INFO again')
    expect(consoleLines(info)).toEqual(['[INFO] Hackle: INFO again'])
    Logger.setLogLevel('loud' as unknown as number)
    Logger.log.debug('a bad level means INFO')
    expect(consoleLines(debug)).toEqual(['[DEBUG] Hackle: shown at DEBUG'])
    client.close()
    createInstance(newKey(), { ...NO_NETWORK, log_disabled: true, plugins: () => [] }).close()
  })

  it('the empty configs answer the default', () => {
    expect(new EmptyParameterConfig().get('k', 3)).toBe(3)
    expect(new EmptyParameterConfig().parameters).toEqual({})
    expect(new EmptyHackleRemoteConfig().get('k', 'x')).toBe('x')
    expect(RemoteConfigDecision.of(true, 'DEFAULT_RULE')).toEqual({ value: true, reason: 'DEFAULT_RULE' })
  })

  it('identifiers: the reserved types, the builder and resolveIdentifiers skip what the reference skips', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect([IdentifierType.ID, IdentifierType.USER, IdentifierType.DEVICE, IdentifierType.SESSION, IdentifierType.HACKLE_DEVICE]).toEqual([
      '$id', '$userId', '$deviceId', '$sessionId', '$hackleDeviceId',
    ])
    const built = new IdentifiersBuilder().addIdentifiers({ a: '1', '': 'x' }).add('b', 5).add('c', '').add('d', {}).build()
    expect(built).toEqual({ a: '1', b: 5 })
    expect(resolveIdentifiers({ id: 'i', userId: 'u', deviceId: 'd', identifiers: { custom: 'c' } })).toEqual({
      custom: 'c', $id: 'i', $deviceId: 'd', $userId: 'u',
    })
    expect(resolveIdentifiers(null as never)).toEqual({})
  })

  it('sanitizeUser keeps the accepted ids and gives null for a user without one', () => {
    expect(sanitizeUser({ id: 'a', userId: 5, deviceId: {}, properties: { p: 1 } })).toEqual({ id: 'a', userId: '5', deviceId: undefined, properties: { p: 1 } })
    expect(sanitizeUser({ properties: { p: 1 } })).toBeNull()
    expect(sanitizeUser(null)).toBeNull()
  })

  it('DefaultBrowserPropertyProvider describes the browser and the given page', () => {
    const properties = new DefaultBrowserPropertyProvider().getBrowserProperties({ pageName: 'Home', pagePath: '/home', protocol: 'https:' })
    expect(properties).toMatchObject({ pageTitle: 'Home', pagePath: '/home', protocol: 'https', userAgent: navigator.userAgent })
    expect(Object.keys(new DefaultBrowserPropertyProvider().getBrowserProperties())).toEqual([
      'browserName', 'browserMajorVersion', 'browserVersion', 'orientation', 'userAgent',
      'pagePath', 'pageTitle', 'host', 'url', 'referrer', 'queryParameter', 'protocol',
    ])
  })

  it('setAppWebViewInAppMessageBridge: the npm entry (and the script-tag build) has the web-view bridge\'s', () => {
    expect(setAppWebViewInAppMessageBridge).toBe(bridgeFunction)
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    // outside a Hackle app's web view it installs a do-nothing bridge and logs why, without throwing
    expect(() => setAppWebViewInAppMessageBridge()).not.toThrow()
    expect(consoleLines(error).some((line) => line.includes('Failed to install AppWebViewInAppMessageBridge'))).toBe(true)
    error.mockRestore()
  })
})
