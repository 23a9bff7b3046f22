#!/usr/bin/env node
// Stress run of the cross-tab delivery scenarios (test/browser/delivery.e2e.test.ts (e), (f), (h), (i)): each repeated
// DELIVERY_REPEAT times (default 50) with random start offsets between the tabs, on ONE CPU core shared with two busy
// loops, so that tabs see each other's localStorage writes late. Prints duplicates and lost events over all runs.
//
//   npm run test:stress                         all four scenarios, 50 runs each (builds first)
//   node scripts/stress-delivery.mjs f 60       only (f), 60 runs (no build)
//
// Env: STRESS_CPU (core to pin to, default 0), STRESS_BUSY (busy loops, default 2), STRESS_MINUTES (hard bound,
// default 45: everything it started is stopped then). Needs `taskset` (util-linux) for the pinning; without it the
// run is only loaded, not pinned, and says so. HACKLE_BUNDLE points the pages at another build (e.g. an older one).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const scenarios = (process.argv[2] ?? 'efhi').replace(/[^a-z]/g, '')
const repeat = Number(process.argv[3] ?? process.env.DELIVERY_REPEAT ?? 50)
const cpu = process.env.STRESS_CPU ?? '0'
const busyCount = Number(process.env.STRESS_BUSY ?? 2)
const minutes = Number(process.env.STRESS_MINUTES ?? 45)
const pinned = spawnSync('taskset', ['-c', cpu, 'true']).status === 0
const pin = (cmd, args) => (pinned ? ['taskset', ['-c', cpu, cmd, ...args]] : [cmd, args])

const dir = mkdtempSync(join(tmpdir(), 'hackle-kit-stress-'))
const report = join(dir, 'runs.jsonl')
const children = []
function stopAll() {
  for (const child of children.splice(0)) {
    try {
      // Each child leads its own process group (detached): stop it and what it started (Chromium), by id.
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopAll)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

for (let i = 0; i < busyCount; i++) {
  const [cmd, args] = pin(process.execPath, ['-e', 'for(;;){}'])
  children.push(spawn(cmd, args, { stdio: 'ignore', detached: true }))
}
console.log(`stress: scenarios (${scenarios.split('').join('), (')}), ${repeat} runs each, ${pinned ? `pinned to CPU ${cpu}` : 'NOT pinned (no taskset)'}, ${busyCount} busy loops, bound ${minutes} min`)

const started = Date.now()
const [cmd, args] = pin(process.execPath, [
  'node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', 'test/browser/delivery.e2e.test.ts',
  '-t', `^exactly-once delivery in Chromium \\((${scenarios.split('').join('|')})\\)`,
  '--testTimeout', '300000', '--reporter', 'dot',
])
const vitest = spawn(cmd, args, {
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, DELIVERY_REPEAT: String(repeat), DELIVERY_SLOW: '6', DELIVERY_REPORT: report },
})
children.push(vitest)
const bound = setTimeout(() => {
  console.log(`stress: stopped after ${minutes} min (the figures below cover the runs that finished)`)
  stopAll()
}, minutes * 60_000)
const code = await new Promise((done) => vitest.on('exit', (c) => done(c ?? 1)))
clearTimeout(bound)
stopAll()

let lines = []
try {
  lines = readFileSync(report, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
} catch {
  // no run finished
}
rmSync(dir, { recursive: true, force: true })
const rows = new Map()
for (const { test, expected, tracked, duplicates } of lines) {
  const name = test.match(/\(([a-z])\)/)?.[1] ?? test
  const row = rows.get(name) ?? { runs: 0, events: 0, duplicates: 0, lost: 0 }
  row.runs++
  row.events += expected
  row.duplicates += duplicates
  row.lost += Math.max(0, expected - tracked)
  rows.set(name, row)
}
console.log(`\nstress: ${((Date.now() - started) / 60_000).toFixed(1)} min`)
console.log('scenario | runs | events | duplicates | lost')
for (const [name, r] of [...rows].sort()) console.log(`(${name}) | ${r.runs} | ${r.events} | ${r.duplicates} | ${r.lost}`)
const bad = [...rows.values()].some((r) => r.duplicates || r.lost) || rows.size < scenarios.length
process.exit(code || (bad ? 1 : 0))
