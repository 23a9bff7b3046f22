// The jsdom page both jsdom benches run an SDK in: desktop Chrome, in-memory network answers (the workspace of
// bench/workspace.json, empty cohorts and user targets, 200 for every POST, beacons accepted), an in-memory cookie
// jar and cheap screen / crypto. Only what a browser does natively is replaced, identically for both SDKs.
import { randomFillSync, randomUUID } from 'node:crypto'
import { USER_AGENT, WORKSPACE_TEXT } from './shared.mjs'

/** The SDKs' base URL; never reached, every request is answered in memory. */
export const API = 'https://hackle.bench.invalid'

function respond(method, url) {
  if (method === 'GET' && /\/api\/v2\/workspaces\/[^/]+\/config(\?|$)/.test(url)) {
    return { status: 200, body: WORKSPACE_TEXT, headers: { 'Content-Type': 'application/json', 'Last-Modified': 'Mon, 01 Jan 2024 00:00:00 GMT' } }
  }
  if (method === 'GET' && /\/api\/v1\/cohorts(\?|$)/.test(url)) return { status: 200, body: '{"cohorts":[]}', headers: {} }
  if (method === 'GET' && /\/api\/v1\/user-targets(\?|$)/.test(url)) return { status: 200, body: '{"events":[]}', headers: {} }
  if (method === 'POST') return { status: 200, body: '', headers: {} }
  return { status: 404, body: '', headers: {} }
}

/** Counts requests and posted bytes in `stats` ({ requests, bytes }). */
export function installNetwork(win, stats) {
  win.XMLHttpRequest = class FakeXMLHttpRequest {
    constructor() {
      Object.assign(this, { UNSENT: 0, OPENED: 1, HEADERS_RECEIVED: 2, LOADING: 3, DONE: 4 })
      this.readyState = 0
      this.status = 0
      this.responseText = ''
      this.response = ''
      this.timeout = 0
      this.onreadystatechange = null
      this.onload = null
      this.onerror = null
      this._res = null
    }
    open(method, url) { this._method = String(method).toUpperCase(); this._url = String(url); this.readyState = 1 }
    setRequestHeader() {}
    getAllResponseHeaders() { return Object.entries(this._res?.headers ?? {}).map(([k, v]) => `${k}: ${v}`).join('\r\n') }
    getResponseHeader(name) {
      const hit = Object.entries(this._res?.headers ?? {}).find(([k]) => k.toLowerCase() === String(name).toLowerCase())
      return hit ? hit[1] : null
    }
    addEventListener(type, fn) { if (type === 'load') this.onload = fn; else if (type === 'error') this.onerror = fn }
    abort() {}
    send(body) {
      stats.requests++
      if (this._method === 'POST') stats.bytes += String(body ?? '').length
      const res = respond(this._method, this._url)
      win.setTimeout(() => {
        this._res = res
        this.status = res.status
        this.responseText = this.response = res.body
        this.readyState = 4
        this.onreadystatechange?.()
        this.onload?.()
      }, 0)
    }
  }
  win.fetch = async (input, init = {}) => {
    stats.requests++
    if (init.body) stats.bytes += String(init.body).length
    const url = typeof input === 'string' ? input : String(input.url ?? input)
    const res = respond(String(init.method ?? input.method ?? 'GET').toUpperCase(), url)
    const headers = new Map(Object.entries(res.headers).map(([k, v]) => [k.toLowerCase(), v]))
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      headers: { get: (n) => headers.get(String(n).toLowerCase()) ?? null, has: (n) => headers.has(String(n).toLowerCase()) },
      text: async () => res.body,
      json: async () => JSON.parse(res.body),
    }
  }
  // Not String(form): jsdom serializes URLSearchParams in JavaScript, ~100× slower than a browser, and that would be
  // most of what is timed. Bytes are counted as the JSON text of the form's data field.
  Object.defineProperty(win.navigator, 'sendBeacon', {
    configurable: true,
    value: (_url, body) => {
      stats.requests++
      stats.bytes += String(body?.get?.('data') ?? body).length
      return true
    },
  })
}

