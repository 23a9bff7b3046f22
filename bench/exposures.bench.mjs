#!/usr/bin/env node
// CPU per decision with its exposure: both script-tag builds side by side in jsdom, measured in turn by one process.
//
//   node bench/exposures.bench.mjs [--ours PATH] [--ref PATH] [--rounds 9] [--ops 2000] [--json out.json]
//
// Each SDK runs in its own jsdom page (bench/jsdom-page.mjs: desktop Chrome, in-memory network and cookies) in its
// own worker thread, that is its own JavaScript heap, as each would have its own page (and renderer) in a browser:
// sharing one heap made each SDK's garbage collections walk the other's page and data too, so each measurement
// depended on what the other had allocated and kept. The threads take turns (only one runs at a time) and answer
// `variation(1, user)` for the A/B test of bench/workspace.json:
//   - one user:          the same `{ userId }` on every call (the SDKs suppress the repeated exposure);
//   - switching (id):    a new `{ id }` on every call: a new exposure each time, same device and session;
//   - switching (userId):a new `{ userId }` on every call: a new exposure each time, and a user change (session
//                        end and start events, cookies, cohort refiltering) in both SDKs.
// Every call builds its user object in the page's realm, as a page script would. Metric: process CPU time
// (process.cpuUsage: user + system, all threads, so GC and the compiler count) per call, over `ops` calls run in
// chunks of 50 with a macrotask between chunks; after the last chunk the round keeps the clock running until the
// page's timers due within 600 ms have fired (flushes, fake network answers, trailing cookie writes), so work an SDK
// defers is counted in the round that caused it. Rounds interleave the SDKs (order alternating); the table shows
// the medians, the ratio of the medians and the range of the per-round ratios.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import { loadSdk } from './jsdom-page.mjs'
import { BUNDLES, REPO, median, pad, parseOptions } from './shared.mjs'

/** The user of each call, built in the page's realm (`win.Object`), as a page script would pass it. */
const CASES = {
  'one user': (win) => {
    const user = new win.Object()
    user.userId = 'member-0001'
    return user
  },
  'switching (id)': (win, serial) => {
    const user = new win.Object()
    user.id = `visitor-${serial}`
    return user
  },
  'switching (userId)': (win, serial) => {
    const user = new win.Object()
    user.userId = `member-${serial}`
    return user
  },
}

if (isMainThread) await main()
else await serve()

// ---------------------------------------------------------------- one SDK, in its worker
async function serve() {
  const sdk = await loadSdk(workerData.label, workerData.bundlePath)
  const { client, win } = sdk
  let serial = 0
  const yieldMacrotask = () => new Promise((r) => setImmediate(r))
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

  /** µs of process CPU per call over `ops` calls, the page's deferred work included. */
  async function measure(makeUser, ops) {
    await sleep(0)
    const start = process.cpuUsage()
    for (let done = 0; done < ops; done += 50) {
      for (let k = 0; k < 50; k++) client.variation(1, makeUser(win, serial++))
      await yieldMacrotask()
    }
    await sleep(550) // idle except for the page's timers: they run inside the measurement
    const d = process.cpuUsage(start)
    return (d.user + d.system) / ops
  }

  parentPort.on('message', async ({ id, command, caseName, from, count, ops }) => {
    let result
    if (command === 'answers') {
      // The answers for the users `from`…`from + count - 1` of a case (the parity check; also a warm-up).
      result = []
      for (let i = from; i < from + count; i++) {
        const d = client.variationDetail(1, CASES[caseName](win, i))
        result.push(`${d.variation}/${d.reason}`)
      }
    } else if (command === 'measure') result = await measure(CASES[caseName], ops)
    else if (command === 'stats') result = { requests: sdk.stats.requests, logs: sdk.logs }
    else if (command === 'close') {
      try {
        client.close()
        win.close()
      } catch {}
    }
    parentPort.postMessage({ id, result })
  })
  parentPort.postMessage({ ready: true })
}

