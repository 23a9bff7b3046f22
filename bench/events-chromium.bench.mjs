#!/usr/bin/env node
// Event pipeline cost in real Chromium: hackle-kit vs the reference SDK in ONE run, each SDK in its own browser
// context and page, served by its own small server on 127.0.0.1 (the bundle, bench/workspace.json, cohorts and
// user targets; every event POST and beacon answered 200). The in-page half is bench/chromium-page.js.
//
//   node bench/events-chromium.bench.mjs [--ours PATH] [--ref PATH] [--rounds 5] [--ms 300] [--samples 15]
//                                        [--cpu-throttle 4] [--no-trace] [--trace trace.json] [--json out.json]
//
// 1. Throughput: `track()` with properties, and `variation()` with an exposure for 1000 rotating users. The page calls
//    for --ms of wall time, yielding a task every 50 calls, then lets the SDK send what they queued. Figures from
//    CDP Performance metrics over all of that, so the SDK's batching, sending and answers are counted: calls per
//    second the page's main thread was busy with tasks (TaskDuration: what the page feels, including time blocked
//    in synchronous browser calls such as reading document.cookie, and time the OS gave to other processes), and
//    per CPU-second of that thread (ThreadTime: neither). Interleaved rounds (order alternates), medians.
// 2. Main-thread work while a full 100-event queue goes out (bar: 5 ms), realistic events (full hackle properties,
//    a user with properties, event properties), --samples samples, median / max:
//    - in the page with performance.now(): the 100th track() that flushes, and the pagehide handler with 99 queued
//      events (a PageTransitionEvent, persisted, then pageshow to go on), each from the start of a task of its own
//      until the next task (a MessageChannel message), so the promise callbacks they queue are included; the longest
//      SDK timer callback while the batch goes out (setTimeout/setInterval wrapped before the SDK loads; synchronous
//      part); 100 track() calls in one task, for scale;
//    - from a Chromium trace (unless --no-trace): the same two tasks alone, and the longest main-thread task of any
//      kind (timers, promise callbacks, network answers, GC) while the batch goes out; each in wall time and in CPU
//      time of the thread (without time the OS gave to other processes, which on a 2-core box is most of the spread).
// 3. Long tasks (> 50 ms) seen by a PerformanceObserver in each page, by phase: a sanity check only.
//
// --cpu-throttle N slows the measured page's main thread N× (CDP Emulation.setCPUThrottlingRate; 4 ≈ a mid-range
// phone) while it is measured; CPU times are then left out (Chromium throttles by keeping the thread busy).
// --trace FILE keeps the Chromium trace of part 2 (open it in DevTools' Performance panel).
import { createServer } from 'node:http'
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { BUNDLES, DEVICE_ID, PAGE_PATH, PROPS, REPO, SDK_KEY, USER_AGENT, WORKSPACE_TEXT, cell, makeUsers, pad, parseOptions, summarize, throughputRows } from './shared.mjs'

const USAGE = 'node bench/events-chromium.bench.mjs [--ours PATH] [--ref PATH] [--rounds 5] [--ms 300] [--samples 15] [--cpu-throttle 4] [--no-trace] [--trace trace.json] [--json out.json]'
const opts = parseOptions({ ...BUNDLES, rounds: 5, ms: 300, samples: 15, cpuThrottle: 1, noTrace: false, trace: null, json: null }, USAGE)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// --expose-gc: the heap is collected between the throughput rounds and the task samples (see below).
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--js-flags=--expose-gc']
const PAGE_SCRIPT = resolve(REPO, 'bench/chromium-page.js')
const PAGE_HTML = '<!doctype html><html><head><meta charset="utf-8"><title>Bench shop</title></head><body><h1>Shop</h1></body></html>'
const CASES = ['track(event, props)', 'variation + exposure']
const TASK_MEASURES = [
  ['flushAt100', 'track() that flushes 100'],
  ['flushAt100Task', '  its task (trace), wall'],
  ['flushAt100TaskCpu', '  its task (trace), CPU'],
  ['pagehide', 'pagehide, 99 queued'],
  ['pagehideTask', '  its task (trace), wall'],
  ['pagehideTaskCpu', '  its task (trace), CPU'],
  ['timers', 'longest SDK timer callback'],
  ['batchTask', 'longest task, batch out, wall'],
  ['batchTaskCpu', 'longest task, batch out, CPU'],
  ['batchTaskGc', '  GC inside the longest, wall'],
  ['track100', '(100 track() in one task)'],
]

