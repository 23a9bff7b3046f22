// The SDK bundle must work under a strict CSP (`script-src 'self'`: no unsafe-eval, no unsafe-inline),
// loaded by a plain <script src> and driven by a same-origin page script.
import { expect, it } from 'vitest'
import { describeChromium } from './chromium'
import { SDK_KEY, STRICT_CSP, USER_1_EXPECTED, appResult, guardRecords, watchPage, useBrowserPages } from './harness'

const CSP_CONSOLE = /EvalError|Content Security Policy|unsafe-eval|unsafe-inline/i

describeChromium(`SDK bundle under CSP "${STRICT_CSP}"`, () => {
  const session = useBrowserPages()

  it('loads, decides and tracks with no CSP violation, page error or eval error', async () => {
    const diag = watchPage(session.page)
    const response = await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP)

    const result = await appResult(session.page)
    expect(result.error).toBeUndefined()
    expect(result.stage).toBe('done')
    expect(result.init).toEqual({ success: true })
    expect(result).toMatchObject(USER_1_EXPECTED)
    expect(await session.page.textContent('#result')).toContain('"bannerText": "Hello"')

    const { violations, errors } = await guardRecords(session.page)
    expect(violations).toEqual([])
    expect(errors).toEqual([])
    expect(diag.pageErrors).toEqual([])
    expect(diag.consoleErrors.filter((m) => CSP_CONSOLE.test(m))).toEqual([])
  })

  it('sends the X-HACKLE-SDK-* headers on the config request', async () => {
    const before = Date.now()
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    await appResult(session.page)
    const config = session.server.requests.find((r) => r.method === 'GET' && r.path === `/api/v2/workspaces/${SDK_KEY}/config`)
    expect(config, 'config GET').toBeDefined()
    const h = config!.headers
    expect(h['x-hackle-sdk-key']).toBe(SDK_KEY)
    expect(h['x-hackle-sdk-name']).toBe('javascript-sdk_browser')
    expect(h['x-hackle-sdk-version']).toBe('11.56.1')
    expect(h['x-hackle-sdk-time']).toMatch(/^\d{13}$/)
    const sdkTime = Number(h['x-hackle-sdk-time'])
    expect(sdkTime).toBeGreaterThanOrEqual(before - 1000)
    expect(sdkTime).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('delivers the exposure and track events (by the 500 ms flush or the page-hide beacon)', async () => {
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect((await appResult(session.page)).stage).toBe('done')
    await session.page.goto(`${session.server.url}/blank.html`)
    await session.server.waitFor((r) => r.method === 'POST' && !!r.json?.trackEvents?.some((e: any) => e.eventTypeKey === 'purchase'))

    const batches = session.server.events()
    const exposures = batches.flatMap((b) => b.exposureEvents ?? [])
    const tracks = batches.flatMap((b) => b.trackEvents ?? [])
    expect(exposures).toContainEqual(expect.objectContaining({
      experimentKey: 1, experimentType: 'AB_TEST', variationKey: 'B', decisionReason: 'TRAFFIC_ALLOCATED',
    }))
    expect(exposures).toContainEqual(expect.objectContaining({
      experimentKey: 5, experimentType: 'FEATURE_FLAG', variationKey: 'A', decisionReason: 'DEFAULT_RULE',
    }))
    expect(tracks).toContainEqual(expect.objectContaining({
      eventTypeId: 41, eventTypeKey: 'purchase', value: 42, properties: { currency: 'KRW', items: ['a', 'b'] },
    }))
    const purchase = tracks.find((e) => e.eventTypeKey === 'purchase')
    expect(purchase.identifiers).toMatchObject({ $id: 'user_1', $deviceId: 'user_1' })
  })

  it('sanity: the guard does catch a deliberate eval under the same CSP', async () => {
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/probe.html?key=${SDK_KEY}&user=user_1`)
    const result = await appResult(session.page)

    const probe = await session.page.evaluate(() => (window as any).__probe)
    expect(probe).toMatchObject({ threw: true, name: 'EvalError' })

    const { violations } = await guardRecords(session.page)
    expect(violations.length).toBeGreaterThan(0)
    expect(violations[0]).toMatchObject({ effectiveDirective: 'script-src', blockedURI: 'eval' })
    // Attributed to the probe, not to the SDK.
    expect(violations.every((v) => String(v.sourceFile).endsWith('/eval-probe.js'))).toBe(true)
    expect(diag.pageErrors).toEqual([])
    // The SDK itself is unaffected on that page.
    expect(result).toMatchObject(USER_1_EXPECTED)
  })
})
