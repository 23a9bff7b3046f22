/**
 * Native mode, side by side with the reference: the same calls on the reference's client and on the kernel with the
 * web-view bridge, in one jsdom page with the same fake app, must reach the app as the same requests (command,
 * parameters and browser properties) and answer the same values.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { createInstance } from '../../../../src'
import { webViewBridge } from '../../../../src/plugins/web-view-bridge'
import { HackleSubscriptionOperationsBuilder, PropertyOperationsBuilder } from '../../../../src/plugins/identity'
import { DEVICE_ID, openPage, PAGES, type Page } from '../../../conformance/page'
import { installFakeApp, type AppRequest } from './fake-app'

const SDK_KEY = 'web-view-app-sdk-key-0001'
const REFERENCE_BUNDLE = resolve(process.cwd(), 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')

type Client = Record<string, (...args: any[]) => any>
interface Builders {
  PropertyOperationsBuilder: new () => { set(key: string, value: unknown): any; build(): unknown }
  HackleSubscriptionOperationsBuilder: new () => { marketing(status: string): any; custom(key: string, status: string): any; build(): unknown }
}

/** Every call of the client API with the app in the loop, and what each answered (in comparable form). */
async function exercise(client: Client, builders: Builders): Promise<unknown[]> {
  const answers: unknown[] = []
  const decision = (d: { variation?: string; isOn?: boolean; reason: string; parameters: unknown }) => ({ ...d, parameters: d.parameters })
  answers.push(client.getSessionId())
  answers.push(client.getUser())
  await client.setUser({ id: 'u-1', userId: 'member-1', properties: { age: 30, tags: ['a', 'b'] } })
  await client.setUser({ properties: { only: 'properties' } })
  await client.setUserId('member-2')
  await client.setUserId(null)
  await client.setUserId(undefined)
  await client.setUserId(42)
  await client.setDeviceId('device-7')
  await client.setDeviceId('')
  await client.setUserProperty('plan', 'pro')
  await client.setUserProperties({ age: 31, nested: { no: 1 } })
  await client.updateUserProperties(new builders.PropertyOperationsBuilder().set('visits', 3).build())
  await client.updatePushSubscriptions(new builders.HackleSubscriptionOperationsBuilder().marketing('SUBSCRIBED').build())
  await client.updateSmsSubscriptions(new builders.HackleSubscriptionOperationsBuilder().marketing('UNSUBSCRIBED').build())
  await client.updateKakaoSubscriptions(new builders.HackleSubscriptionOperationsBuilder().custom('news', 'UNKNOWN').build())
  await client.resetUser()
  answers.push(client.variation(1))
  answers.push(client.variation(2, 'user-string', 'B'))
  const detail = client.variationDetail(3, { userId: 'member-3', deviceId: 'd-3' }, 'A')
  answers.push({ variation: detail.variation, reason: detail.reason, parameters: detail.parameters, color: detail.get('color', 'none') })
  answers.push(client.isFeatureOn(4))
  const flag = client.featureFlagDetail(5, { id: 'u-5' })
  answers.push(decision({ isOn: flag.isOn, reason: flag.reason, parameters: flag.parameters }))
  client.track('clicked')
  client.track({ key: 'purchase', value: 12.5, properties: { sku: 'X1' } }, { id: 'buyer' })
  client.track({ key: 'plain' }, 'string-user')
  answers.push(client.remoteConfig().get('title', 'default title'))
  answers.push(client.remoteConfig({ userId: 'rc-user' }).get('limit', 5))
  answers.push(client.remoteConfig('rc-string').get('enabled', false))
  client.showUserExplorer()
  client.hideUserExplorer()
  await client.setPhoneNumber('+821012345678')
  await client.unsetPhoneNumber()
  answers.push(client.isOptOutTracking())
  client.setOptOutTracking(true)
  const view = client.getDisplayedInAppMessageView()
  answers.push({ id: view?.id, inAppMessage: view?.inAppMessage })
  view?.close()
  return answers
}

let page: Page | undefined
afterEach(() => {
  page?.close()
  page = undefined
})

/** The kit's client: the kernel with the bridge alone (the slim build), or the whole preset (`createInstance`). */
type Build = 'slim' | 'preset'

let runs = 0