// ---------------------------------------------------------------- one server, context and page per SDK
/** Serves one SDK's bundle at /sdk.js, the shop page and the fake API; counts what the SDK sends. */
async function startServer(bundlePath) {
  const bundle = readFileSync(bundlePath)
  const stats = { posts: 0, beacons: 0, bytes: 0, unknown: new Set() }
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname
    let bytes = 0
    req.on('data', (c) => (bytes += c.length))
    req.on('end', () => {
      const reply = (status, body = '', type = 'text/plain') => {
        res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' })
        res.end(body)
      }
      if (req.method === 'POST') {
        stats.posts++
        if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) stats.beacons++
        stats.bytes += bytes
        return reply(200)
      }
      if (/^\/api\/v2\/workspaces\/[^/]+\/config$/.test(path)) return reply(200, WORKSPACE_TEXT, 'application/json')
      if (path === '/api/v1/cohorts') return reply(200, '{"cohorts":[]}', 'application/json')
      if (path === '/api/v1/user-targets') return reply(200, '{"events":[]}', 'application/json')
      if (path === '/shop/items/') return reply(200, PAGE_HTML, 'text/html; charset=utf-8')
      if (path === '/sdk.js') return reply(200, bundle, 'text/javascript')
      if (path === '/favicon.ico') return reply(204)
      stats.unknown.add(`${req.method} ${path}`)
      reply(404)
    })
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  const url = `http://127.0.0.1:${server.address().port}`
  const close = () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()) })
  return { url, stats, close }
}

async function openSdk(browser, label, bundlePath) {
  const server = await startServer(resolve(REPO, bundlePath))
  const context = await browser.newContext({
    userAgent: USER_AGENT, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1920, height: 1040 }, screen: { width: 1920, height: 1080 },
  })
  await context.addCookies([{ name: '_hackle_hid', value: DEVICE_ID, url: server.url }])
  await context.addInitScript({ path: PAGE_SCRIPT })
  const page = await context.newPage()
  const logs = { error: 0, warn: 0, pageErrors: [] }
  page.on('console', (m) => { if (m.type() === 'error') logs.error++; else if (m.type() === 'warning') { logs.warn++; if (process.env.BENCH_SHOW_WARNINGS) console.log(label, 'warning:', m.text()) } })
  page.on('pageerror', (e) => logs.pageErrors.push(String(e)))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' })
  /**
   * Runs the page's part of a measure, CPU-throttled if asked. Only while it runs: Chromium throttles by keeping the
   * main thread busy, so a throttled page burns CPU even when idle, and on two cores the idle page would slow the
   * measured one. (For the same reason CPU times mean nothing under throttling.)
   */
  const run = async (fn, arg) => {
    if (opts.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuThrottle })
    try {
      return await page.evaluate(fn, arg)
    } finally {
      if (opts.cpuThrottle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    }
  }
  /** Seconds the page's main thread has been busy with tasks, and its CPU seconds, so far. */
  const mainThread = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    const value = (name) => metrics.find((m) => m.name === name).value
    return { busy: value('TaskDuration'), cpu: value('ThreadTime') }
  }
  await page.goto(server.url + PAGE_PATH)
  await page.addScriptTag({ url: '/sdk.js' })
  const init = await run((o) => window.__bench.start(o), { sdkKey: SDK_KEY, tag: label, props: PROPS, users: makeUsers() })
  if (!init?.success) throw new Error(`${label}: onInitialized() -> ${JSON.stringify(init)}`)
  return { label, server, context, page, logs, mainThread, run }
}

