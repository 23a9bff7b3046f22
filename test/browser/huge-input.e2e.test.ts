// Huge arguments on a real page: every public call given a 1 MB string or a 100,000-element array returns quickly
// and throws nothing. The bound is generous (a busy machine must not fail it): the unit test
// (test/unit/client/huge-input.test.ts) proves the input is cut before expensive work; this one that Chromium agrees.
import { expect, it } from 'vitest'
import { describeChromium } from './chromium'
import { SDK_KEY, appResult, useBrowserPages, watchPage } from './harness'

describeChromium('huge arguments', () => {
  const session = useBrowserPages({ csp: null })

  it('no public call given a 1 MB string or a 100,000-element array takes a second or throws', async () => {
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect((await appResult(session.page)).stage).toBe('done')
    const timings = await session.page.evaluate(async () => {
      const Hackle = (window as any).Hackle
      const client = (window as any).__client
      const big = 'x'.repeat(1 << 20)
      const array = Array.from({ length: 100_000 }, (_, i) => i)
      const calls: Record<string, () => unknown> = {
        setUserId: () => client.setUserId(big),
        setUserIdArray: () => client.setUserId(array),
        setUser: () => client.setUser({ id: big, userId: 'u', properties: { tags: array, note: big } }),
        setUserProperty: () => client.setUserProperty('tags', array),
        setUserProperties: () => client.setUserProperties({ tags: array, [big]: 1, note: big }),
        updateUserProperties: () =>
          client.updateUserProperties(new Hackle.PropertyOperationsBuilder().append('list', array).set('long', big).build()),
        track: () => client.track({ key: 'purchase', properties: { tags: array, note: big } }),
        trackKey: () => client.track(big),
        variation: () => client.variation(1, big),
        featureFlagDetail: () => client.featureFlagDetail(5, { id: 'u', identifiers: { a: big, b: array } }),
        remoteConfig: () => client.remoteConfig().get('banner_text', array),
        setCurrentPage: () => client.setCurrentPage({ pageName: big, properties: { tags: array } }),
        setPhoneNumber: () => client.setPhoneNumber(big),
        getExperiment: () => client.getExperiment(big),
      }
      const out: Record<string, number | string> = {}
      for (const [name, call] of Object.entries(calls)) {
        const start = performance.now()
        try {
          await call()
          out[name] = performance.now() - start
        } catch (error) {
          out[name] = `threw ${String(error)}`
        }
      }
      return out
    })
    for (const [name, ms] of Object.entries(timings)) {
      expect(typeof ms, `${name}: ${ms}`).toBe('number')
      expect(ms as number, name).toBeLessThan(1000)
    }
    expect(diag.pageErrors).toEqual([])
  })
})