async function runBoth(invocationType: 'prompt' | 'function', build: Build = 'slim') {
  // a key of its own: in native mode `close()` only logs (as the reference's), so a preset client stays registered
  const key = `${SDK_KEY}-${++runs}`
  page = openPage(PAGES[0], '{}')
  const fake = installFakeApp(page.window, { sdkKey: key, invocationType })

  page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
  const Hackle = (page.window as unknown as { Hackle: Builders & { createInstance(key: string, config?: object): Client } }).Hackle
  const reference = Hackle.createInstance(key, { log_disabled: true })
  const referenceAnswers = await exercise(reference, Hackle)
  const referenceRequests = fake.requests.splice(0)

  const bridge = webViewBridge({ window: page.window as unknown as Window })
  const kit =
    build === 'slim'
      ? createKernel(key, { log_disabled: true, plugins: [bridge] })
      : // the preset's own list, its bridge looking at this page's window
        createInstance(key, {
          log_disabled: true,
          sdkUrl: 'https://sdk.conformance.invalid',
          eventUrl: 'https://event.conformance.invalid',
          plugins: (defaults) => defaults.map((plugin) => (plugin.name === bridge.name ? bridge : plugin)),
        })
  const kitAnswers = await exercise(kit as unknown as Client, { PropertyOperationsBuilder, HackleSubscriptionOperationsBuilder } as unknown as Builders)
  const kitRequests = fake.requests.splice(0)
  return { referenceAnswers, referenceRequests, kitAnswers, kitRequests }
}

describe('native mode sends the reference requests', () => {
  for (const [invocationType, build] of [['prompt', 'slim'], ['function', 'slim'], ['prompt', 'preset'], ['function', 'preset']] as const) {
    it(`every call reaches the app as the reference's request, by ${invocationType} (${build === 'slim' ? 'the kernel with the bridge' : 'the whole preset'})`, async () => {
      const { referenceAnswers, referenceRequests, kitAnswers, kitRequests } = await runBoth(invocationType, build)
      // the reference's requests are the expected ones: one per call that reaches the app, none for invalid input
      expect(referenceRequests.length).toBeGreaterThan(30)
      expect(kitRequests.map((r: AppRequest) => r.command)).toEqual(referenceRequests.map((r: AppRequest) => r.command))
      for (let i = 0; i < referenceRequests.length; i++) expect({ i, ...kitRequests[i] }).toEqual({ i, ...referenceRequests[i] })
      expect(kitAnswers).toEqual(referenceAnswers)
    })
  }

  it('browser properties are the page part and the browser part of the page', async () => {
    const { kitRequests } = await runBoth('prompt')
    expect(kitRequests[0].browserProperties).toEqual({
      browserName: 'Chrome',
      browserMajorVersion: '120',
      browserVersion: '120.0.0.0',
      orientation: 'landscape',
      userAgent: PAGES[0].userAgent,
      pagePath: '/products/shoes/',
      pageTitle: PAGES[0].title,
      host: 'shop.example.com',
      url: PAGES[0].url,
      referrer: '',
      queryParameter: '?color=red&q=running%20shoe',
      protocol: 'https',
    })
  })
})

describe('native mode page views, side by side with the reference', () => {
  it('setCurrentPage with automaticScreenTracking sends the reference\'s $page_view request', async () => {
    page = openPage(PAGES[1], '{}')
    const webViewConfig = JSON.stringify({ automaticScreenTracking: true, automaticRouteTracking: false })
    const fake = installFakeApp(page.window, { sdkKey: SDK_KEY, webViewConfig })
    page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
    const Hackle = (page.window as unknown as { Hackle: { createInstance(key: string, config?: object): Client } }).Hackle
    const reference = Hackle.createInstance(SDK_KEY, { log_disabled: true })
    reference.setCurrentPage({ pageName: 'Product', properties: { sku: 'X1' } })
    const referenceRequests = fake.requests.splice(0)
    const kit = createKernel(SDK_KEY, { log_disabled: true, plugins: [webViewBridge({ window: page.window as unknown as Window })] })
    ;(kit as unknown as Client).setCurrentPage({ pageName: 'Product', properties: { sku: 'X1' } })
    expect(referenceRequests).toHaveLength(1)
    expect(referenceRequests[0]!.parameters).toEqual({ event: { key: '$page_view', properties: { sku: 'X1', $page_name: 'Product' } } })
    expect(fake.requests).toEqual(referenceRequests)
  })
})

