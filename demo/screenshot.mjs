#!/usr/bin/env node
// Screenshots of the demo in headless Chromium (Debian /usr/bin/chromium + playwright-core).
//
//   node demo/screenshot.mjs [URL] [--out DIR]
//
// Without URL it starts demo/server.mjs on a free port itself (HACKLE_BUNDLE is passed through).
// Writes DIR/demo-{phone,desktop}-{initial,after-actions}.png at 390×844 and 1280×800 (DIR defaults to .cache/screenshots, which git ignores), and
// fails if the page logs a CSP violation or an uncaught error (but the error button's own).
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const outDir = resolve(outIndex >= 0 ? args.splice(outIndex, 2)[1] : resolve(here, '../.cache/screenshots'))
let url = args[0]
mkdirSync(outDir, { recursive: true })

let child
if (!url) {
  child = spawn(process.execPath, [resolve(here, 'server.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] })
  url = await new Promise((resolveUrl, reject) => {
    let text = ''
    child.stdout.on('data', (chunk) => {
      text += chunk
      const m = text.match(/demo: (http:\/\/127\.0\.0\.1:\d+\/)/)
      if (m) resolveUrl(m[1])
    })
    child.on('exit', (code) => reject(new Error(`demo server exited (${code})`)))
  })
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
})
const problems = []
try {
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
    const page = await context.newPage()
    page.on('pageerror', (e) => { if (!String(e).includes('Demo error button')) problems.push(`pageerror: ${e}`) })
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`) })
    await page.goto(url)
    await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 })
    await page.waitForTimeout(1500) // let the event feed fill
    await page.screenshot({ path: resolve(outDir, `demo-${name}-initial.png`), fullPage: true })

    for (const action of ['toggle-gold', 'signin-staff', 'track-purchase', 'route-second', 'throw']) {
      await page.click(`button[data-action="${action}"]`)
      await page.waitForTimeout(300)
    }
    await page.waitForTimeout(2500)
    await page.screenshot({ path: resolve(outDir, `demo-${name}-after-actions.png`), fullPage: true })
    await context.close()
  }
  console.log(`screenshots in ${outDir}`)
} finally {
  await browser.close()
  child?.kill()
}
if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
