#!/usr/bin/env node
// Decision throughput: hackle-kit vs the reference SDK, both in jsdom, in ONE process.
//
//   node bench/decisions.bench.mjs [--ours PATH] [--ref PATH] [--rounds 7] [--ms 300] [--json out.json]
//
// Each SDK gets its own jsdom window (desktop Chrome UA, https page with utm params), loads its
// browser bundle like a <script> tag, and receives bench/workspace.json through its normal config
// request. Only the network is stubbed (XMLHttpRequest, fetch, sendBeacon answer in memory); exposure,
// remote-config and track events take the SDKs' normal event path (dedup, queue, batch, "send").
//
// Metric: operations per process-CPU-second (process.cpuUsage, user+system). Cases are measured in
// interleaved rounds (SDK order alternates per round); the table shows per-case medians and the
// ratio ours/reference (> 1 = ours faster). Work runs in chunks with a macrotask yield between
// chunks, so timer-driven work the SDK schedules (event flushes, fake XHR callbacks) is counted.
import { writeFileSync, existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadSdk } from './jsdom-page.mjs'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const REFERENCE_BUNDLE = 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js'
const OURS_DEFAULT = 'dist/browser/hackle-kit.global.js'

// ---------------------------------------------------------------- options
function parseArgs(argv) {
  const opts = {
    ours: process.env.HACKLE_BUNDLE ?? OURS_DEFAULT,
    ref: REFERENCE_BUNDLE,
    rounds: 7,
    ms: 300,
    users: 1000,
    json: null,
  }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2)
    const value = () => inline ?? argv[++i]
    if (flag === '--ours') opts.ours = value()
    else if (flag === '--ref') opts.ref = value()
    else if (flag === '--rounds') opts.rounds = Number(value())
    else if (flag === '--ms') opts.ms = Number(value())
    else if (flag === '--users') opts.users = Number(value())
    else if (flag === '--json') opts.json = value()
    else if (flag === '--help' || flag === '-h') {
      console.log('node bench/decisions.bench.mjs [--ours PATH] [--ref PATH] [--rounds 7] [--ms 300] [--users 1000] [--json out.json]')
      process.exit(0)
    } else throw new Error(`unknown option ${argv[i]}`)
  }
  return opts
}
const opts = parseArgs(process.argv.slice(2))
const WALL_LIMIT_MS = 55_000 // hard stop for the measuring phase; the run stays < 60 s
const t0 = Date.now()

let oursPath = resolve(REPO, opts.ours)
const refPath = resolve(REPO, opts.ref)
let oursIsStandIn = false
if (!existsSync(oursPath) && opts.ours !== OURS_DEFAULT) {
  console.error(`bundle not found: ${oursPath}`)
  process.exit(2)
}
if (!existsSync(oursPath)) {
  console.warn(`! ${opts.ours} not found: using the reference bundle as a stand-in for "ours" (run \`npm run build\`).`)
  oursPath = refPath
  oursIsStandIn = true
}
// ---------------------------------------------------------------- page environment (bench/jsdom-page.mjs)

async function startSdk(label, bundlePath) {
  const sdk = await loadSdk(label, bundlePath)
  // Users are created in the page's own realm, as a page script would.
  const users = sdk.win.JSON.parse(JSON.stringify(makeUsers(opts.users)))
  return { ...sdk, users }
}

function makeUsers(n) {
  const countries = ['KR', 'US', 'JP', 'DE', 'BR']
  const grades = ['gold', 'silver', 'bronze']
  return Array.from({ length: n }, (_, i) => ({
    id: `bench-user-${String(i).padStart(4, '0')}`,
    properties: { country: countries[i % 5], age: 18 + ((i * 7) % 50), grade: grades[i % 3] },
  }))
}

// ---------------------------------------------------------------- cases
const CASES = {
  'variation(A/B)': (s, i) => s.client.variation(1, s.users[i]),
  'isFeatureOn(flag)': (s, i) => s.client.isFeatureOn(2, s.users[i]),
  'remoteConfig(user).get': (s, i) => s.client.remoteConfig(s.users[i]).get('banner_text', 'default'),
  track: (s, i) => s.client.track({ key: 'purchase', value: 9.9, properties: { sku: 'sku-1', qty: 2 } }, s.users[i]),
}

const yieldMacrotask = () => new Promise((r) => setImmediate(r))
const cpuMicros = (since) => { const d = process.cpuUsage(since); return d.user + d.system }

async function measure(sdk, fn, budgetMs) {
  const n = sdk.users.length
  const CHUNK = 50
  let ops = 0
  let i = 0
  const start = process.cpuUsage()
  for (;;) {
    for (let k = 0; k < CHUNK; k++) { fn(sdk, i); i = (i + 1) % n }
    ops += CHUNK
    await yieldMacrotask()
    const us = cpuMicros(start)
    if (us >= budgetMs * 1000) return (ops * 1e6) / us
  }
}

