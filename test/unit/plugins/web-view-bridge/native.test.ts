import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin } from '../../../../src/kernel'
import { createInstance } from '../../../../src'
import { webViewBridge } from '../../../../src/plugins/web-view-bridge'
import { pages } from '../../../../src/plugins/pages'
import { clearBrowserState } from '../../browser-state'
import workspace from '../../../fixtures/example-workspace.json'
import { appAnswers, installFakeApp, ok, type AppRequest, type FakeAppOptions, type Responder } from './fake-app'

const SDK_KEY = 'web-view-native-key-01'
let nextKey = 0
const uniqueKey = () => `${SDK_KEY}-${++nextKey}`

/** What the client logs, one string per line. */
let logs: string[] = []
let uninstall: (() => void) | undefined
const originalPrompt = window.prompt

beforeEach(() => {
  logs = []
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')))
  }
})
afterEach(() => {
  uninstall?.()
  window.prompt = originalPrompt
  vi.restoreAllMocks()
  clearBrowserState()
})

function app(options: Partial<FakeAppOptions> & { sdkKey: string }) {
  const fake = installFakeApp(window, options)
  uninstall = fake.uninstall
  return fake
}

/** The kernel with the bridge alone (the slim build). */
function slimClient(options: Partial<FakeAppOptions> = {}) {
  const key = uniqueKey()
  const fake = app({ sdkKey: key, ...options })
  const client = createKernel(key, { plugins: [webViewBridge()] }) as unknown as Record<string, (...args: any[]) => any>
  return { client, fake, key }
}

describe('detection and modes', () => {
  it('a page without _hackleApp, or an app of another key, keeps the browser client', () => {
    const key = uniqueKey()
    const local = createKernel(key, { workspaceConfig: workspace, plugins: [webViewBridge()] })
    expect(local.variationDetail(1).reason).not.toBe('EXCEPTION')
    const fake = app({ sdkKey: 'another-app-key' })
    const other = createKernel(uniqueKey(), { workspaceConfig: workspace, plugins: [webViewBridge()] })
    other.variation(1)
    other.track('x')
    expect(fake.requests).toEqual([])
  })

  it('an object without getAppSdkKey / getInvocationType functions is no app', () => {
    const key = uniqueKey()
    const prompt = vi.fn()
    window.prompt = prompt
    ;(window as any)._hackleApp = { getAppSdkKey: key, getInvocationType: () => 'prompt' }
    uninstall = () => delete (window as any)._hackleApp
    createKernel(key, { plugins: [webViewBridge()] }).variation(1)
    expect(prompt).not.toHaveBeenCalled()
  })

  it('an unsupported mode is logged and the normal browser client answers', () => {
    const key = uniqueKey()
    const fake = app({ sdkKey: key, mode: 'Hybrid' })
    const client = createKernel(key, { workspaceConfig: workspace, plugins: [webViewBridge()] })
    expect(logs).toContain('[ERROR] Hackle: Unexpected exception while check WebApp client: Error: Unsupported HackleAppMode: hybrid')
    expect(client.variationDetail(1).reason).not.toBe('EXCEPTION')
    client.track('local')
    expect(fake.requests).toEqual([])
  })

  it('an unknown invocation type is logged and the normal browser client answers', () => {
    const key = uniqueKey()
    const fake = app({ sdkKey: key, invocationType: 'postMessage' })
    createKernel(key, { plugins: [webViewBridge()] }).variation(1)
    expect(logs).toContain('[ERROR] Hackle: Unexpected exception while check WebApp client: Error: Failed to get invocator with invocationType:postMessage')
    expect(fake.requests).toEqual([])
  })

  it('the mode is case-insensitive: NATIVE is native', () => {
    const { client, fake } = slimClient({ mode: 'NATIVE' })
    expect(client.variation(3)).toBe('B')
    expect(fake.requests.map((r) => r.command)).toEqual(['variation'])
  })
})

