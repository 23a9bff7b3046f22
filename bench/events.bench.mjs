#!/usr/bin/env node
// Event pipeline cost: hackle-kit vs the reference SDK, both in jsdom, in ONE process.
//
//   node bench/events.bench.mjs [--ours PATH] [--ref PATH] [--rounds 7] [--ms 300] [--json out.json]
//
// 1. Throughput (operations per process-CPU-second, timers included, so the batching, serialization and "sending"
//    each SDK schedules is counted): `track()` with properties, and a decision that produces an exposure event
//    (`variation()` for a rotating set of users, so duplicate suppression lets every exposure through in both SDKs).
// 2. Main-thread tasks while a full queue goes out: the call that fills the queue to 100 and flushes it and the
//    pagehide handler that beacons 99 queued events (each with the promise callbacks it queues, which run in the same
//    task), and the longest timer callback while the batch goes out. Bar: 5 ms.
//
// The page environment (desktop Chrome UA, https page with utm parameters, in-memory network and cookies) is
// bench/jsdom-page.mjs, as for bench/decisions.bench.mjs.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import vm from 'node:vm'
import { JSDOM, VirtualConsole } from 'jsdom'
import { API, installCookieJar, installDesktop, installNetwork } from './jsdom-page.mjs'
import { BUNDLES, DEVICE_ID, PAGE_PATH, PROPS, REPO, SDK_KEY, cell, makeUsers, pad, parseOptions, summarize, throughputRows } from './shared.mjs'

const opts = parseOptions({ ...BUNDLES, rounds: 7, ms: 300, json: null }, 'node bench/events.bench.mjs [--ours PATH] [--ref PATH] [--rounds 7] [--ms 300] [--json out.json]')
const PAGE_URL = `https://www.example.com${PAGE_PATH}`

/** Times every timer callback the page runs (the SDK's flushes, retries, fake network answers). */
function installTaskTimer(win, tasks) {
  const wrap = (original) => (fn, ms, ...args) =>
    original.call(win, typeof fn === 'function' ? (...a) => { const t = performance.now(); try { fn(...a) } finally { tasks.record(performance.now() - t) } } : fn, ms, ...args)
  win.setTimeout = wrap(win.setTimeout)
  win.setInterval = wrap(win.setInterval)
}

async function startSdk(label, bundlePath) {
  const logs = { error: 0, warn: 0 }
  const virtualConsole = new VirtualConsole()
  virtualConsole.on('error', () => logs.error++)
  virtualConsole.on('warn', () => logs.warn++)
  const dom = new JSDOM('<!doctype html><html><head><title>Bench shop</title></head><body></body></html>', { url: PAGE_URL, runScripts: 'outside-only', pretendToBeVisual: true, virtualConsole })
  const win = dom.window
  const stats = { requests: 0, bytes: 0 }
  const tasks = { on: false, max: 0, count: 0, record(ms) { if (this.on) { this.count++; this.max = Math.max(this.max, ms) } } }
  installNetwork(win, stats)
  installCookieJar(win)
  installDesktop(win)
  installTaskTimer(win, tasks)
  win.document.cookie = `_hackle_hid=${DEVICE_ID}; path=/`
  new vm.Script(readFileSync(bundlePath, 'utf8'), { filename: bundlePath }).runInContext(dom.getInternalVMContext())
  const client = win.Hackle.createInstance(SDK_KEY, { sdkUrl: API, eventUrl: API, monitoringUrl: API, cdnUrl: API })
  const init = await client.onInitialized({ timeout: 5000 })
  if (!init?.success) throw new Error(`${label}: onInitialized() -> ${JSON.stringify(init)}`)
  const users = win.JSON.parse(JSON.stringify(makeUsers()))
  return { label, win, client, users, logs, stats, tasks }
}

// ---------------------------------------------------------------- cases
const CASES = {
  'track(event, props)': (s, i) => s.client.track({ key: 'purchase', value: 9.9, properties: PROPS }),
  'variation + exposure': (s, i) => s.client.variation(1, s.users[i]),
}

const yieldMacrotask = () => new Promise((r) => setImmediate(r))
const cpuMicros = (since) => { const d = process.cpuUsage(since); return d.user + d.system }

async function measure(sdk, fn, budgetMs) {
  const n = sdk.users.length
  let ops = 0
  let i = 0
  const start = process.cpuUsage()
  for (;;) {
    for (let k = 0; k < 50; k++) { fn(sdk, i); i = (i + 1) % n }
    ops += 50
    await yieldMacrotask()
    const us = cpuMicros(start)
    if (us >= budgetMs * 1000) return (ops * 1e6) / us
  }
}
/** Resolves once the promise callbacks queued so far (and those they queue) have run. */
const afterMicrotasks = () => new Promise((r) => setImmediate(r))
const settle = async () => { for (let k = 0; k < 3; k++) await yieldMacrotask(); await new Promise((r) => setTimeout(r, 600)) }