// ---------------------------------------------------------------- trace: the main-thread tasks around the marks
/**
 * From a Chromium trace: per SDK tag, the task that contains each `bench:<tag>:task:<measure>:<sample>` mark, and the
 * longest task that lies wholly between each `bench:<tag>:out:start` and the next `…:out:end` (the harness's own
 * tasks hold the marks, so they are left out). Tasks are the renderer main thread's top-level RunTask events; each
 * is measured in wall time (dur) and in CPU time of the thread (tdur: without the time the OS gave to other
 * processes or the thread spent blocked).
 */
function readTrace(buffer) {
  const events = JSON.parse(buffer.toString('utf8'))
  const list = Array.isArray(events) ? events : events.traceEvents
  const marks = list.filter((e) => typeof e.name === 'string' && e.name.startsWith('bench:') && e.cat?.includes('blink.user_timing'))
  const thread = (e) => `${e.pid}:${e.tid}`
  const tasksOf = new Map()
  const gcOf = new Map()
  for (const e of list) {
    if (e.ph === 'X' && (e.name === 'MajorGC' || e.name === 'MinorGC')) {
      if (!gcOf.has(thread(e))) gcOf.set(thread(e), [])
      gcOf.get(thread(e)).push(e)
    }
    if (e.ph !== 'X' || (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')) continue
    if (!tasksOf.has(thread(e))) tasksOf.set(thread(e), [])
    tasksOf.get(thread(e)).push(e)
  }
  const out = {}
  const open = new Map()
  for (const m of marks.sort((a, b) => a.ts - b.ts)) {
    const [, tag, kind, ...rest] = m.name.split(':')
    const tasks = tasksOf.get(thread(m)) ?? []
    const per = (out[tag] ??= { windows: 0 })
    const push = (key, ms) => (per[key] ??= []).push(ms)
    if (kind === 'task' && (rest[0] === 'flushAt100' || rest[0] === 'pagehide')) {
      const task = tasks.filter((t) => t.ts <= m.ts && m.ts <= t.ts + t.dur).sort((a, b) => b.dur - a.dur)[0]
      if (task) push(`${rest[0]}Task`, task.dur / 1000)
      if (task?.tdur !== undefined) push(`${rest[0]}TaskCpu`, task.tdur / 1000)
    } else if (rest[0] === 'start') open.set(tag, m.ts)
    else if (rest[0] === 'end' && open.has(tag)) {
      const from = open.get(tag)
      open.delete(tag)
      const inside = tasks.filter((t) => t.ts >= from && t.ts + t.dur <= m.ts)
      const gcs = gcOf.get(thread(m)) ?? []
      /** Garbage collection inside a task, ms (V8 collects when anything on the page allocates, not only the SDK). */
      const gcIn = (t) => gcs.filter((g) => g.ts >= t.ts && g.ts + g.dur <= t.ts + t.dur).reduce((sum, g) => sum + g.dur / 1000, 0)
      const longest = inside.reduce((a, t) => (!a || t.dur > a.dur ? t : a), undefined)
      // Two windows a sample (the 500 ms flush, the flush at 100): one figure a sample.
      const figures = [
        ['batchTask', inside.map((t) => t.dur / 1000)],
        ['batchTaskCpu', inside.map((t) => (t.tdur ?? 0) / 1000)],
        ['batchTaskGc', longest ? [gcIn(longest)] : []],
      ]
      const first = per.windows % 2 === 0
      for (const [key, ms] of figures) {
        if (first) push(key, Math.max(0, ...ms))
        else if (key !== 'batchTaskGc') per[key][per[key].length - 1] = Math.max(per[key].at(-1), ...ms)
      }
      // The GC figure belongs to the longer of the two windows' longest tasks.
      if (first) per.longest = longest?.dur ?? 0
      else if ((longest?.dur ?? 0) > per.longest) per.batchTaskGc[per.batchTaskGc.length - 1] = gcIn(longest)
      per.windows++
    }
  }
  return out
}

// ---------------------------------------------------------------- run
const t0 = Date.now()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true, timeout: 30_000 })
const ref = await openSdk(browser, 'reference', opts.ref)
const ours = await openSdk(browser, 'ours', opts.ours)
const sdks = [ref, ours]
/** Calls per busy second and per CPU-second of the page's main thread (the settling after the loop included). */
async function throughput(s, name, ms) {
  const before = await s.mainThread()
  const { ops, inCalls } = await s.run(([n, t]) => window.__bench.throughput(n, t), [name, ms])
  const after = await s.mainThread()
  return { busy: ops / (after.busy - before.busy), cpu: ops / (after.cpu - before.cpu), call: (ops * 1000) / inCalls }
}