describe('malformed responses: the spec message, the fallback, nothing thrown into the page', () => {
  const cases: Array<[string, ReturnType<Responder>, string]> = [
    ['null', null, 'SyntaxError'],
    ['empty', '', 'SyntaxError'],
    ['not JSON', 'yes', 'SyntaxError'],
    ['no message', JSON.stringify({ success: true, data: 'B' }), 'Error: invalid invocator response data'],
    ['a string success', JSON.stringify({ success: 'true', message: 'OK', data: 'B' }), 'Error: invalid invocator response data'],
    ['an array', '[]', 'Error: invalid invocator response data'],
    ['success false', JSON.stringify({ success: false, message: 'no', data: 'B' }), 'Error: failed response'],
  ]
  for (const [label, response, error] of cases) {
    it(`${label}: every call answers its fallback and logs ${error}`, async () => {
      // the fallback id is the device id the page's cookie holds (read, never written in native mode)
      const deviceId = 'page-device-7'
      document.cookie = `_hackle_hid=${deviceId}; path=/`
      const cookies = document.cookie
      const { client, key } = slimClient({ respond: () => response })
      expect(client.variation(1, undefined, 'Z')).toBe('Z')
      const detail = client.variationDetail(1, undefined, 'Y')
      expect([detail.variation, detail.reason]).toEqual(['Y', 'EXCEPTION'])
      expect(client.isFeatureOn(2)).toBe(false)
      const flag = client.featureFlagDetail(2)
      expect([flag.isOn, flag.reason]).toEqual([false, 'EXCEPTION'])
      expect(client.remoteConfig().get('rc', 'fallback')).toBe('fallback')
      expect(client.remoteConfig().get('rc', 9)).toBe(9)
      expect(client.getUser()).toEqual({ deviceId })
      expect(client.getSessionId()).toBe(deviceId)
      expect(client.isOptOutTracking()).toBe(false)
      expect(client.getDisplayedInAppMessageView()).toBeNull()
      expect(() => client.track('e')).not.toThrow()
      await expect(client.setUser({ id: 'x' })).resolves.toBeUndefined()
      await expect(client.setUserId('x')).resolves.toBeUndefined()
      await expect(client.resetUser()).resolves.toBeUndefined()
      expect(() => client.setOptOutTracking(true)).not.toThrow()
      const errors = logs.filter((line) => line.startsWith('[ERROR]'))
      expect(errors).toContain(
        `[ERROR] Hackle: Unexpected exception while deciding variation for experiment[1]. Returning default variation[Z] : ${errors[0]!.split(' : ')[1]}`,
      )
      for (const line of errors) expect(line).toContain(error)
      expect(errors.some((line) => line.startsWith('[ERROR] Hackle: Unexpected exception while deciding feature flag[2]. Returning default value[false] : '))).toBe(true)
      expect(errors.some((line) => line.startsWith('[ERROR] Hackle: Unexpected exception while deciding remote config parameter[rc]. Returning default value. : '))).toBe(true)
      for (const what of ['get user', 'get sessionId', 'get optOutTracking', 'tracking event', 'set user', 'set userId', 'reset user', 'set optOutTracking']) {
        expect(errors.some((line) => line.startsWith(`[ERROR] Hackle: Unexpected exception while ${what}: `))).toBe(true)
      }
      expect(key).toBeTruthy()
      expect(document.cookie).toBe(cookies)
    })
  }

  it('data that is missing or unusable: the decision fallbacks', () => {
    const { client } = slimClient({ respond: (request) => (request.command === 'featureFlagDetail' ? ok({ isOn: true }) : ok()) })
    expect(client.variation(1)).toBe('A')
    expect(client.variationDetail(1).reason).toBe('EXCEPTION')
    expect(client.isFeatureOn(1)).toBe(false)
    // no config: the reference reads config.parameters and fails
    expect(client.featureFlagDetail(1).reason).toBe('EXCEPTION')
    expect(client.remoteConfig().get('k', true)).toBe(true)
    expect(logs.some((line) => line.includes('Error: invoke result data not exists'))).toBe(true)
  })

  it('a prompt that throws is logged like a bad response', () => {
    const { client } = slimClient()
    window.prompt = () => {
      throw new Error('blocked by the app')
    }
    expect(client.variation(1, undefined, 'Q')).toBe('Q')
    expect(logs.some((line) => line.endsWith(': Error: blocked by the app'))).toBe(true)
  })

  it('function type without invoke: window._hackleApp.invoke is not implemented', () => {
    const { client, fake } = slimClient({ invocationType: 'function' })
    delete fake.app.invoke
    expect(client.isFeatureOn(7)).toBe(false)
    expect(logs).toContain(
      '[ERROR] Hackle: Unexpected exception while deciding feature flag[7]. Returning default value[false] : Error: window._hackleApp.invoke is not implemented',
    )
  })
})

