import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInstance, definePlugin, type SdkEvent } from '../../../src'
import { SDK_KEY, SDK_URL, useWorkspaceServer } from './helpers'

useWorkspaceServer()
afterEach(() => vi.restoreAllMocks())

const warnings = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('Client is closed'))

describe('calls after close()', () => {
  it('still decide, and each event a call would send is refused with a warning naming it (none vanish silently)', async () => {
    const seen: SdkEvent[] = []
    const watch = definePlugin(() => ({
      name: 'watch-events',
      apply: ({ hooks }) => hooks.eventCreated.tap('watch-events', (event) => void seen.push(event)),
    }))
    const client = createInstance(SDK_KEY, { sdkUrl: SDK_URL, eventUrl: SDK_URL, plugins: [watch()] })
    await client.onInitialized()
    const user = { id: 'user_1', deviceId: 'user_1' }
    const before = client.variation(1, user)
    const flagBefore = client.isFeatureOn(5, user)
    client.close()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const created = seen.length

    expect(client.variation(1, user)).toBe(before)
    expect(client.isFeatureOn(5, user)).toBe(flagBefore)
    client.track({ key: 'purchase', value: 3 }, user)
    client.remoteConfig(user).get('banner_text', 'default')
    await client.setUserProperty('plan', 'gold')

    expect(seen).toHaveLength(created)
    expect(warnings(warn)).toEqual([
      '[WARN] Hackle: Client is closed: exposure event [1] is not sent',
      '[WARN] Hackle: Client is closed: exposure event [5] is not sent',
      '[WARN] Hackle: Client is closed: track event [purchase] is not sent',
      '[WARN] Hackle: Client is closed: remoteConfig event [banner_text] is not sent',
      '[WARN] Hackle: Client is closed: track event [$properties] is not sent',
    ])
  })

  it('nothing is refused before close()', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = createInstance(`${SDK_KEY}-open`, { sdkUrl: SDK_URL, eventUrl: SDK_URL })
    await client.onInitialized()
    client.track('purchase')
    client.variation(1)
    expect(warnings(warn)).toEqual([])
    client.close()
  })
})
