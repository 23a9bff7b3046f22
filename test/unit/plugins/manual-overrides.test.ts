import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, definePlugin } from '../../../src/kernel'
import { manualOverrides } from '../../../src/plugins/manual-overrides'
import workspace from '../../fixtures/example-workspace.json'

const SDK_KEY = 'abcdefgh12345678XYZ'
const windows = definePlugin(() => ({
  name: 'windows',
  apply: ({ hooks }) => hooks.resolveUser.tap('windows', (user) => void (user.hackleProperties = { osName: 'Windows' })),
}))
const setCookie = (name: string, value: unknown) => (document.cookie = `${name}=${encodeURIComponent(JSON.stringify(value))}; path=/`)
const client = () => createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, plugins: [windows(), manualOverrides()] })
const user = { id: 'user_1', deviceId: 'user_1' }

describe('manual-overrides plugin (DevTool cookies shared with the reference)', () => {
  afterEach(() => {
    for (const name of ['hackle-manual-override_ab_abcdefgh', 'hackle-manual-override_ff_abcdefgh', 'hackle-manual-override_rc_abcdefgh']) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    }
  })

  it('applies a remote-config override by parameter key (the first item holding it) where the default has its type', async () => {
    setCookie('hackle-manual-override_rc_abcdefgh', [{ banner_text: 'Forced' }, { banner_text: 'later' }, { other: { no: 1 } }])
    const c = client()
    expect(c.remoteConfig(user).getDetail('banner_text', 'x')).toEqual({ value: 'Forced', reason: 'OVERRIDDEN' })
    expect(c.remoteConfig(user).getDetail('banner_text', 0)).toEqual({ value: 0, reason: 'TYPE_MISMATCH' })
    c.close()
    setCookie('hackle-manual-override_rc_abcdefgh', [{ banner_text: { not: 'a value' } }])
    // a cookie another script writes is read from the next synchronous run (the page's cookie stores share one read)
    await Promise.resolve()
    const again = client()
    expect(again.remoteConfig(user).getDetail('banner_text', 'x').reason).not.toBe('OVERRIDDEN')
    again.close()
  })

  it('applies an A/B override by experiment id', () => {
    setCookie('hackle-manual-override_ab_abcdefgh', [{ 11: '101' }])
    const c = client()
    expect(c.variationDetail(1, user)).toMatchObject({ variation: 'A', reason: 'OVERRIDDEN' })
    c.close()
  })

  it('applies the flag list to any experiment, and flags report INDIVIDUAL_TARGET_MATCH', () => {
    setCookie('hackle-manual-override_ff_abcdefgh', [{ 21: '202' }, { 11: '101' }])
    const c = client()
    expect(c.featureFlagDetail(5, user)).toMatchObject({ isOn: true, reason: 'INDIVIDUAL_TARGET_MATCH' })
    expect(c.variationDetail(1, user)).toMatchObject({ variation: 'A', reason: 'OVERRIDDEN' })
    c.close()
  })

  it('falls through to the flag list when the A/B entry is not a variation of the experiment', () => {
    setCookie('hackle-manual-override_ab_abcdefgh', [{ 11: '999' }])
    setCookie('hackle-manual-override_ff_abcdefgh', [{ 11: '101' }])
    const c = client()
    expect(c.variationDetail(1, user)).toMatchObject({ variation: 'A', reason: 'OVERRIDDEN' })
    c.close()
  })

  it('ignores corrupt cookies and non-numeric ids', () => {
    document.cookie = 'hackle-manual-override_ab_abcdefgh=%7Bnot-json; path=/'
    setCookie('hackle-manual-override_ff_abcdefgh', [{ 11: 'abc' }])
    const c = client()
    expect(c.variationDetail(1, user)).toMatchObject({ variation: 'B', reason: 'TRAFFIC_ALLOCATED' })
    c.close()
  })
})
