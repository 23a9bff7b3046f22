import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createInstance } from '../../../src'
import { FETCH_PATIENCE } from '../../../src/internal/transport'
import { SDK_KEY, SDK_URL, useWorkspaceServer } from './helpers'

const server = useWorkspaceServer()
const nativeFetch = globalThis.fetch

/**
 * The page's XMLHttpRequest, carried by the environment's own fetch (happy-dom's XMLHttpRequest does not reach the
 * mock server); Chromium runs the real one (test/browser/hostile.e2e.test.ts).
 */
class FetchBackedXhr {
  static sent: string[] = []
  readyState = 0
  status = 0
  responseText = ''
  timeout = 0
  onreadystatechange: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  private method = 'GET'
  private url = ''
  private headers: Record<string, string> = {}
  private response: Response | undefined
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  getResponseHeader(name: string) {
    return this.response?.headers.get(name) ?? null
  }
  send(body: string | null) {
    FetchBackedXhr.sent.push(`${this.method} ${this.url}`)
    const done = () => {
      this.readyState = 4
      this.onreadystatechange?.()
    }
    nativeFetch(this.url, { method: this.method, headers: this.headers, body }).then(async (response) => {
      this.response = response
      this.responseText = await response.text()
      this.status = response.status
      done()
    }, done)
  }
}

beforeEach(() => {
  FetchBackedXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

let keys = 0
const start = () => createInstance(`${SDK_KEY}-${++keys}`, { sdkUrl: SDK_URL, eventUrl: SDK_URL, log_disabled: true })
const user = { id: 'user_1', deviceId: 'user_1' }

describe("a page's wrapped fetch does not cost the config: XMLHttpRequest takes over", () => {
  it('when fetch throws at once (a broken wrapper)', async () => {
    const wrapped = vi.fn(() => {
      throw new TypeError('wrapper exploded')
    })
    vi.stubGlobal('fetch', wrapped)
    const client = start()
    expect(await client.onInitialized({ timeout: 5000 })).toEqual({ success: true })
    expect(wrapped).toHaveBeenCalled()
    expect(server.requests).toHaveLength(1)
    expect(FetchBackedXhr.sent).toContain(`GET ${SDK_URL}/api/v2/workspaces/${SDK_KEY}-${keys}/config`)
    expect(client.variationDetail(1, user).reason).not.toBe('SDK_NOT_READY')
    client.close()
  })

  it('when fetch rejects', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('blocked by an interceptor'))))
    const client = start()
    expect(await client.onInitialized({ timeout: 5000 })).toEqual({ success: true })
    client.close()
  })

  it(`when fetch never settles: after ${FETCH_PATIENCE} ms, and events are still never sent twice`, async () => {
    const posts: string[] = []
    vi.stubGlobal('fetch', vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url)
      return new Promise<Response>(() => {})
    }))
    const client = start()
    const began = Date.now()
    client.track('purchase', user)
    expect(await client.onInitialized({ timeout: 3 * FETCH_PATIENCE })).toEqual({ success: true })
    expect(Date.now() - began).toBeGreaterThanOrEqual(FETCH_PATIENCE - 50)
    expect(server.requests).toHaveLength(1)
    expect(client.variationDetail(1, user).reason).not.toBe('SDK_NOT_READY')
    // the track's batch went to the hung fetch only (500 ms flush delay, long passed): no XMLHttpRequest copy
    expect(posts.length).toBeGreaterThan(0)
    expect(FetchBackedXhr.sent.filter((line) => line.startsWith('POST'))).toEqual([])
    client.close()
  })

  it('a working fetch is used alone', async () => {
    const spy = vi.fn(nativeFetch)
    vi.stubGlobal('fetch', spy)
    const client = start()
    expect(await client.onInitialized({ timeout: 5000 })).toEqual({ success: true })
    expect(spy).toHaveBeenCalled()
    expect(FetchBackedXhr.sent).toEqual([])
    client.close()
  })
})