for (const name of CASES) for (const s of sdks) await throughput(s, name, 150) // warm-up
const byBusy = Object.fromEntries(CASES.map((c) => [c, { reference: [], ours: [] }]))
const byCpu = Object.fromEntries(CASES.map((c) => [c, { reference: [], ours: [] }]))
const byCall = Object.fromEntries(CASES.map((c) => [c, { reference: [], ours: [] }]))
for (let round = 0; round < opts.rounds; round++) {
  const order = round % 2 === 0 ? [ref, ours] : [ours, ref]
  for (const name of CASES) {
    for (const s of order) {
      const { busy, cpu, call } = await throughput(s, name, opts.ms)
      byBusy[name][s.label].push(busy)
      byCpu[name][s.label].push(cpu)
      byCall[name][s.label].push(call)
    }
  }
}

// The throughput rounds leave tens of megabytes of garbage (hundreds of thousands of events in seconds, far beyond any
// page); collect it, in both pages alike, so a sample's tasks do not pay for it.
for (const s of sdks) await s.page.evaluate(() => window.gc?.())
if (!opts.noTrace) await browser.startTracing(undefined, { categories: ['toplevel', 'blink.user_timing', 'v8'] })
const samplesOf = { reference: {}, ours: {} }
for (let n = 0; n < opts.samples; n++) {
  for (const s of n % 2 === 0 ? [ref, ours] : [ours, ref]) {
    const one = await s.run((k) => window.__bench.sample(k), n)
    for (const [k, v] of Object.entries(one)) (samplesOf[s.label][k] ??= []).push(v)
  }
}
if (!opts.noTrace) {
  const trace = await browser.stopTracing()
  if (opts.trace) writeFileSync(resolve(process.cwd(), opts.trace), trace) // for DevTools' Performance panel
  const traced = readTrace(trace)
  for (const s of sdks) {
    const { windows: _, longest: __, ...measures } = traced[s.label] ?? {}
    Object.assign(samplesOf[s.label], measures)
  }
}
const throttled = opts.cpuThrottle > 1
// CPU times mean nothing under throttling (see run()): wall times only.
if (throttled) for (const label of ['reference', 'ours']) for (const k of Object.keys(samplesOf[label])) if (k.endsWith('Cpu')) delete samplesOf[label][k]
const tasks = { reference: summarize(samplesOf.reference), ours: summarize(samplesOf.ours) }
const longTasks = {}
for (const s of sdks) longTasks[s.label] = await s.page.evaluate(() => window.__bench.longTasks())
const version = browser.version()

