// Servers of the hostile-page suites: the app server (pages, the bundle under test or the reference's script-tag
// build, the event API, recording every request) and a config server apart whose answers a test chooses: a working
// one, a slow one, a 500, HTML, truncated JSON, a wrong shape, or none at all (a closed port).
import { createServer, type Server } from 'node:http'
import { resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { startServer, type LocalServer } from '../../demo/server-core.mjs'
import { BUNDLE, REPO } from './chromium'
import { EXAMPLE_WORKSPACE } from './harness'

export const REFERENCE_BUNDLE = resolve(REPO, 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')

/** How the config server answers `GET …/config` (the cohort and user-target routes answer alike). */
export type ConfigMode =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'status'; status: number }
  | { kind: 'body'; body: string; type?: string }

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, If-Modified-Since, X-HACKLE-SDK-KEY, X-HACKLE-SDK-NAME, X-HACKLE-SDK-VERSION, X-HACKLE-SDK-TIME, X-HACKLE-USER',
  'Access-Control-Expose-Headers': 'Last-Modified',
}

export interface ConfigServer {
  url: string
  mode: ConfigMode
  /** The config text served in `ok` mode (set it to serve a large config without re-serializing it per request). */
  configText: string
  /** Config requests seen (GET …/config). */
  configRequests: number
  close(): Promise<void>
}

export async function startConfigServer(workspace: unknown = EXAMPLE_WORKSPACE): Promise<ConfigServer> {
  const lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString()
  const state: ConfigServer = {
    url: '',
    mode: { kind: 'ok' },
    configText: JSON.stringify(workspace),
    configRequests: 0,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections?.()
      server.close(() => done())
    }),
  }
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end()
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      const isConfig = /\/config$/.test(path)
      if (isConfig) state.configRequests++
      const mode = state.mode
      if (mode.kind === 'status') return void res.writeHead(mode.status, { ...CORS, 'Content-Type': 'text/plain' }).end('server error')
      if (mode.kind === 'body') return void res.writeHead(200, { ...CORS, 'Content-Type': mode.type ?? 'application/json' }).end(mode.body)
      const answer = () => {
        const body = isConfig ? state.configText : path.endsWith('cohorts') ? '{"cohorts":[]}' : '{"events":[]}'
        res.writeHead(200, { ...CORS, 'Content-Type': 'application/json', 'Last-Modified': lastModified, 'Cache-Control': 'no-store' }).end(body)
      }
      if (mode.delayMs) setTimeout(answer, mode.delayMs)
      else answer()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return state
}

/** An origin nothing listens on (connection refused): a port the system gave and took back. */
export async function closedOrigin(): Promise<string> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return `http://127.0.0.1:${port}`
}

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hostile</title></head><body><pre id="result"></pre>` +
  `<script src="${script}"></script><script src="/hostile-app.js"></script></body></html>`

/** The app server: /hostile.html (hackle-kit), /reference.html (the reference's script tag), the event API. */
export function startAppServer(): Promise<LocalServer> {
  return startServer({
    workspace: EXAMPLE_WORKSPACE,
    bundlePath: BUNDLE,
    pages: {
      '/hostile.html': page('/hackle-kit.js'),
      '/reference.html': page('/reference.js'),
      '/reference.js': { file: REFERENCE_BUNDLE, type: 'text/javascript; charset=utf-8' },
      '/hostile-app.js': { file: resolve(REPO, 'test/browser/pages/hostile-app.js') },
    },
  })
}

/** Track events with `key` the app server received, by insertId: each id once means nothing was sent twice. */
export function trackedIds(server: LocalServer, key: string): string[] {
  return server
    .events()
    .flatMap((batch: { trackEvents?: Array<{ eventTypeKey: string; insertId: string }> }) => batch.trackEvents ?? [])
    .filter((event) => event.eventTypeKey === key)
    .map((event) => event.insertId)
}
