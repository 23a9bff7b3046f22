import { it } from 'vitest'
import { launch, newContext } from './chromium'
import { startAppServer } from './hostile-server'
import { largeWorkspaceText } from './large-workspace'
it('costs', async () => {
  const app = await startAppServer(); const browser = await launch()
  const ctx = await newContext(browser); const page = await ctx.newPage()
  await page.goto(`${app.url}/blank.html`)
  for (const mb of [1, 5]) {
    const text = largeWorkspaceText(mb << 20)
    const r = await page.evaluate((text) => {
      const t = (f: () => unknown) => { const s = performance.now(); f(); return Math.round(performance.now() - s) }
      let v: any; const out: any = {}
      out.parse = t(() => (v = JSON.parse(text)))
      let s = ''
      out.stringify = t(() => (s = JSON.stringify({ config: v })))
      out.concat = t(() => (s = '{"config":' + text + ',"x":1}'))
      out.setItem = t(() => { try { localStorage.setItem('k', s) } catch (e) { out.err = String(e) } })
      out.getItem = t(() => localStorage.getItem('k'))
      out.setItem2 = t(() => { try { localStorage.setItem('k', s + ' ') } catch (e) { out.err = String(e) } })
      localStorage.clear()
      return out
    }, text)
    console.log(mb, JSON.stringify(r))
  }
  await browser.close(); await app.close()
}, 60000)
