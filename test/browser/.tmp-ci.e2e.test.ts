import { it } from 'vitest'
import { launch, newContext } from './chromium'
import { startAppServer, startConfigServer, closedOrigin } from './hostile-server'
it('ci', async () => {
  const app = await startAppServer(); const browser = await launch(); const down = await closedOrigin()
  for (const which of ['hostile', 'reference', 'hostile', 'reference']) {
    const ctx = await newContext(browser); const page = await ctx.newPage()
    await page.goto(`${app.url}/blank.html`)
    await page.addScriptTag({ url: which === 'hostile' ? '/hackle-kit.js' : '/reference.js' })
    const r = await page.evaluate((down) => { const s = performance.now(); const c = (window as any).Hackle.createInstance('k', { sdkUrl: down, eventUrl: down, user: { id: 'u' } }); const a = performance.now() - s; const s2 = performance.now(); (window as any).Hackle.createInstance('k2', { sdkUrl: down, eventUrl: down }); return [a, performance.now() - s2] }, down)
    console.log(which, r.map(Math.round))
    await ctx.close()
  }
  await browser.close(); await app.close()
}, 60000)