// jsdom's document.cookie (tough-cookie) is far slower than a browser's and would dominate any SDK
// that touches cookies per event; a plain in-memory jar keeps the benchmark about the SDK code.
export function installCookieJar(win) {
  const jar = new Map()
  Object.defineProperty(win.document, 'cookie', {
    configurable: true,
    get: () => Array.from(jar, ([k, v]) => `${k}=${v}`).join('; '),
    set(text) {
      const [first, ...attrs] = String(text).split(';')
      const eq = first.indexOf('=')
      const name = first.slice(0, eq < 0 ? 0 : eq).trim()
      const value = first.slice(eq + 1).trim()
      const expired = attrs.some((a) => {
        const [k, v = ''] = a.split('=')
        const key = k.trim().toLowerCase()
        return (key === 'expires' && Date.parse(v) <= Date.now()) || (key === 'max-age' && Number(v) <= 0)
      })
      if (expired) jar.delete(name)
      else jar.set(name, value)
    },
  })
}

// Desktop Chrome UA. jsdom has no screen size; desktop browsers have no window.orientation (jsdom emulates the
// missing global very slowly). Make these cheap and desktop-like, identically for both SDKs.
export function installDesktop(win) {
  // (jsdom 29 only takes a UA through `resources`, which would also switch on resource loading.)
  Object.defineProperty(win.navigator, 'userAgent', { configurable: true, get: () => USER_AGENT })
  Object.defineProperty(win.navigator, 'language', { configurable: true, get: () => 'en-US' })
  for (const [k, v] of Object.entries({ width: 1920, height: 1080, availWidth: 1920, availHeight: 1040 })) {
    Object.defineProperty(win.screen, k, { configurable: true, value: v })
  }
  Object.defineProperty(win.screen, 'orientation', { configurable: true, value: { type: 'landscape-primary', angle: 0 } })
  const fail = () => { throw new win.ReferenceError('orientation is not defined') }
  // jsdom's crypto.getRandomValues spends most of its time in WebIDL argument checks; browsers don't.
  Object.defineProperty(win.crypto, 'getRandomValues', { configurable: true, value: (view) => randomFillSync(view) })
  Object.defineProperty(win.crypto, 'randomUUID', { configurable: true, value: () => randomUUID() })
  Object.defineProperty(win, 'orientation', { configurable: true, get: fail, set: fail })
}

/**
 * A jsdom page on the bench shop URL with this environment, the bundle at `bundlePath` loaded like a `<script>` tag,
 * and its client created and initialized with the bench workspace. `logs` counts console errors and warnings, `stats`
 * requests and posted bytes.
 */
export async function loadSdk(label, bundlePath) {
  const [{ readFileSync }, vm, { JSDOM, VirtualConsole }, { DEVICE_ID, PAGE_PATH, SDK_KEY }] = await Promise.all([
    import('node:fs'),
    import('node:vm'),
    import('jsdom'),
    import('./shared.mjs'),
  ])
  const logs = { error: 0, warn: 0 }
  const virtualConsole = new VirtualConsole()
  virtualConsole.on('error', () => logs.error++)
  virtualConsole.on('warn', () => logs.warn++)
  const html = '<!doctype html><html><head><title>Bench shop</title></head><body></body></html>'
  const dom = new JSDOM(html, { url: `https://www.example.com${PAGE_PATH}`, runScripts: 'outside-only', pretendToBeVisual: true, virtualConsole })
  const win = dom.window
  const stats = { requests: 0, bytes: 0 }
  installNetwork(win, stats)
  installCookieJar(win)
  installDesktop(win)
  win.document.cookie = `_hackle_hid=${DEVICE_ID}; path=/`
  new vm.Script(readFileSync(bundlePath, 'utf8'), { filename: bundlePath }).runInContext(dom.getInternalVMContext())
  if (typeof win.Hackle?.createInstance !== 'function') throw new Error(`${label}: ${bundlePath} did not define window.Hackle.createInstance`)
  const client = win.Hackle.createInstance(SDK_KEY, { sdkUrl: API, eventUrl: API, monitoringUrl: API, cdnUrl: API })
  const init = await client.onInitialized({ timeout: 5000 })
  if (!init?.success) throw new Error(`${label}: onInitialized() -> ${JSON.stringify(init)}`)
  return { label, bundlePath, dom, win, client, logs, stats }
}
