// Real-Chromium helpers for the e2e project (vitest `e2e`, node environment).
// Debian Chromium + playwright-core; no browser download. See /work/shared/toolchain.md §2.3.
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { describe } from 'vitest'

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The IIFE under test. Point HACKLE_BUNDLE at another build (e.g. the reference UMD) to compare. */
export const BUNDLE = resolve(REPO, process.env.HACKLE_BUNDLE ?? 'dist/browser/hackle-kit.global.js')

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage',
]
export const hasChromium = existsSync(CHROMIUM)
if (!hasChromium && process.env.CI === 'true') {
  // Never skip silently in CI.
  throw new Error(`CI=true but no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`)
}

/** `describe` that skips (locally only) when Chromium is not installed. */
export const describeChromium = describe.skipIf(!hasChromium)

/** Desktop Windows Chrome: the §3.7 example audience targets osName Windows/Mac, and HeadlessChrome on Linux would miss it. */
export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 })
}

/** A fresh, isolated context (own cookies/storage) with a desktop Chrome UA unless overridden. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ userAgent: DESKTOP_CHROME_UA, locale: 'en-US', timezoneId: 'UTC', ...options })
}

export const hasBundle = (): boolean => existsSync(BUNDLE)

/** Call from beforeEach: a missing bundle then fails every test (a failing beforeAll would only mark them skipped). */
export function assertBundle(): void {
  if (!hasBundle()) {
    throw new Error(`SDK bundle not found at ${BUNDLE}. Run \`npm run build\`, or set HACKLE_BUNDLE.`)
  }
}