describe('native mode', () => {
  it('answers from the app by invoke, with the app\'s data', () => {
    const { client, fake } = slimClient({ invocationType: 'function' })
    const detail = client.variationDetail(5, 'u', 'A')
    expect([detail.variation, detail.reason, detail.get('color', '')]).toEqual(['C', 'TRAFFIC_ALLOCATED', 'red'])
    expect(client.remoteConfig().getDetail('n', 1)).toEqual({ value: 7, reason: 'APP_DECIDED' })
    expect(fake.requests.map((r: AppRequest) => r.command)).toEqual(['variationDetail', 'remoteConfig'])
  })

  it('onReady runs at once, onInitialized succeeds, fetch resolves; close / getExperiment / trackPageView only log', async () => {
    const { client, fake } = slimClient()
    const block = vi.fn()
    client.onReady(block)
    expect(block).toHaveBeenCalledTimes(1)
    await expect(client.onInitialized()).resolves.toEqual({ success: true })
    await expect(client.fetch()).resolves.toBeUndefined()
    expect(client.getExperiment(1)).toBeUndefined()
    client.trackPageView()
    client.close()
    expect(logs).toContain("[INFO] Hackle: Web to app integration feature is not support 'getExperiment' method")
    expect(logs).toContain("[WARN] Hackle: Web to app integration feature is not support 'trackPageView' method")
    expect(logs).toContain("[INFO] Hackle: Web to app integration feature is not support 'close' method")
    expect(fake.requests).toEqual([])
    // still answering after close (the reference's app client does not close)
    expect(client.variation(1)).toBe('B')
  })

  it('tells hooks.decided about the app\'s answers', () => {
    const key = uniqueKey()
    app({ sdkKey: key })
    const decided: unknown[] = []
    const listener = definePlugin(() => ({ name: 'listener', apply: (kernel) => void kernel.hooks.decided.tap('listener', (info) => void decided.push(info)) }))
    const client = createKernel(key, { log_disabled: true, plugins: [webViewBridge(), listener()] })
    client.variation(1)
    client.featureFlagDetail(2)
    client.remoteConfig().get('k', 'd')
    expect(decided).toEqual([
      { kind: 'ab-test', key: 1, variation: 'B', reason: 'APP_DECIDED', user: undefined },
      { kind: 'feature-flag', key: 2, isOn: true, reason: 'DEFAULT_RULE', user: undefined },
      { kind: 'remote-config', key: 'k', value: 'from-app', reason: 'APP_DECIDED', user: undefined },
    ])
  })

  it('with the whole preset: no request, no beacon, no local storage; every call goes to the app', async () => {
    const key = uniqueKey()
    const fake = app({ sdkKey: key })
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open')
    const beacon = vi.spyOn(navigator, 'sendBeacon')
    const client = createInstance(key, { sdkUrl: 'https://sdk.invalid', eventUrl: 'https://event.invalid', plugins: [webViewBridge()] })
    await expect(client.onInitialized()).resolves.toEqual({ success: true })
    expect(client.variation(1)).toBe('B')
    expect(client.isFeatureOn(1)).toBe(true)
    client.track({ key: 'purchase', value: 3 })
    await client.setUserId('member-1')
    await client.updateUserProperties({ $set: { plan: 'pro' } })
    expect(client.getSessionId()).toBe('app-session-1')
    expect(client.getUser()).toEqual({ id: 'app-id', userId: 'app-member', deviceId: 'app-device', properties: { grade: 'gold' } })
    window.dispatchEvent(new Event('pagehide'))
    client.close()
    expect(fake.requests.map((r) => r.command)).toEqual(['variation', 'isFeatureOn', 'track', 'setUserId', 'updateUserProperties', 'getSessionId', 'getUser'])
    expect(fake.requests[4]!.parameters).toEqual({ operations: { $set: { plan: 'pro' } } })
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(xhrOpen).not.toHaveBeenCalled()
    expect(beacon).not.toHaveBeenCalled()
    // the storage seam: nothing of the kernel or any plugin reached the page's storage
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
    expect(document.cookie).toBe('')
  })
})

