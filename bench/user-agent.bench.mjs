#!/usr/bin/env node
// User-agent parsing on hostile input: the longest parse of each 10,000-character adversarial UA (fastest of 5 runs
// after a warm-up). Bar: 5 ms; the reference's rules take seconds to minutes on some of them.
//
//   node bench/user-agent.bench.mjs
// The parser is bundled from its source as the package ships it (minified), then imported.
import { rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { adversarialUserAgents } from './adversarial-user-agents.mjs'

const outfile = path.join(os.tmpdir(), `hackle-kit-ua-bench-${process.pid}.mjs`)
const source = fileURLToPath(new URL('../src/plugins/properties/user-agent.ts', import.meta.url))
await build({ entryPoints: [source], bundle: true, minify: true, format: 'esm', outfile, logLevel: 'silent' })
const { parseUserAgent } = await import(pathToFileURL(outfile).href)
rmSync(outfile)

let worst = 0
for (const ua of adversarialUserAgents()) {
  parseUserAgent(ua)
  let fastest = Infinity
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    parseUserAgent(ua)
    fastest = Math.min(fastest, performance.now() - start)
  }
  worst = Math.max(worst, fastest)
  console.log(`${fastest.toFixed(2).padStart(7)} ms  ${JSON.stringify(ua.slice(0, 32))}…`)
}
console.log(`slowest: ${worst.toFixed(2)} ms (bar: 5 ms) -> ${worst < 5 ? 'met' : 'NOT met'}`)
process.exit(worst < 5 ? 0 : 1)
