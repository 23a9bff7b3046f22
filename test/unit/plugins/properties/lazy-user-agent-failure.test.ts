import { describe, expect, it, vi } from 'vitest'

/** When the full parser cannot be loaded (offline, a blocked script): a warning, empty properties, nothing held. */
describe('properties when the user-agent parser cannot be loaded', () => {
  it('warns, becomes ready, delivers what waited with the properties empty, and tries again later', async () => {
    vi.doMock('../../../../src/plugins/properties/user-agent', () => {
      throw new Error('offline')
    })
    const { createKernel, definePlugin } = await import('../../../../src/kernel')
    const { properties, loadUserAgentInfo, UNKNOWN_USER_AGENT } = await import('../../../../src/plugins/properties')
    const ua = 'Mozilla/5.0 (Linux; Android 14; SM-S911N Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 NAVER(inapp; search; 2000; 12.1.5)'
    const win = { location: window.location, document: window.document, navigator: { userAgent: ua, languages: ['en'] }, screen: {} } as unknown as Window
    const delivered: Array<{ key?: string; user: { hackleProperties: Record<string, unknown> } }> = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const take = definePlugin(() => ({
      name: 'take',
      apply(k) {
        k.hooks.deliverEvent.tap('take', (event) => (delivered.push(event as never), true))
      },
    }))
    const client = createKernel('abcdefgh12345678', {
      plugins: [properties({ window: win }), take()],
      workspaceConfig: {},
    } as never)
    client.track('waits')
    expect(delivered).toHaveLength(0)
    await expect(client.onInitialized()).resolves.toEqual({ success: true })
    expect(delivered.map((event) => event.key)).toEqual(['waits'])
    expect(delivered[0]!.user.hackleProperties).toMatchObject({ userAgent: ua, browserName: '', osName: '', deviceType: 'pc' })
    expect(warn.mock.calls.some((args) => args.join(' ').includes('Could not load the user-agent parser'))).toBe(true)
    // a later call tries again (and fails the same way here, without rejecting)
    await expect(loadUserAgentInfo(ua, undefined, () => undefined)).resolves.toBe(UNKNOWN_USER_AGENT)
    client.close()
    vi.doUnmock('../../../../src/plugins/properties/user-agent')
    warn.mockRestore()
  })
})
