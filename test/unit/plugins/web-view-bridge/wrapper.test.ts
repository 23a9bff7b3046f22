import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { createInstance } from '../../../../src'
import { webViewBridge } from '../../../../src/plugins/web-view-bridge'
import { identity } from '../../../../src/plugins/identity'
import { clearBrowserState } from '../../browser-state'
import workspace from '../../../fixtures/example-workspace.json'
import { installFakeApp, type AppRequest } from './fake-app'
import { SDK_URL, useWorkspaceServer } from '../../client/helpers'

useWorkspaceServer()

let uninstall: (() => void) | undefined
const originalPrompt = window.prompt
afterEach(() => {
  uninstall?.()
  window.prompt = originalPrompt
  vi.restoreAllMocks()
  clearBrowserState()
})
let nextKey = 0

/** The users the app was told about, in order. */
const usersSent = (requests: AppRequest[]) => requests.filter((r) => r.command === 'setUser').map((r) => r.parameters!.user)

describe('web_view_wrapper mode: the browser client, with the app kept in step with its user', () => {
  it('sends the current user at creation and after every call that may change it; decisions stay in the browser', async () => {
    const key = `web-view-wrapper-${++nextKey}`
    const fake = installFakeApp(window, { sdkKey: key, mode: 'web_view_wrapper', invocationType: 'function' })
    uninstall = fake.uninstall
    const client = createKernel(key, {
      log_disabled: true,
      workspaceConfig: workspace,
      user: { id: 'visitor-1', deviceId: 'device-1' },
      plugins: [identity(), webViewBridge()],
    })
    expect(usersSent(fake.requests)).toEqual([{ id: 'visitor-1', deviceId: 'device-1' }])
    // decisions and tracks are the browser client's own
    expect(client.variationDetail(1).reason).not.toBe('EXCEPTION')
    client.track('local-event')
    expect(fake.requests.map((r) => r.command)).toEqual(['setUser'])

    await client.setUserId('member-9')
    await client.setUserProperty('plan', 'pro')
    await client.setDeviceId('device-2')
    await client.setUserProperties({ age: 40 })
    await client.setPhoneNumber('+821000000000')
    await client.resetUser()
    const sent = usersSent(fake.requests)
    expect(sent).toHaveLength(7)
    expect(sent[1]).toMatchObject({ id: 'visitor-1', userId: 'member-9', deviceId: 'device-1' })
    expect(sent[2]).toMatchObject({ userId: 'member-9', properties: { plan: 'pro' } })
    expect(sent[3]).toMatchObject({ userId: 'member-9', deviceId: 'device-2' })
    expect(sent[4]).toMatchObject({ properties: { plan: 'pro', age: 40 } })
    // after a reset: the anonymous user of this device
    expect(sent[6]).toEqual(client.getUser())
    expect((sent[6] as { userId?: string }).userId).toBeUndefined()
    client.close()
  })

  it('with the whole preset the answers are the browser client\'s', async () => {
    const key = `web-view-wrapper-${++nextKey}`
    const fake = installFakeApp(window, { sdkKey: key, mode: 'WEB_VIEW_WRAPPER' })
    uninstall = fake.uninstall
    const client = createInstance(key, { workspaceConfig: workspace, log_disabled: true, sdkUrl: SDK_URL, eventUrl: SDK_URL, plugins: [webViewBridge()] })
    await client.setUser({ userId: 'm-1', properties: { tier: 'gold' } })
    expect(usersSent(fake.requests).at(-1)).toMatchObject({ userId: 'm-1', properties: { tier: 'gold' } })
    expect(client.getSessionId()).not.toBe('app-session-1')
    client.close()
  })
})
