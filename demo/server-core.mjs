// Tiny local stand-in for the Hackle SDK/event APIs plus a static file server.
// Used by the demo (demo/server.mjs) and the real-Chromium e2e tests (test/browser/).
//
//   const srv = await startServer({ workspace, bundlePath, pages, port })
//   srv.url        -> 'http://127.0.0.1:<port>'
//   srv.requests   -> every request seen: { method, path, query, headers, body, json, form, time, status }
//   srv.events()   -> parsed event batches from both event endpoints (JSON and beacon form)
//   srv.waitFor(predicate, timeoutMs) -> resolves with the first request matching predicate
//   srv.setWorkspace(ws) -> swap the served config (bumps Last-Modified)
//   await srv.close()
//
// `pages` maps a URL path to a string body, to { body | file, type?, headers? }, or to a function
// (request record) => one of those (for small dynamic GET endpoints).
// `headers` maps a URL path to extra response headers for that route (e.g. a CSP).
// Only ever listens on 127.0.0.1.
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, If-Modified-Since, X-HACKLE-SDK-KEY, X-HACKLE-SDK-NAME, X-HACKLE-SDK-VERSION, X-HACKLE-SDK-TIME, X-HACKLE-USER',
  'Access-Control-Expose-Headers': 'Last-Modified',
  'Access-Control-Max-Age': '600',
}

function parseBody(raw, contentType = '') {
  if (!raw) return {}
  if (contentType.includes('application/x-www-form-urlencoded')) {
    const form = Object.fromEntries(new URLSearchParams(raw))
    let json
    try { json = form.data ? JSON.parse(form.data) : undefined } catch { /* keep raw */ }
    return { form, json }
  }
  try { return { json: JSON.parse(raw) } } catch { return {} }
}

export async function startServer({ workspace, bundlePath, pages = {}, headers = {}, port = 0 } = {}) {
  let config = workspace ?? {}
  let lastModified = new Date(Math.floor(Date.now() / 1000) * 1000).toUTCString()
  const requests = []

  function routeFor(path, record) {
    if (path === '/hackle-kit.js' && bundlePath) return { file: bundlePath, type: TYPES['.js'] }
    // The in-app scripts the script-tag build loads from beside its own script, when a message is shown.
    if (/^\/hackle-kit-iam-(view|renderer)\.global\.js$/.test(path) && bundlePath && !pages[path]) {
      return { file: join(dirname(bundlePath), path.slice(1)), type: TYPES['.js'] }
    }
    let page = pages[path] ?? (path === '/' ? pages['/index.html'] : undefined)
    if (typeof page === 'function') page = page(record)
    if (page === undefined) return undefined
    return typeof page === 'string' ? { body: page } : page
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1')
    const path = url.pathname
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const record = {
        method: req.method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        ...parseBody(body, req.headers['content-type']),
        time: Date.now(),
      }
      requests.push(record)
      for (const w of [...waiters]) if (w.predicate(record)) w.resolve(record)

      const send = (status, payload = '', extra = {}) => {
        record.status = status
        res.writeHead(status, { ...CORS, 'Cache-Control': 'no-store', ...extra, ...headers[path] })
        res.end(payload)
      }
      const json = (value, extra) => send(200, JSON.stringify(value), { 'Content-Type': TYPES['.json'], ...extra })

      if (req.method === 'OPTIONS') return send(204)

      if (req.method === 'GET' && /^\/api\/v2\/workspaces\/[^/]+\/config$/.test(path)) {
        const since = req.headers['if-modified-since']
        if (since && (since === lastModified || Date.parse(since) >= Date.parse(lastModified))) {
          return send(304, '', { 'Last-Modified': lastModified })
        }
        return json(config, { 'Last-Modified': lastModified })
      }
      if (req.method === 'GET' && path === '/api/v1/cohorts') return json({ cohorts: [] })
      if (req.method === 'GET' && path === '/api/v1/user-targets') return json({ events: [] })
      if (req.method === 'POST' && /^\/api\/v2\/w\/([^/]+\/)?events$/.test(path)) return send(200)
      if (req.method === 'POST' && path === '/metrics') return send(200)
      if (req.method === 'GET' && path === '/favicon.ico') return send(204)

      const route = req.method === 'GET' || req.method === 'HEAD' ? routeFor(path, record) : undefined
      if (!route) return send(404, 'not found', { 'Content-Type': 'text/plain' })
      let payload
      try {
        payload = route.file ? readFileSync(route.file) : route.body
      } catch (err) {
        return send(500, `cannot read ${route.file}: ${err.message}`, { 'Content-Type': 'text/plain' })
      }
      const type = route.type ?? TYPES[extname(route.file ?? path)] ?? TYPES['.html']
      return send(200, payload, { 'Content-Type': type, ...route.headers })
    })
  })

  const waiters = new Set()
  function waitFor(predicate, timeoutMs = 5000) {
    const seen = requests.find(predicate)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const w = {
        predicate,
        resolve: (r) => { clearTimeout(timer); waiters.delete(w); resolve(r) },
      }
      const timer = setTimeout(() => { waiters.delete(w); reject(new Error(`no matching request within ${timeoutMs} ms`)) }, timeoutMs)
      waiters.add(w)
    })
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve() })
  })
  const { port: actual } = server.address()

  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    /** Event batches posted to either event endpoint, parsed (form bodies: the `data` field). */
    events: () => requests.filter((r) => r.method === 'POST' && /\/events$/.test(r.path) && r.json).map((r) => r.json),
    waitFor,
    setWorkspace(next) {
      config = next
      lastModified = new Date(Math.max(Date.parse(lastModified) + 1000, Math.floor(Date.now() / 1000) * 1000)).toUTCString()
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.()
      server.close(() => resolve())
    }),
  }
}