// ---------------------------------------------------------------- report
const throttle = throttled ? `main thread CPU-throttled ${opts.cpuThrottle}× while measured` : 'no CPU throttling'
console.log(`events in Chromium ${version} (${throttle}): calls per second of main-thread tasks, median of ${opts.rounds} interleaved rounds × ${opts.ms} ms`)
const rows = throughputRows(byBusy)
let cpuRows
if (!throttled) {
  console.log(`the same rounds, calls per main-thread CPU-second (time blocked in synchronous browser calls left out):`)
  cpuRows = throughputRows(byCpu)
}
console.log(`the same rounds, calls per second of time inside the calls (the caller's cost; batching and sending come later):`)
const callRows = throughputRows(byCall)
console.log()
console.log(`main-thread SDK work while a full 100-event queue goes out, ms (median / max of ${opts.samples} samples; bar: 5 ms):`)
console.log(`${pad('', 34)}${pad('reference', 16, true)}${pad('ours', 16, true)}`)
for (const [key, label] of TASK_MEASURES) {
  if (!tasks.ours[key] && !tasks.reference[key]) continue
  console.log(`${pad(label, 34)}${pad(cell(tasks.reference[key]), 16, true)}${pad(cell(tasks.ours[key]), 16, true)}`)
}
console.log('track() / pagehide / 100 track(): performance.now() in the page, from the start of a task of its own until the')
console.log('  next task (a MessageChannel message), so the promise callbacks it queues are in (and any task that runs first).')
console.log('its task (trace): that task alone in a Chromium trace; wall = what the page feels, CPU = the thread\'s CPU time')
console.log('  (no time preempted by other processes or blocked in synchronous browser calls, e.g. a document.cookie read).')
console.log('timer callback: the synchronous part of each setTimeout/setInterval callback while the 99 queued events go out')
console.log('  (500 ms timer) and then the flush at 100 goes out; "longest task, batch out": every main-thread task in those')
console.log('  two windows (trace), of any kind: timers, promise callbacks, network answers, GC; "GC inside": the garbage')
console.log('  collection in the longest of them (V8 collects when anything on the page allocates, not only the SDK).')
const bar = TASK_MEASURES.map(([k]) => k).filter((k) => k !== 'track100' && k !== 'batchTaskGc' && tasks.ours[k])
const worst = (label, keys, stat) => Math.max(...keys.map((k) => tasks[label][k][stat]))
const verdicts = {}
console.log('5 ms bar: the worst of the rows above (100 track() left out), median / max:')
for (const [what, keys] of [['wall', bar.filter((k) => !k.endsWith('Cpu'))], ['CPU', bar.filter((k) => k.endsWith('Cpu'))]]) {
  if (!keys.length) continue
  const [m, x] = [worst('ours', keys, 'median'), worst('ours', keys, 'max')]
  verdicts[what] = x <= 5 ? 'met by every sample' : m <= 5 ? 'met by the medians, not by every sample' : 'NOT met'
  const ref = `${worst('reference', keys, 'median').toFixed(2)} / ${worst('reference', keys, 'max').toFixed(2)}`
  console.log(`  ${pad(what, 5)} reference ${ref}, ours ${m.toFixed(2)} / ${x.toFixed(2)} ms -> ours: ${verdicts[what]}`)
}
console.log()
console.log('long tasks (> 50 ms, PerformanceObserver):')
for (const s of sdks) {
  const byPhase = {}
  for (const t of longTasks[s.label]) (byPhase[t.phase] ??= []).push(t.duration)
  const text = Object.entries(byPhase).map(([p, d]) => `${p}: ${d.length} (longest ${Math.max(...d).toFixed(0)} ms)`).join('; ')
  console.log(`  ${pad(s.label, 10)} ${text || 'none'}`)
}
for (const s of sdks) {
  const { posts, beacons, bytes, unknown } = s.server.stats
  const errors = s.logs.pageErrors.length ? `, page errors: ${s.logs.pageErrors.join(' | ')}` : ''
  const stray = unknown.size ? `, unanswered: ${[...unknown].join(', ')}` : ''
  console.log(`${pad(s.label, 10)} event/metric POSTs: ${posts} (${beacons} beacons), ${(bytes / 1e6).toFixed(1)} MB (${(bytes / posts / 1e3).toFixed(0)} kB each), console errors: ${s.logs.error}, warnings: ${s.logs.warn}${errors}${stray}`)
}
console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`)

if (opts.json) {
  writeFileSync(resolve(process.cwd(), opts.json), JSON.stringify({
    date: new Date().toISOString(), chromium: version, node: process.version, cpuThrottle: opts.cpuThrottle, rounds: opts.rounds, msPerSample: opts.ms,
    metric: 'calls per second of main-thread tasks (CDP TaskDuration), settling included; median of interleaved rounds', cases: rows, perCpuSecond: cpuRows, perSecondInCalls: callRows, taskMs: tasks, fiveMsBar: verdicts, taskSamplesMs: samplesOf, longTasks,
  }, null, 2) + '\n')
  console.log(`wrote ${opts.json}`)
}
for (const s of sdks) { await s.context.close(); await s.server.close() }
await browser.close()
