import type { HttpRequest, HttpResponse, KernelHooks, ResolvedConfig } from '../kernel'

/**
 * The SDK identity the Hackle servers see: hackle-kit speaks as the reference browser build it replaces, unless the
 * client's config names another SDK (`sdkName`).
 */
export const WIRE_SDK_NAME = 'javascript-sdk_browser'
export const WIRE_SDK_VERSION = '11.56.1'

/**
 * Sends `data` by `navigator.sendBeacon` as the reference's form: sdkKey (when there is one), sdkName, sdkVersion,
 * sdkTime, data. False when the browser has no beacon or refuses it (too large, quota).
 */
function sendBeaconForm(url: string, data: string, sdkKey: string, sdkName: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false
  const form = new URLSearchParams()
  if (sdkKey) form.set('sdkKey', sdkKey)
  form.set('sdkName', sdkName)
  form.set('sdkVersion', WIRE_SDK_VERSION)
  form.set('sdkTime', String(Date.now()))
  form.set('data', data)
  try {
    return navigator.sendBeacon(url, form)
  } catch {
    return false
  }
}

/** Sends with XMLHttpRequest; `timeout` (ms, 0 = none) ends a request that gets no answer. */
function sendWithXhr(request: HttpRequest, timeout = 0): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.url, true)
    xhr.timeout = timeout
    for (const [name, value] of Object.entries(request.headers ?? {})) xhr.setRequestHeader(name, value)
    const failed = () => reject(new Error('Request Error'))
    xhr.onerror = xhr.ontimeout = failed
    xhr.onreadystatechange = () => {
      if (xhr.readyState !== 4) return
      if (xhr.status === 0) failed()
      else resolve({ status: xhr.status, body: xhr.responseText, header: (name) => xhr.getResponseHeader(name) })
    }
    xhr.send(request.body ?? null)
  })
}

/**
 * How long a GET waits for the page's `fetch` before XMLHttpRequest is asked too: pages wrap `fetch` (APM agents,
 * auth interceptors), and a wrapper may never settle.
 */
export const FETCH_PATIENCE = 2000
/** How long that XMLHttpRequest may take. */
const XHR_TIMEOUT = 10_000

/**
 * Sends a request with fetch (XMLHttpRequest where fetch is missing); rejects with `Request Error` when the
 * network fails, like the reference. The page's fetch may be wrapped:
 * - when it throws before sending anything, XMLHttpRequest sends the request instead;
 * - a GET (config, cohorts, user targets: safe to ask twice) whose fetch rejects or has not answered within
 *   FETCH_PATIENCE is sent with XMLHttpRequest as well, whose outcome then counts unless fetch answers first.
 * Other requests (events) are never sent twice. The fetch starts in the calling task (page-hide requests need that).
 */
export function send(request: HttpRequest): Promise<HttpResponse> {
  if (typeof fetch !== 'function') return sendWithXhr(request)
  let started: Promise<Response>
  try {
    started = fetch(request.url, { method: request.method, headers: request.headers, body: request.body, keepalive: request.keepalive })
  } catch {
    return sendWithXhr(request, XHR_TIMEOUT)
  }
  const viaFetch = Promise.resolve(started).then(async (response): Promise<HttpResponse> => {
    const body = await response.text()
    return { status: response.status, body, header: (name) => response.headers.get(name) }
  })
  if (request.method !== 'GET' || typeof XMLHttpRequest !== 'function') {
    return viaFetch.catch((error) => Promise.reject(new Error(`Request Error: ${String(error)}`)))
  }
  return new Promise((resolve, reject) => {
    let backup: Promise<HttpResponse> | undefined
    const useXhr = () => {
      clearTimeout(timer)
      ;(backup ??= sendWithXhr(request, XHR_TIMEOUT)).then(resolve, reject)
    }
    const timer = setTimeout(useXhr, FETCH_PATIENCE)
    viaFetch.then((response) => {
      clearTimeout(timer)
      resolve(response)
    }, useXhr)
  })
}

/**
 * The kernel's transport seam for one client: a request goes to the first `hooks.sendRequest` tap that takes it,
 * else to `send`, and `hooks.requestSettled` hears how it ended; a beacon to the first `hooks.sendBeacon` tap that answers, else to `sendBeaconForm`.
 * `headers(extra)` gives the four `X-HACKLE-SDK-*` headers of a request, then `extra`; they and the beacon form carry
 * the client's SDK name (`config.sdkName`, else `WIRE_SDK_NAME`).
 */
export function transportOf(kernel: { readonly sdkKey: string; readonly config: Pick<ResolvedConfig, 'sdkName'>; readonly hooks: KernelHooks }) {
  const { hooks, sdkKey } = kernel
  const name = kernel.config.sdkName || WIRE_SDK_NAME
  return {
    headers: (extra?: Record<string, string>): Record<string, string> => ({
      'X-HACKLE-SDK-KEY': sdkKey,
      'X-HACKLE-SDK-NAME': name,
      'X-HACKLE-SDK-VERSION': WIRE_SDK_VERSION,
      'X-HACKLE-SDK-TIME': String(Date.now()),
      ...extra,
    }),
    request: (request: HttpRequest): Promise<HttpResponse> => {
      const start = Date.now()
      const response = (hooks.sendRequest.taps.length ? hooks.sendRequest.call(request) : undefined) ?? send(request)
      const settled = (answer?: HttpResponse) => hooks.requestSettled.call(request, answer, Date.now() - start)
      response.then(settled, () => settled())
      return response
    },
    beacon: (url: string, data: string): boolean => {
      const answer = hooks.sendBeacon.taps.length ? hooks.sendBeacon.call(url, data) : undefined
      return typeof answer === 'boolean' ? answer : sendBeaconForm(url, data, sdkKey, name)
    },
  }
}

export type Transport = ReturnType<typeof transportOf>
