/**
 * One simulated browser page per SDK run: a jsdom window that looks like a desktop browser tab, with an
 * in-process fake of the Hackle servers (XMLHttpRequest for the reference, fetch for hackle-kit). Nothing
 * leaves the process; every request is recorded, and unknown URLs are answered 404 and reported.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Script, type Context } from 'node:vm'
import type { VirtualClock } from './clock'

// jsdom ships no type declarations and the project does not depend on @types/jsdom: type the small
// surface used here.
interface JsdomWindow extends Window {
  eval(code: string): unknown
  close(): void
}
interface JsdomInstance {
  readonly window: JsdomWindow
  getInternalVMContext(): Context
}
interface JsdomModule {
  JSDOM: new (html: string, options: Record<string, unknown>) => JsdomInstance
  VirtualConsole: new () => unknown
}
const { JSDOM, VirtualConsole } = createRequire(import.meta.url)('jsdom') as JsdomModule

/** The Hackle device id both SDKs find in the `_hackle_hid` cookie (instead of a random uuid). */
export const DEVICE_ID = 'hk-conformance-device-01'
export const SDK_KEY = 'conformance-sdk-key-0000000000000001'
export const SDK_URL = 'https://sdk.conformance.invalid'
export const EVENT_URL = 'https://event.conformance.invalid'
export const MONITORING_URL = 'https://monitoring.conformance.invalid'
/** Never served: an in-app message renderer load would be answered 404 and reported. */
export const CDN_URL = 'https://cdn.conformance.invalid'

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
export const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36'
export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36'
export const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'
export const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15'
export const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91'
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
export const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

export interface PageEnv {
  url: string
  title: string
  referrer: string
  userAgent: string
  /** navigator.languages */
  languages: string[]
  screen: { width: number; height: number; orientation: string }
}

/**
 * The pages the generator chooses from: mostly desktop Chrome (as the product's main target), plus other
 * desktop browsers and two mobile UAs for the UA-derived hackle properties, and URLs with campaign / encoding
 * corner cases. None has `window.orientation` (jsdom), so the reference's `timeZone` is always "" – see the
 * `timeZone` exclusion. The values the SDKs derive from these pages (pagePath, host, campaign properties, ...)
 * are what the generator's HACKLE_PROPERTY / USER_PROPERTY conditions aim at.
 */
export const PAGES: readonly PageEnv[] = [
  {
    url: 'https://shop.example.com/products/shoes/?color=red&q=running%20shoe',
    title: 'Shoes | Example Shop',
    referrer: '',
    userAgent: CHROME_WINDOWS,
    languages: ['en-US', 'en'],
    screen: { width: 1920, height: 1080, orientation: 'landscape-primary' },
  },
  {
    // non-ASCII (percent-encoded Korean) path and campaign parameters
    url: 'https://m.example.co.kr/%EC%83%81%ED%92%88/45?utm_source=kakao&utm_medium=cpc&utm_campaign=fall_sale&utm_term=%EC%8B%A0%EB%B0%9C',
    title: '상품 상세',
    referrer: 'https://www.google.com/',
    userAgent: CHROME_WINDOWS,
    languages: ['ko-KR', 'ko', 'en-US'],
    screen: { width: 1920, height: 1080, orientation: 'landscape-primary' },
  },
  {
    url: 'http://localhost:3000/',
    title: 'Local',
    referrer: '',
    userAgent: CHROME_MAC,
    languages: ['en-GB', 'en'],
    screen: { width: 1920, height: 1080, orientation: 'landscape-primary' },
  },
  {
    url: 'https://app.example.com/settings/profile?tab=security&gclid=Cj0KCQ_abc&utm_source=google&lang=ko',
    title: 'Settings',
    referrer: 'https://app.example.com/home',
    userAgent: CHROME_WINDOWS,
    languages: ['en-US'],
    screen: { width: 1920, height: 1080, orientation: 'landscape-primary' },
  },
  {
    // port, fragment, malformed percent-encoding (decodeURI fails), whitespace in the title
    url: 'https://www.example.com:8443/bad%E0%A4%A/path.html?q=%ZZ&x=1#top',
    title: '  Spaced   Title  ',
    referrer: 'https://www.example.com:8443/',
    userAgent: FIREFOX_LINUX,
    languages: ['de-DE', 'de'],
    screen: { width: 1366, height: 768, orientation: 'landscape-primary' },
  },
  {
    // repeated / empty / '+'-encoded / upper-case campaign parameters
    url: 'https://www.example.com/landing?utm_source=naver&utm_source=daum&utm_campaign=fall+sale&utm_content=a%2Bb&utm_medium=&UTM_TERM=x&fbclid=fb.1&utm_id=42',
    title: 'Landing',
    referrer: 'https://search.naver.com/search.naver?query=shoes',
    userAgent: SAFARI_MAC,
    languages: ['ja-JP'],
    screen: { width: 1440, height: 900, orientation: 'landscape-primary' },
  },
  {
    // upper-case host and path, no navigator.languages
    url: 'https://EXAMPLE.com/A/B/?Q=Upper#frag',
    title: 'Upper',
    referrer: '',
    userAgent: EDGE_WINDOWS,
    languages: [],
    screen: { width: 2560, height: 1440, orientation: 'landscape-primary' },
  },
  {
    url: 'https://m.example.com/?utm_source=instagram&utm_medium=social',
    title: 'Mobile',
    referrer: 'https://l.instagram.com/',
    userAgent: IPHONE_SAFARI,
    languages: ['ko-KR'],
    screen: { width: 390, height: 844, orientation: 'portrait-primary' },
  },
  {
    url: 'https://m.example.co.kr/tab',
    title: 'Tablet',
    referrer: '',
    userAgent: ANDROID_TABLET,
    languages: ['ko-KR', 'ko'],
    screen: { width: 800, height: 1280, orientation: 'portrait-primary' },
  },
]

