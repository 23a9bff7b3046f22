// The public-API fuzzer in real Chromium, over the script-tag build's window.Hackle (./fuzz/page-fuzzer.ts, bundled
// for the page here). CI runs a fixed seed; a long run: FUZZ_SEED=<n> FUZZ_CALLS=<n> npx vitest run --project e2e test/browser/fuzz.e2e.test.ts
import { resolve } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, REPO, assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { EXAMPLE_WORKSPACE } from './harness'

const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const CALLS = Number(process.env.FUZZ_CALLS ?? 1500)

describeChromium(`public API fuzzer in Chromium (seed ${SEED}, ${CALLS} calls per phase)`, () => {
  let browser: Browser
  let server: LocalServer

  beforeAll(async () => {
    if (!hasBundle()) return
    const bundled = await build({
      entryPoints: [resolve(REPO, 'test/browser/fuzz/page-fuzzer.ts')],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      logLevel: 'silent',
    })
    server = await startServer({
      workspace: EXAMPLE_WORKSPACE,
      bundlePath: BUNDLE,
      pages: {
        '/fuzz.html': '<!doctype html><html><head><meta charset="utf-8"><title>fuzz</title></head><body><script src="/hackle-kit.js"></script><script src="/fuzz.js"></script></body></html>',
        '/fuzz.js': { body: bundled.outputFiles[0]!.text, type: 'text/javascript; charset=utf-8' },
      },
    })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  it('no public call throws, rejects or takes over 50 ms, before and after close(), and no built-in changes', async () => {
    assertBundle()
    const context = await newContext(browser)
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(String(e)))
    await page.goto(`${server.url}/fuzz.html`)
    const report = await page.evaluate(([seed, calls]) => (window as any).__fuzz(seed, calls), [SEED, CALLS] as const)
    console.log(`Chromium fuzzer: ${report.calls} calls, slowest ${report.slowestMs.toFixed(1)} ms (best of up to 4 runs): ${JSON.stringify(report.slowest)}`)
    expect(report.failures.slice(0, 20), `${report.failures.length} failures`).toEqual([])
    expect(report.unhandled).toEqual([])
    expect(report.changed).toEqual([])
    expect(report.slow).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  }, 300_000)
})
