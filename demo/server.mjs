#!/usr/bin/env node
// hackle-kit demo: a local workspace server + a small React shop (demo/src) on hackle-kit/react.
//
//   npm run demo                      (builds the package, then runs this file)
//   PORT=8080 node demo/server.mjs
//
// At start it bundles demo/src/main.tsx with esbuild against dist/ (see build.mjs) into .cache/demo-shop and serves it
// under /app/. Serves demo/workspace.json as the workspace config for any SDK key, swallows events (and lists the
// latest ones for the page at /__demo/events), and sends the page with a strict Content-Security-Policy
// (script-src 'self'). The script-tag build stays served at /hackle-kit.js for pages that want it.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startServer } from './server-core.mjs'
import { buildShop } from './build.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '..')

export const DEMO_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const who = (e) => e.identifiers?.$userId ?? e.userId

// What the page shows of the SDK's own events: the page path, the engagement time, the error message.
function autoDetail(e) {
  if (e.eventTypeKey === '$page_view') return e.hackleProperties?.pagePath
  if (e.eventTypeKey === '$engagement') return `${e.properties?.$engagement_time_ms} ms on ${e.hackleProperties?.pagePath}`
  if (e.eventTypeKey === '$trace') return e.properties?.message
  return undefined
}

// The last events the SDK sent us, flattened for the page's "received by the server" panel.
function recentEvents(server, limit = 40) {
  const out = []
  for (const batch of server.events()) {
    for (const e of batch.exposureEvents ?? []) out.push({ type: e.experimentType === 'FEATURE_FLAG' ? 'flag' : 'exposure', key: e.experimentKey, detail: `${e.variationKey} · ${e.decisionReason}`, user: who(e), timestamp: e.timestamp })
    for (const e of batch.remoteConfigEvents ?? []) out.push({ type: 'remote config', key: e.parameterKey, detail: `${JSON.stringify(e.properties?.returnValue)} · ${e.decisionReason}`, user: who(e), timestamp: e.timestamp })
    for (const e of batch.trackEvents ?? []) out.push({ type: e.eventTypeKey.startsWith('$') ? 'auto' : 'track', key: e.eventTypeKey, detail: autoDetail(e) ?? (e.value ? `value ${e.value}` : ''), user: who(e), timestamp: e.timestamp })
  }
  return out.sort((a, b) => b.timestamp - a.timestamp).slice(0, limit)
}

/**
 * Builds the shop and starts the demo server; resolves to the server-core handle ({ url, port, requests, events,
 * close, … }). `appDir` is where the shop's bundle goes (default .cache/demo-shop, which git ignores).
 */
export async function startDemo({
  port = 0,
  bundlePath = resolve(repo, process.env.HACKLE_BUNDLE ?? 'dist/browser/hackle-kit.global.js'),
  appDir = resolve(repo, '.cache/demo-shop'),
} = {}) {
  if (!existsSync(bundlePath)) {
    throw new Error(`SDK bundle not found: ${bundlePath}. Run \`npm run build\` first (or set HACKLE_BUNDLE).`)
  }
  const appFiles = await buildShop({ outdir: appDir })
  const page = (name) => ({ file: resolve(here, name), headers: { 'Content-Security-Policy': DEMO_CSP } })
  const asset = (name) => ({ file: resolve(here, name) })
  let server
  const pages = {
    '/index.html': page('index.html'),
    // The same app: the cart route (reached by history.pushState), and the split-URL test's original and variation pages.
    '/cart': page('index.html'),
    '/offer': page('index.html'),
    '/offer-b': page('index.html'),
    '/demo.css': asset('demo.css'),
    '/offer-1.svg': asset('offer-1.svg'),
    '/offer-2.svg': asset('offer-2.svg'),
    // The in-app renderer script, next to the SDK script as the script-tag build expects it.
    '/hackle-kit-iam-renderer.global.js': { file: resolve(dirname(bundlePath), 'hackle-kit-iam-renderer.global.js'), type: 'text/javascript; charset=utf-8' },
    // The in-app view script (loaded by the first shown message), also next to the SDK script.
    '/hackle-kit-iam-view.global.js': { file: resolve(dirname(bundlePath), 'hackle-kit-iam-view.global.js'), type: 'text/javascript; charset=utf-8' },
    // The shop's bundle: its entry and its lazy chunks (in-app view and renderer, DevTool panel), with source maps.
    ...Object.fromEntries(appFiles.map((name) => [`/app/${name}`, { file: resolve(appDir, name), type: name.endsWith('.map') ? 'application/json' : undefined }])),
    '/__demo/events': () => ({ body: JSON.stringify(recentEvents(server)), type: 'application/json' }),
  }
  const workspace = JSON.parse(readFileSync(resolve(here, 'workspace.json'), 'utf8'))
  server = await startServer({ workspace, bundlePath, pages, port })
  // The split-URL variation's redirect URL is absolute: this server's origin.
  server.setWorkspace(JSON.parse(JSON.stringify(workspace).replaceAll('__ORIGIN__', server.url)))
  server.bundlePath = bundlePath
  return server
}

async function main() {
  const wanted = Number(process.env.PORT ?? 5173)
  let server
  try {
    server = await startDemo({ port: wanted })
  } catch (err) {
    if (err.code !== 'EADDRINUSE') {
      console.error(err.message)
      process.exit(1)
    }
    server = await startDemo({ port: 0 })
    console.log(`port ${wanted} is busy, using ${server.port}`)
  }
  console.log(`hackle-kit demo: ${server.url}/`)
  console.log(`bundle:          ${server.bundlePath}`)
  console.log('Ctrl+C to stop')
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.close().then(() => process.exit(0)))
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main()
