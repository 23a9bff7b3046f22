// What the event benches share: options, the workload (event properties, users) and the table helpers.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const WORKSPACE_TEXT = readFileSync(resolve(REPO, 'bench/workspace.json'), 'utf8')
export const SDK_KEY = 'bench-sdk-key-0123456789abcdef'
export const DEVICE_ID = 'bench-device-0000-0000-000000000001'
export const USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
/** The shop page both benches run on (path and query; jsdom prefixes an https origin). */
export const PAGE_PATH = '/shop/items/?utm_source=newsletter&utm_medium=email&utm_campaign=spring'

/** Event properties of every tracked event. */
export const PROPS = { sku: 'sku-1', qty: 2, price: 9.9, category: 'shoes', tags: ['sale', 'new'], note: 'ordered from the bench page' }

/** The rotating users: exposures of `variation()` all pass duplicate suppression in both SDKs. */
export const makeUsers = (n = 1000) =>
  Array.from({ length: n }, (_, i) => ({
    id: `bench-user-${String(i).padStart(4, '0')}`,
    properties: { country: ['KR', 'US', 'JP', 'DE', 'BR'][i % 5], age: 18 + ((i * 7) % 50), grade: ['gold', 'silver', 'bronze'][i % 3] },
  }))

/**
 * Parses `--name value` / `--name=value` into a copy of `defaults` (numbers stay numbers, `null` defaults take
 * strings, booleans are flags). Prints `usage` and exits on --help or an unknown option; exits if a bundle is missing.
 */
export function parseOptions(defaults, usage) {
  const opts = { ...defaults }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2)
    const key = flag.replace(/^--/, '').replace(/-(\w)/g, (_, c) => c.toUpperCase())
    if (!flag.startsWith('--') || !(key in defaults)) {
      console.log(usage)
      process.exit(flag === '--help' || flag === '-h' ? 0 : 2)
    }
    const value = typeof defaults[key] === 'boolean' ? true : (inline ?? argv[++i])
    opts[key] = typeof defaults[key] === 'number' ? Number(value) : value
  }
  for (const path of [opts.ours, opts.ref]) {
    if (!existsSync(resolve(REPO, path))) {
      console.error(`bundle not found: ${path} (run \`npm run build\`)`)
      process.exit(2)
    }
  }
  return opts
}
export const BUNDLES = { ours: 'dist/browser/hackle-kit.global.js', ref: 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js' }

export const median = (xs) => { const s = [...xs].sort((p, q) => p - q); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2 }
export const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0))
export const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n))
/** median / max of each measure's samples. */
export const summarize = (samplesOf) => Object.fromEntries(Object.entries(samplesOf).map(([k, v]) => [k, { median: median(v), max: Math.max(...v) }]))
export const cell = (x) => (x ? `${x.median.toFixed(2)} / ${x.max.toFixed(2)}` : '–')

/** The throughput table: one row per case, the medians of the interleaved rounds and their ratio. */
export function throughputRows(results) {
  const rows = Object.entries(results).map(([name, r]) => ({ case: name, reference: median(r.reference), ours: median(r.ours), ratio: median(r.ours) / median(r.reference), samples: r }))
  console.log(`${pad('case', 24)}${pad('reference', 12, true)}${pad('ours', 12, true)}${pad('ours/ref', 10, true)}`)
  console.log('-'.repeat(58))
  for (const r of rows) console.log(`${pad(r.case, 24)}${pad(fmt(r.reference), 12, true)}${pad(fmt(r.ours), 12, true)}${pad(`${r.ratio.toFixed(2)}×`, 10, true)}`)
  return rows
}