export interface RecordedRequest {
  method: string
  url: string
  status: number
  /** The request body as sent: JSON text (XHR, fetch) or form text (`sendBeacon` with URLSearchParams). */
  body?: string
  /** The request headers as set (XHR `setRequestHeader`, fetch `init.headers`), names as given; none for a beacon. */
  headers?: Record<string, string>
}

export interface Page {
  window: JsdomWindow
  /** Every request either SDK made, with the status the fake server answered. */
  requests: RecordedRequest[]
  /**
   * Runs a script in the page, like a classic `<script>` tag; with `src`, as the script loaded from that URL (it is
   * `document.currentScript` while it runs).
   */
  evaluate(code: string, src?: string): unknown
  close(): void
}

interface FakeResponse {
  status: number
  body: string
  headers: Record<string, string>
}

const LAST_MODIFIED = 'Mon, 01 Jan 2024 00:00:00 GMT'

/** The fake Hackle servers. */
function answer(method: string, rawUrl: string, configText: string): FakeResponse {
  const url = String(rawUrl)
  const path = url.split('?')[0]
  const json = (body: string): FakeResponse => ({ status: 200, body, headers: { 'Content-Type': 'application/json' } })
  if (method === 'GET' && path === `${SDK_URL}/api/v2/workspaces/${SDK_KEY}/config`) {
    return { status: 200, body: configText, headers: { 'Content-Type': 'application/json', 'Last-Modified': LAST_MODIFIED } }
  }
  if (method === 'GET' && path === `${SDK_URL}/api/v1/cohorts`) return json('{"cohorts":[]}')
  if (method === 'GET' && path === `${SDK_URL}/api/v1/user-targets`) return json('{"events":[]}')
  if (method === 'POST' && (url.startsWith(`${EVENT_URL}/`) || url.startsWith(`${MONITORING_URL}/`))) return json('')
  return { status: 404, body: '', headers: {} }
}

/** jsdom's document.cookie is correct but slow; the SDKs only keep bookkeeping there, so a name → value jar is enough. */
function installCookieJar(window: JsdomWindow, initial: Record<string, string>, now: () => number): void {
  const jar = new Map<string, string>(Object.entries(initial))
  Object.defineProperty(window.document, 'cookie', {
    configurable: true,
    get: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    set: (text: unknown) => {
      const [pair, ...attributes] = String(text).split(';')
      const eq = pair.indexOf('=')
      if (eq < 0) return
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      let expired = false
      for (const attribute of attributes) {
        const [rawKey, ...rest] = attribute.split('=')
        const key = rawKey.trim().toLowerCase()
        const val = rest.join('=').trim()
        if (key === 'expires' && new Date(val).getTime() <= now()) expired = true
        if (key === 'max-age' && Number(val) <= 0) expired = true
      }
      if (expired) jar.delete(name)
      else jar.set(name, value)
    },
  })
}

function define(target: object, name: string, value: unknown): void {
  Object.defineProperty(target, name, { configurable: true, enumerable: true, get: () => value })
}

