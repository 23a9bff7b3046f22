#!/usr/bin/env node
// Screenshots of the demo shop in headless Chromium (Debian /usr/bin/chromium + playwright-core).
//
//   node demo/screenshot.mjs [URL] [--out DIR]
//
// Without URL it starts demo/server.mjs on a free port itself (run `npm run build` first).
// Writes DIR/shop-{phone,desktop}-{home,under-the-hood,message,cart,devtool}.png at 390×844 and 1280×800 (DIR defaults to
// .cache/screenshots, which git ignores), and fails if the page logs a CSP violation or an uncaught error (but the
// error button's own).
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
    const shot = (step, fullPage = false) => page.screenshot({ path: resolve(outDir, `shop-${name}-${step}.png`), fullPage })
    await page.goto(url)
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
    await page.waitForSelector('[data-testid="server-events"] li .type', { timeout: 15_000 }) // the feed has filled
    await shot('home', true)
    await page.locator('.hood').screenshot({ path: resolve(outDir, `shop-${name}-under-the-hood.png`) })

    // the offer modal, then closed
    await page.click('button[data-action="show-offer"]')
    await page.getByRole('button', { name: 'Shop now' }).waitFor({ timeout: 15_000 })
    await page.waitForTimeout(800) // its opening animation
    await shot('message')
    await page.getByRole('button', { name: 'Hide for a day' }).click()
    await page.waitForSelector('.hackle-iam', { state: 'detached', timeout: 15_000 })

    // the cart route: its welcome message after 2 s, then the cart with the gold grade's checkout
    // add to cart: the banner, closed by its close button
    await page.click('button[data-action="add-to-cart"]')
    await page.getByRole('button', { name: 'Close' }).click({ timeout: 15_000 })
    await page.waitForSelector('.hackle-iam', { state: 'detached', timeout: 15_000 })
    await page.click('button[data-action="toggle-gold"]')
    await page.click('a[href="/cart"]')
    await page.getByRole('button', { name: 'Got it' }).click({ timeout: 15_000 })
    await page.waitForSelector('.hackle-iam', { state: 'detached', timeout: 15_000 })
    await page.waitForSelector('.checkout-new', { timeout: 15_000 })
    await shot('cart')

    // the DevTool panel
    await page.click('button[data-action="devtool"]')
    await page.getByRole('button', { name: 'Close the DevTool' }).waitFor({ timeout: 15_000 })
    await page.waitForTimeout(500)
    await shot('devtool')
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