describe('the app-drawn in-app message bridge, side by side with the reference', () => {
  /** Every view action of the bridge, on the bridge installed in `win`. */
  function act(win: Window & { Hackle?: any }) {
    const { bridge } = win.Hackle
    bridge.openUrl('https://example.com/a')
    bridge.openUrl({ url: 'https://example.com/w', target: 'NEW_WINDOW', shouldCloseAfterLink: true })
    bridge.openUrl()
    bridge.trackClick('el-1')
    bridge.handleUrl('https://example.com/b', 'el-2')
    bridge.closeInAppMessage(false)
    bridge.closeInAppMessage(true)
    bridge.closeInAppMessage(15)
    bridge.closeInAppMessage()
    return { trigger: bridge.getTriggerEvent(), property: bridge.getTriggerEventProperty('n', 0) }
  }

  it('sends the reference\'s requests for every view action', async () => {
    const options = { sdkKey: SDK_KEY, viewId: 'view-5', triggerEvent: JSON.stringify({ key: 'opened', value: 2, properties: { n: 7 } }) }
    page = openPage(PAGES[0], '{}')
    const referenceApp = installFakeApp(page.window, options)
    page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
    ;(page.window as any).Hackle.setAppWebViewInAppMessageBridge()
    const referenceAnswers = act(page.window as any)
    page.close()

    page = openPage(PAGES[0], '{}')
    const kitApp = installFakeApp(page.window, options)
    const { setAppWebViewInAppMessageBridge } = await import('../../../../src/plugins/web-view-bridge')
    let ready = 0
    page.window.addEventListener('hackleBridgeReady', () => ready++)
    setAppWebViewInAppMessageBridge({ window: page.window as unknown as Window, createClient: () => ({}) })
    expect(ready).toBe(1)
    const kitAnswers = act(page.window as any)

    expect(referenceApp.requests).toHaveLength(9)
    expect(kitApp.requests).toEqual(referenceApp.requests)
    expect(kitAnswers).toEqual(referenceAnswers)
  })
})

describe('web_view_wrapper mode, side by side with the reference', () => {
  it('the app hears the same users at creation and after each user call', async () => {
    const calls = async (client: Client) => {
      await client.setUserId('member-1')
      await client.setUserProperty('plan', 'pro')
      await client.setUserProperties({ age: 41 })
      await client.setDeviceId('device-2')
      await client.setUser({ id: 'visitor-2', userId: 'member-2', properties: { tier: 'gold' } })
      await client.setPhoneNumber('+821011112222')
      await client.unsetPhoneNumber()
      await client.resetUser()
    }
    const user = { id: 'visitor-1', deviceId: 'device-1' }
    page = openPage(PAGES[0], JSON.stringify({}))
    const fake = installFakeApp(page.window, { sdkKey: SDK_KEY, mode: 'web_view_wrapper' })
    page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
    const Hackle = (page.window as unknown as { Hackle: { createInstance(key: string, config?: object): Client } }).Hackle
    const reference = Hackle.createInstance(SDK_KEY, { log_disabled: true, user, sdkUrl: 'https://sdk.conformance.invalid', eventUrl: 'https://event.conformance.invalid' })
    await calls(reference)
    const referenceUsers = fake.requests.splice(0).filter((r) => r.command === 'setUser').map((r) => r.parameters!.user)

    const { identity } = await import('../../../../src/plugins/identity')
    const kit = createKernel(`${SDK_KEY}`, { log_disabled: true, user, plugins: [identity(), webViewBridge({ window: page.window as unknown as Window })] })
    await calls(kit as unknown as Client)
    const kitUsers = fake.requests.splice(0).filter((r) => r.command === 'setUser').map((r) => r.parameters!.user)
    kit.close()

    expect(referenceUsers).toHaveLength(9)
    // each SDK falls back to its own hackle device id (after setUser without a deviceId, and after resetUser)
    const kitDeviceId = document.cookie.match(/_hackle_hid=([^;]+)/)?.[1]
    // and the reference holds some users with an empty properties object (sent as `properties: {}`, the same user for
    // the app), where hackle-kit's user has none
    const deviceless = (users: unknown[], own: string | undefined) =>
      JSON.parse(JSON.stringify(users).split(JSON.stringify(own)).join('"<hackle device id>"').split(',"properties":{}').join(''))
    expect(deviceless(kitUsers, kitDeviceId)).toEqual(deviceless(referenceUsers, DEVICE_ID))
  })
})
