import { afterAll, afterEach, beforeAll } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import workspace from '../../fixtures/example-workspace.json'
import { clearBrowserState } from '../browser-state'

export const SDK_KEY = 'abcdefgh12345678XYZ'
export const SDK_URL = 'https://sdk.test'
export const EXAMPLE = workspace

export interface Recorded {
  url: string
  /** Case-insensitive header lookup. */
  header(name: string): string | null
}

/** An msw server answering the config endpoint; tests change `state` to script responses. */
export function useWorkspaceServer() {
  const state = {
    status: 200,
    body: JSON.stringify(workspace) as string | null,
    lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT',
    requests: [] as Recorded[],
  }
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  }
  const server = setupServer(
    http.options(`${SDK_URL}/*`, () => new HttpResponse(null, { status: 204, headers: cors })),
    http.get(`${SDK_URL}/api/v1/cohorts`, () => HttpResponse.json({ cohorts: [] }, { headers: cors })),
    // Events of clients built with the preset (eventUrl: SDK_URL), JSON posts and beacon forms.
    http.post(`${SDK_URL}/api/v2/w/*`, () => new HttpResponse(null, { status: 200, headers: cors })),
    http.get(`${SDK_URL}/api/v1/user-targets`, () => HttpResponse.json({ events: [] }, { headers: cors })),
    http.get(`${SDK_URL}/api/v2/workspaces/:key/config`, ({ request }) => {
      state.requests.push({ url: request.url, header: (name) => request.headers.get(name) })
      if (state.status === 304) return new HttpResponse(null, { status: 304, headers: cors })
      return new HttpResponse(state.body, {
        status: state.status,
        headers: { ...cors, 'Content-Type': 'application/json', 'Last-Modified': state.lastModified },
      })
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    state.status = 200
    state.body = JSON.stringify(workspace)
    state.requests = []
    clearBrowserState()
  })
  afterAll(() => server.close())
  return state
}