export interface PageOptions {
  /** Virtual time for the page (clock.ts). */
  clock?: VirtualClock
  /** Cookies the page starts with besides the device id (a returning visitor), name → encoded value. */
  cookies?: Record<string, string>
  /**
   * A static script folder: a `<script src>` the page adds under `base` is served from the file of that name in `dir`
   * (run, then its `load` event, `latency` virtual ms later, default 0); any other added script is answered 404
   * (`error`).
   */
  scripts?: { base: string; dir: string; latency?: number }
}

/** Text of a request body as a server would receive it (URLSearchParams → form text). */
const bodyText = (body: unknown): string | undefined => (body === undefined || body === null ? undefined : String(body))

/**
 * Opens a page at `env.url` whose fake server serves `configText` as the workspace config.
 * The page has: title, referrer, user agent, navigator.languages, a desktop `window.screen`
 * (jsdom has none), the device-id cookie, localStorage, a fake XMLHttpRequest and fetch, and a
 * `navigator.sendBeacon` that accepts everything. With a `clock`, the page's time functions are virtual (clock.ts).
 */
export function openPage(env: PageEnv, configText: string, options: PageOptions = {}): Page {
  const requests: RecordedRequest[] = []
  const html = `<!DOCTYPE html><html><head><title>${escapeHtml(env.title)}</title></head><body></body></html>`
  const dom = new JSDOM(html, {
    url: env.url,
    referrer: env.referrer || undefined,
    runScripts: 'outside-only',
    pretendToBeVisual: false,
    virtualConsole: new VirtualConsole(), // the SDKs log a lot; nothing reaches the test output
  })
  const window = dom.window
  // jsdom takes the UA from its resource loader; an own property is simpler and is what scripts read.
  define(window.navigator, 'userAgent', env.userAgent)
  define(window.navigator, 'languages', Object.freeze([...env.languages]))
  if (env.languages.length) define(window.navigator, 'language', env.languages[0])
  define(window.navigator, 'sendBeacon', (url: string, data?: unknown) => {
    requests.push({ method: 'BEACON', url: String(url), status: 200, body: bodyText(data) })
    return true
  })
  const screen = window.screen
  define(screen, 'width', env.screen.width)
  define(screen, 'height', env.screen.height)
  define(screen, 'availWidth', env.screen.width)
  define(screen, 'availHeight', env.screen.height)
  define(screen, 'orientation', { type: env.screen.orientation, angle: 0 })
  const { clock } = options
  clock?.install(window)
  installCookieJar(window, { _hackle_hid: DEVICE_ID, ...options.cookies }, clock ? () => clock.now() : Date.now)
  window.localStorage.clear()
  window.sessionStorage.clear()

  const serve = (method: string, url: string, body?: unknown, headers?: Record<string, string>): FakeResponse => {
    const response = answer(method.toUpperCase(), url, configText)
    requests.push({ method: method.toUpperCase(), url: String(url), status: response.status, body: bodyText(body), headers })
    return response
  }

  // XMLHttpRequest as the reference uses it: open / setRequestHeader / send / onreadystatechange (DONE),
  // status, responseText, getAllResponseHeaders. Answers on the next microtask.
  class FakeXMLHttpRequest {
    static readonly UNSENT = 0
    static readonly OPENED = 1
    static readonly HEADERS_RECEIVED = 2
    static readonly LOADING = 3
    static readonly DONE = 4
    readonly UNSENT = 0
    readonly OPENED = 1
    readonly HEADERS_RECEIVED = 2
    readonly LOADING = 3
    readonly DONE = 4
    readyState = 0
    status = 0
    statusText = ''
    responseText = ''
    response = ''
    responseType = ''
    timeout = 0
    withCredentials = false
    onreadystatechange: ((event?: unknown) => void) | null = null
    onload: ((event?: unknown) => void) | null = null
    onerror: ((event?: unknown) => void) | null = null
    onloadend: ((event?: unknown) => void) | null = null
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    private requestHeaders: Record<string, string> = {}
    private listeners: Record<string, Array<(event?: unknown) => void>> = {}
    open(method: string, url: string): void {
      this.method = method
      this.url = String(url)
      this.readyState = 1
    }
    setRequestHeader(name: string, value: string): void {
      this.requestHeaders[String(name)] = String(value)
    }
    addEventListener(type: string, listener: (event?: unknown) => void): void {
      ;(this.listeners[type] ??= []).push(listener)
    }
    removeEventListener(type: string, listener: (event?: unknown) => void): void {
      this.listeners[type] = (this.listeners[type] ?? []).filter((it) => it !== listener)
    }
    abort(): void {}
    overrideMimeType(): void {}
    getAllResponseHeaders(): string {
      return Object.entries(this.headers)
        .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
        .join('\r\n')
    }
    getResponseHeader(name: string): string | null {
      const found = Object.entries(this.headers).find(([key]) => key.toLowerCase() === String(name).toLowerCase())
      return found ? found[1] : null
    }
    send(body?: unknown): void {
      const response = serve(this.method, this.url, body, this.requestHeaders)
      void Promise.resolve().then(() => {
        this.status = response.status
        this.statusText = response.status === 200 ? 'OK' : 'Not Found'
        this.responseText = response.body
        this.response = response.body
        this.headers = response.headers
        this.readyState = 4
        const fire = (type: string) => {
          const handler = (this as unknown as Record<string, unknown>)[`on${type}`]
          if (typeof handler === 'function') handler.call(this, { type, target: this })
          for (const listener of this.listeners[type] ?? []) listener.call(this, { type, target: this })
        }
        fire('readystatechange')
        fire('load')
        fire('loadend')
      })
    }
  }
  define(window, 'XMLHttpRequest', FakeXMLHttpRequest)

  const fakeFetch = (input: unknown, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => {
    const url = typeof input === 'string' ? input : String((input as { url?: string })?.url ?? input)
    const method = init?.method ?? (input as { method?: string })?.method ?? 'GET'
    const response = serve(method, url, init?.body, init?.headers ? { ...init.headers } : {})
    const headers = new Map(Object.entries(response.headers).map(([key, value]) => [key.toLowerCase(), value]))
    return Promise.resolve({
      ok: response.status >= 200 && response.status < 300,
      status: response.status,
      statusText: response.status === 200 ? 'OK' : 'Not Found',
      url,
      redirected: false,
      type: 'basic',
      headers: {
        get: (name: string) => headers.get(String(name).toLowerCase()) ?? null,
        has: (name: string) => headers.has(String(name).toLowerCase()),
        forEach: (callback: (value: string, key: string) => void) => headers.forEach(callback),
      },
      text: () => Promise.resolve(response.body),
      json: () => Promise.resolve(JSON.parse(response.body) as unknown),
    })
  }
  define(window, 'fetch', fakeFetch)

  const context = dom.getInternalVMContext()
  // Like a classic <script>: global code, so a top-level `var Hackle` (IIFE builds, even with "use strict")
  // becomes window.Hackle. (window.eval would scope it to the eval when the code is strict.)
  const evaluate = (code: string, src?: string): unknown => {
    if (src === undefined) return compiled(code).runInContext(context)
    const element = window.document.createElement('script')
    element.src = src
    Object.defineProperty(window.document, 'currentScript', { configurable: true, get: () => element })
    try {
      return compiled(code).runInContext(context)
    } finally {
      Object.defineProperty(window.document, 'currentScript', { configurable: true, get: () => null })
    }
  }
  if (options.scripts) serveScripts(window, options.scripts, requests, evaluate)
  return {
    window,
    requests,
    evaluate,
    close: () => window.close(),
  }
}

/** Loads the `<script src>` elements the page adds, as a browser would (see `PageOptions.scripts`). */
function serveScripts(window: JsdomWindow, { base, dir, latency = 0 }: NonNullable<PageOptions['scripts']>, requests: RecordedRequest[], evaluate: (code: string, src: string) => unknown): void {
  const win = window as unknown as Window & typeof globalThis
  const load = (script: HTMLScriptElement) => {
    const src = script.src
    const file = src.startsWith(base) ? join(dir, src.slice(base.length).split(/[?#]/)[0]!) : undefined
    const found = file !== undefined && existsSync(file)
    requests.push({ method: 'GET', url: src, status: found ? 200 : 404 })
    win.setTimeout(() => {
      if (found) {
        try {
          evaluate(readFileSync(file, 'utf8'), src)
        } catch (error) {
          win.dispatchEvent(new win.ErrorEvent('error', { error }))
        }
      }
      script.dispatchEvent(new win.Event(found ? 'load' : 'error'))
    }, latency)
  }
  new win.MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof win.HTMLScriptElement && node.src) load(node)
  }).observe(win.document, { childList: true, subtree: true })
}

const scripts = new Map<string, Script>()

/** Bundles are compiled once per process and run in every page. */
function compiled(code: string): Script {
  let script = scripts.get(code)
  if (!script) {
    script = new Script(code, { filename: `bundle-${scripts.size}.js` })
    scripts.set(code, script)
  }
  return script
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