async function settle() {
  // Let queued timers of the SDK just measured run before the other SDK's clock starts.
  for (let k = 0; k < 3; k++) await yieldMacrotask()
  await new Promise((r) => setTimeout(r, 5))
}

// Same answers from both SDKs for every bench user (also a warm-up).
function parity(a, b) {
  const answers = (s) =>
    s.users.map((u) => {
      const v = s.client.variationDetail(1, u)
      const f = s.client.featureFlagDetail(2, u)
      return `${v.variation}/${v.reason}|${f.isOn}/${f.reason}|${s.client.remoteConfig(u).get('banner_text', 'default')}`
    })
  const x = answers(a)
  const y = answers(b)
  const mismatches = x.map((v, i) => (v === y[i] ? null : { user: a.users[i].id, reference: v, ours: y[i] })).filter(Boolean)
  const dist = {}
  for (const v of x) dist[v] = (dist[v] ?? 0) + 1
  return { mismatches, distribution: dist }
}

const median = (xs) => { const s = [...xs].sort((p, q) => p - q); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2 }
const fmt = (x) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0))

// ---------------------------------------------------------------- run
const ref = await startSdk('reference', refPath)
const ours = await startSdk('ours', oursPath)
const sdks = [ref, ours]

const check = parity(ref, ours)
console.log(`parity over ${opts.users} users: ${check.mismatches.length} mismatches`)
for (const m of check.mismatches.slice(0, 5)) console.log('  ', JSON.stringify(m))

// Warm-up: one short pass per case per SDK.
for (const [, fn] of Object.entries(CASES)) for (const s of sdks) { await measure(s, fn, Math.min(150, opts.ms)); await settle() }

const results = Object.fromEntries(Object.keys(CASES).map((c) => [c, { reference: [], ours: [] }]))
let roundsDone = 0
for (let round = 0; round < opts.rounds; round++) {
  if (Date.now() - t0 > WALL_LIMIT_MS) { console.warn(`! wall-clock limit reached after ${round} rounds`); break }
  const order = round % 2 === 0 ? [ref, ours] : [ours, ref]
  for (const [name, fn] of Object.entries(CASES)) {
    for (const s of order) {
      results[name][s.label].push(await measure(s, fn, opts.ms))
      await settle()
    }
  }
  roundsDone++
}

const rows = Object.entries(results).map(([name, r]) => {
  const refMed = median(r.reference)
  const oursMed = median(r.ours)
  const paired = r.ours.map((v, i) => v / r.reference[i])
  return { case: name, reference: refMed, ours: oursMed, ratio: oursMed / refMed, pairedRatioMedian: median(paired), samples: r }
})

const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n))
console.log()
console.log(`ops per process-CPU-second, median of ${roundsDone} interleaved rounds × ${opts.ms} ms (node ${process.version})`)
console.log(`reference: ${opts.ref}`)
console.log(`ours:      ${oursIsStandIn ? `${opts.ref} (STAND-IN: ${opts.ours} missing)` : opts.ours}`)
console.log()
console.log(`${pad('case', 24)}${pad('reference', 12, true)}${pad('ours', 12, true)}${pad('ours/ref', 10, true)}${pad('range ours/ref', 18, true)}`)
console.log('-'.repeat(76))
for (const r of rows) {
  const ratios = r.samples.ours.map((v, i) => v / r.samples.reference[i])
  const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
  console.log(`${pad(r.case, 24)}${pad(fmt(r.reference), 12, true)}${pad(fmt(r.ours), 12, true)}${pad(`${r.ratio.toFixed(2)}×`, 10, true)}${pad(range, 18, true)}`)
}
console.log()
for (const s of sdks) console.log(`${pad(s.label, 10)} requests answered: ${s.stats.requests}, console errors: ${s.logs.error}, warnings: ${s.logs.warn}`)
console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`)

if (opts.json) {
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    metric: 'ops per process-CPU-second (median of interleaved rounds)',
    rounds: roundsDone,
    msPerSample: opts.ms,
    users: opts.users,
    reference: opts.ref,
    ours: oursIsStandIn ? opts.ref : opts.ours,
    oursIsStandIn,
    parityMismatches: check.mismatches.length,
    decisionDistribution: check.distribution,
    cases: rows,
  }
  writeFileSync(resolve(process.cwd(), opts.json), JSON.stringify(out, null, 2) + '\n')
  console.log(`wrote ${opts.json}`)
}

for (const s of sdks) {
  try { s.client.close() } catch {}
  try { s.win.close() } catch {}
}
process.exit(check.mismatches.length ? 1 : 0)