// ---------------------------------------------------------------- the driver
async function main() {
  const USAGE = 'node bench/exposures.bench.mjs [--ours PATH] [--ref PATH] [--rounds 9] [--ops 2000] [--json out.json]'
  const opts = parseOptions({ ...BUNDLES, rounds: 9, ops: 2000, json: null }, USAGE)
  const WALL_LIMIT_MS = 60_000
  const t0 = Date.now()

  /** An SDK in its worker: `ask(message)` resolves with the worker's result. */
  async function start(label, bundlePath) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { label, bundlePath } })
    let next = 0
    const waiting = new Map()
    await new Promise((ready, failed) => {
      worker.once('error', failed)
      worker.on('message', (m) => {
        if (m.ready) return ready()
        waiting.get(m.id)?.(m.result)
        waiting.delete(m.id)
      })
    })
    const ask = (message) => new Promise((answer) => {
      const id = next++
      waiting.set(id, answer)
      worker.postMessage({ id, ...message })
    })
    return { label, worker, ask }
  }

  const ref = await start('reference', resolve(REPO, opts.ref))
  const ours = await start('ours', resolve(REPO, opts.ours))
  const sdks = [ref, ours]

  // The same answers for the users of every case (and a warm-up).
  let mismatches = 0
  for (const caseName of Object.keys(CASES)) {
    const [a, b] = await Promise.all(sdks.map((s) => s.ask({ command: 'answers', caseName, from: 1_000_000, count: 200 })))
    a.forEach((answer, i) => (mismatches += answer === b[i] ? 0 : 1))
  }
  for (const caseName of Object.keys(CASES)) for (const s of sdks) await s.ask({ command: 'measure', caseName, ops: opts.ops / 2 })

  const results = Object.fromEntries(Object.keys(CASES).map((c) => [c, { reference: [], ours: [] }]))
  let rounds = 0
  for (let round = 0; round < opts.rounds; round++) {
    if (Date.now() - t0 > WALL_LIMIT_MS) {
      console.warn(`! wall-clock limit reached after ${round} rounds`)
      break
    }
    const order = round % 2 === 0 ? [ref, ours] : [ours, ref]
    for (const caseName of Object.keys(CASES)) for (const s of order) results[caseName][s.label].push(await s.ask({ command: 'measure', caseName, ops: opts.ops }))
    rounds++
  }

  console.log(`variation(1, user) with its exposure: µs of process CPU per call (timers and GC included), median of ${rounds} interleaved rounds × ${opts.ops} calls, each SDK in its own worker thread (node ${process.version})`)
  console.log(`parity: ${mismatches} mismatches over ${Object.keys(CASES).length * 200} decisions`)
  console.log()
  console.log(`${pad('case', 22)}${pad('reference', 11, true)}${pad('ours', 9, true)}${pad('ref/ours', 10, true)}${pad('range', 15, true)}`)
  console.log('-'.repeat(67))
  const rows = Object.entries(results).map(([name, r]) => {
    const ratios = r.reference.map((v, i) => v / r.ours[i])
    const row = { case: name, reference: median(r.reference), ours: median(r.ours), samples: r }
    row.speedup = row.reference / row.ours
    const range = `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×`
    console.log(`${pad(name, 22)}${pad(row.reference.toFixed(1), 11, true)}${pad(row.ours.toFixed(1), 9, true)}${pad(`${row.speedup.toFixed(1)}×`, 10, true)}${pad(range, 15, true)}`)
    return row
  })
  console.log()
  for (const s of sdks) {
    const { requests, logs } = await s.ask({ command: 'stats' })
    console.log(`${pad(s.label, 10)} requests: ${requests}, console errors: ${logs.error}, warnings: ${logs.warn}`)
  }
  console.log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  if (opts.json) {
    writeFileSync(resolve(process.cwd(), opts.json), JSON.stringify({ date: new Date().toISOString(), node: process.version, rounds, ops: opts.ops, mismatches, cases: rows }, null, 2) + '\n')
    console.log(`wrote ${opts.json}`)
  }
  for (const s of sdks) {
    await s.ask({ command: 'close' })
    await s.worker.terminate()
  }
  process.exit(mismatches ? 1 : 0)
}
