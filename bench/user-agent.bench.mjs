#!/usr/bin/env node
// User-agent parsing on hostile input: the longest parse of each 10,000-character adversarial UA (fastest of 5 runs
// after a warm-up). Bar: 5 ms; the reference's rules take seconds to minutes on some of them.
//
//   npm run build && node bench/user-agent.bench.mjs
import { performance } from 'node:perf_hooks'
import { parseUserAgent } from '../dist/plugins/properties/index.js'
import { adversarialUserAgents } from './adversarial-user-agents.mjs'

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
