// Pages whose globals other scripts changed: the SDK must still load and decide.
import { expect, it } from 'vitest'
import { describeChromium } from './chromium'
import { SDK_KEY, appResult, expectUser1Decided, useBrowserPages, watchPage } from './harness'

describeChromium('hostile pages', () => {
  const session = useBrowserPages({ csp: null })

  it('loads and decides when Object.prototype has an enumerable member (an old library or a careless polyfill)', async () => {
    await session.context.addInitScript(() => {
      ;(Object.prototype as Record<string, unknown>).polluted = 'from an old library'
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    const result = await appResult(session.page)
    expectUser1Decided(result, diag.pageErrors)
  })

  it('without crypto.randomUUID (older browsers, some embedded views) it still makes v4 device ids and decides', async () => {
    await session.context.addInitScript(() => {
      delete (Crypto.prototype as unknown as Record<string, unknown>).randomUUID
    })
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}`)
    expect(await session.page.evaluate(() => typeof (crypto as unknown as Record<string, unknown>).randomUUID)).toBe('undefined')
    const result = await appResult(session.page)
    expect(result.error).toBeUndefined()
    expect(result.stage).toBe('done')
    expect(result.user?.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(diag.pageErrors).toEqual([])
  })
})