/**
 * The longest synchronous SDK task while a full queue goes out: 99 events queued, then the 100th track() (the
 * reference and hackle-kit both flush at 100), every timer callback until the batch is "sent", and the pagehide
 * handler with 99 queued events (beacon). Realistic events: full hackle properties, user and event properties.
 */
async function longestTask(sdk, samples = 15) {
  const { client, win, tasks } = sdk
  const user = sdk.users[0]
  const samplesOf = { flushAt100: [], timers: [], pagehide: [], track100: [] }
  for (let s = 0; s < samples; s++) {
    // 99 queued: the 500 ms timer sends them (timed by the timer wrapper, with the answers' callbacks).
    for (let i = 0; i < 99; i++) client.track({ key: 'purchase', value: i, properties: PROPS }, user)
    tasks.on = true
    tasks.max = 0
    await settle()
    for (let i = 0; i < 99; i++) client.track({ key: 'purchase', value: i, properties: PROPS }, user)
    let t = performance.now()
    client.track({ key: 'purchase', value: 99, properties: PROPS }, user)
    await afterMicrotasks() // the reference dispatches in promise callbacks: same task
    samplesOf.flushAt100.push(performance.now() - t)
    await settle()
    tasks.on = false
    samplesOf.timers.push(tasks.max)
    for (let i = 0; i < 99; i++) client.track({ key: 'purchase', value: i, properties: PROPS }, user)
    t = performance.now()
    win.dispatchEvent(new win.PageTransitionEvent('pagehide', { persisted: true }))
    await afterMicrotasks()
    samplesOf.pagehide.push(performance.now() - t)
    // Back from the back-forward cache, as a page that stays alive after pagehide would be.
    win.dispatchEvent(new win.PageTransitionEvent('pageshow', { persisted: true }))
    await settle()
    // For scale: 100 track() calls back to back (hackle-kit serializes each event in its track call).
    t = performance.now()
    for (let i = 0; i < 100; i++) client.track({ key: 'purchase', value: i, properties: PROPS }, user)
    samplesOf.track100.push(performance.now() - t)
    await settle()
  }
  return summarize(samplesOf)
}

// ---------------------------------------------------------------- run
const t0 = Date.now()
const ref = await startSdk('reference', resolve(REPO, opts.ref))
const ours = await startSdk('ours', resolve(REPO, opts.ours))
const sdks = [ref, ours]

for (const fn of Object.values(CASES)) for (const s of sdks) { await measure(s, fn, 150); await settle() }
const results = Object.fromEntries(Object.keys(CASES).map((c) => [c, { reference: [], ours: [] }]))
for (let round = 0; round < opts.rounds; round++) {
  const order = round % 2 === 0 ? [ref, ours] : [ours, ref]
  for (const [name, fn] of Object.entries(CASES)) for (const s of order) { results[name][s.label].push(await measure(s, fn, opts.ms)); await settle() }
}

const tasks = {}
for (const s of sdks) tasks[s.label] = await longestTask(s)

console.log(`events: ops per process-CPU-second, median of ${opts.rounds} interleaved rounds × ${opts.ms} ms (node ${process.version})`)
const rows = throughputRows(results)
console.log()
console.log('synchronous SDK tasks while a full 100-event queue goes out, ms (median / max of 15 samples; jsdom GC pauses land in the max):')
console.log(`${pad('', 28)}${pad('reference', 16, true)}${pad('ours', 16, true)}`)
for (const [key, label] of [['flushAt100', 'track() that flushes 100'], ['timers', 'longest timer callback (†)'], ['pagehide', 'pagehide, 99 queued'], ['track100', '(100 track() calls in a row)']]) {
  console.log(`${pad(label, 28)}${pad(cell(tasks.reference[key]), 16, true)}${pad(cell(tasks.ours[key]), 16, true)}`)
}
console.log('(†) the 500 ms flush of 99 queued events, then the 100-event flush going out; synchronous part only (the')
console.log('    reference sends from promise callbacks, which this does not see: its figure is low).')
console.log()
for (const s of sdks) console.log(`${pad(s.label, 10)} requests: ${s.stats.requests}, JSON posted: ${(s.stats.bytes / 1e6).toFixed(1)} MB, console errors: ${s.logs.error}, warnings: ${s.logs.warn}`)
console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`)

if (opts.json) {
  writeFileSync(resolve(process.cwd(), opts.json), JSON.stringify({ date: new Date().toISOString(), node: process.version, rounds: opts.rounds, msPerSample: opts.ms, cases: rows, longestTaskMs: tasks }, null, 2) + '\n')
  console.log(`wrote ${opts.json}`)
}
for (const s of sdks) { try { s.client.close() } catch {} try { s.win.close() } catch {} }
process.exit(0)
