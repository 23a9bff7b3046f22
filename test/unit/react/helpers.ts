// Shared set-up of the React binding tests: a workspace every user can be bucketed in (the example's audience wants a
// Windows or Mac browser, happy-dom is neither), a gated config server, and a plugin that counts what a client does.
import { afterAll, afterEach, beforeAll } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import example from '../../fixtures/example-workspace.json'
import { clearBrowserState } from '../browser-state'
import type { Kernel, Plugin } from '../../../src/kernel'

export const SDK_URL = 'https://sdk.react.test'

/** The example workspace without its target audience: experiment 1 buckets every user (A or B). */
export function openWorkspace(): Record<string, unknown> {
  const workspace = structuredClone(example) as Record<string, any>
  for (const experiment of workspace.experiments) experiment.execution.targetAudiences = []
  // no Google Analytics forwarding (the page has no gtag)
  workspace.workspace.attributes = {}
  return workspace
}

/** What a client did, counted by a plugin. */
export interface Counts {
  exposures: number
  events: Array<{ type: string; key?: string; experimentKey?: number }>
  kernel?: Kernel
}

/** A plugin that counts the client's events (accepted: after duplicate suppression, what is delivered) and hands the test its kernel (to change the workspace, invalidate). */
export function counting(): { counts: Counts; plugin: Plugin } {
  const counts: Counts = { exposures: 0, events: [] }
  const plugin: Plugin = {
    name: 'test-counter',
    apply(kernel) {
      counts.kernel = kernel
      kernel.hooks.eventAccepted.tap('test-counter', (event) => {
        const e = event as unknown as { type: string; key?: string; experimentKey?: number }
        counts.events.push({ type: e.type, key: e.key, experimentKey: e.experimentKey })
        if (e.type === 'exposure') counts.exposures++
      })
    },
  }
  return { counts, plugin }
}

let keys = 0
/** A fresh SDK key per test (the package keeps one client per key until it is closed). */
export const freshKey = () => `react-test-key-${++keys}-${Date.now()}`

/**
 * An msw server for the config endpoint that answers only once `release()` is called (`gate.open` true answers at
 * once); counts config requests.
 */
export function useGatedConfigServer() {
  let release!: () => void
  const state = {
    open: true,
    workspace: openWorkspace(),
    configRequests: 0,
    released: Promise.resolve(),
    release: () => release(),
    close() {
      state.open = false
      state.released = new Promise<void>((resolve) => (release = resolve))
    },
  }
  const server = setupServer(
    http.get(`${SDK_URL}/api/v1/cohorts`, () => HttpResponse.json({ cohorts: [] })),
    http.get(`${SDK_URL}/api/v1/user-targets`, () => HttpResponse.json({ events: [] })),
    http.post(`${SDK_URL}/api/v2/w/*`, () => new HttpResponse(null, { status: 200 })),
    http.get(`${SDK_URL}/api/v2/workspaces/:key/config`, async () => {
      state.configRequests++
      if (!state.open) await state.released
      return HttpResponse.json(state.workspace as Record<string, never>, { headers: { 'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT' } })
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    state.open = true
    state.workspace = openWorkspace()
    state.configRequests = 0
    release?.()
    clearBrowserState()
  })
  afterAll(() => server.close())
  return state
}

/** Client options that keep every request on the test server and make no page views or sessions noise matter. */
export const LOCAL = { sdkUrl: SDK_URL, eventUrl: SDK_URL, monitoringUrl: SDK_URL, automaticPageTracking: false }