describe('native mode pages and engagement (web view config)', () => {
  /** Tracks an engagement the way the pages plugin does. */
  const engagement = definePlugin(() => ({
    name: 'engagement-source',
    apply: (kernel) => kernel.extend({ engage: () => kernel.track({ key: '$engagement', properties: { $page_name: 'P', $engagement_time_ms: 1500 } }) }),
  }))

  it('defaults: setCurrentPage starts a page, nothing goes to the app', () => {
    const { client, fake } = slimClient()
    client.setCurrentPage({ pageName: 'Home', properties: { a: 1 } })
    expect(fake.requests).toEqual([])
  })

  it('automaticScreenTracking: a page start sends $page_view with page properties and $page_name, without a user', () => {
    const { client, fake } = slimClient({ webViewConfig: JSON.stringify({ automaticScreenTracking: true }) })
    client.setCurrentPage({ pageName: 'Home', properties: { a: 1 } })
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]!.command).toBe('track')
    expect(fake.requests[0]!.parameters).toEqual({ event: { key: '$page_view', properties: { a: 1, $page_name: 'Home' } } })
    expect(fake.requests[0]!.browserProperties.pageTitle).toBe('Home')
  })

  it('automaticEngagementTracking: engagements go to the app as $engagement, without a user; other events are dropped', () => {
    const key = uniqueKey()
    const fake = app({ sdkKey: key, webViewConfig: JSON.stringify({ automaticEngagementTracking: true }) })
    const client = createKernel(key, { plugins: [webViewBridge(), engagement()] }) as unknown as { engage(): void }
    client.engage()
    expect(fake.requests.map((r) => r.parameters)).toEqual([
      { event: { key: '$engagement', properties: { $page_name: 'P', $engagement_time_ms: 1500 } } },
    ])
  })

  it('automaticRouteTracking false: route pages of the pages plugin send nothing, setCurrentPage does', async () => {
    const key = uniqueKey()
    const fake = app({ sdkKey: key, webViewConfig: JSON.stringify({ automaticRouteTracking: false, automaticScreenTracking: true }) })
    const client = createKernel(key, { plugins: [webViewBridge(), pages()] }) as unknown as Record<string, (...args: any[]) => any>
    await client.onInitialized()
    history.pushState({}, '', '/route-2')
    client.setCurrentPage({ pageName: 'Named' })
    expect(fake.requests.map((r) => (r.parameters as any).event.properties.$page_name)).toEqual(['Named'])
    client.close()
  })

  it('an unreadable config: a warning and the defaults; non-boolean values are defaults', () => {
    slimClient({ webViewConfig: '{oops' })
    expect(logs.some((line) => line.startsWith('[WARN] Hackle: Failed to resolve web view config: SyntaxError'))).toBe(true)
    const { client, fake } = slimClient({ webViewConfig: JSON.stringify({ automaticScreenTracking: 'yes' }) })
    client.setCurrentPage({ pageName: 'X' })
    expect(fake.requests).toEqual([])
  })
})

describe('appAnswers (the fake app) answers each command', () => {
  it('is a successful response', () => {
    expect(JSON.parse(appAnswers({ command: 'variation', browserProperties: {} }))).toEqual({ success: true, message: 'OK', data: 'B' })
  })
})
