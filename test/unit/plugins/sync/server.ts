import { afterAll, afterEach, beforeAll } from 'vitest'
import { setupServer } from 'msw/node'
import { http, HttpResponse } from 'msw'
import example from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

export const SDK_KEY = 'abcdefgh12345678XYZ'
export const SDK_URL = 'https://sdk.test'
export const DAY = 86_400_000

const condition = (type: string, name: string, operator: string, valueType: string, values: unknown[]) => ({
  key: { type, name },
  match: { type: 'MATCH', operator, valueType, values },
})

/** A flag (key 9, off = "A", on = "B") whose only target rule has the given condition. */
function flagWithRule(id: number, key: number, bucketId: number, rule: ReturnType<typeof condition>) {
  return {
    id,
    key,
    status: 'RUNNING',
    version: 1,
    bucketId,
    identifierType: '$id',
    implementationType: 'DEFAULT',
    variations: [
      { id: id * 10 + 1, key: 'A', status: 'ACTIVE' },
      { id: id * 10 + 2, key: 'B', status: 'ACTIVE' },
    ],
    execution: {
      status: 'RUNNING',
      version: 1,
      userOverrides: [],
      segmentOverrides: [],
      targetAudiences: [],
      targetRules: [{ target: { conditions: [rule] }, action: { type: 'VARIATION', variationId: id * 10 + 2 } }],
      defaultRule: { type: 'VARIATION', variationId: id * 10 + 1 },
      targetUrls: null,
    },
  }
}

/**
 * The §3.7 example plus two flags: 9 is on for members of cohort 7 (COHORT IN [7]); 10 is on for users with at least
 * 4 `purchase` events in the last 3 days (NUMBER_OF_EVENTS_IN_DAYS GTE [4]).
 */
export const WORKSPACE = {
  ...example,
  featureFlags: [
    ...example.featureFlags,
    flagWithRule(91, 9, 32, condition('COHORT', 'COHORT', 'IN', 'NUMBER', [7])),
    flagWithRule(92, 10, 32, condition('NUMBER_OF_EVENTS_IN_DAYS', JSON.stringify({ eventKey: 'purchase', days: 3 }), 'GTE', 'NUMBER', [4])),
  ],
}

export interface Recorded {
  path: string
  header(name: string): string | null
}

interface Answer {
  status: number
  body: string | null
}

const cors = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
}

/**
 * An msw server for the three sync endpoints. Tests script `state.config`, `state.cohorts`, `state.userTargets`
 * (status and body) and read `state.requests`. Unknown requests fail the test run (no real network).
 */
export function useSyncServer() {
  const fresh = () => ({
    config: { status: 200, body: JSON.stringify(WORKSPACE) } as Answer,
    cohorts: { status: 200, body: JSON.stringify({ cohorts: [] }) } as Answer,
    userTargets: { status: 200, body: JSON.stringify({ events: [] }) } as Answer,
    requests: [] as Recorded[],
    /** While set, answers to that endpoint wait for the promise (to observe ordering). */
    hold: {} as Partial<Record<'config' | 'cohorts' | 'userTargets', Promise<unknown>>>,
    /** Answer that endpoint with a network error. */
    networkError: {} as Partial<Record<'config' | 'cohorts' | 'userTargets', boolean>>,
  })
  const state = fresh()
  const answer = (which: 'config' | 'cohorts' | 'userTargets') =>
    async ({ request }: { request: Request }) => {
      state.requests.push({ path: new URL(request.url).pathname, header: (name) => request.headers.get(name) })
      await state.hold[which]
      if (state.networkError[which]) return HttpResponse.error()
      const { status, body } = state[which]
      return new HttpResponse(body, { status, headers: { ...cors, 'Content-Type': 'application/json' } })
    }
  const server = setupServer(
    http.options(`${SDK_URL}/*`, () => new HttpResponse(null, { status: 204, headers: cors })),
    http.get(`${SDK_URL}/api/v2/workspaces/:key/config`, answer('config')),
    http.get(`${SDK_URL}/api/v1/cohorts`, answer('cohorts')),
    http.get(`${SDK_URL}/api/v1/user-targets`, answer('userTargets')),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    Object.assign(state, fresh())
    clearBrowserState()
  })
  afterAll(() => server.close())
  return state
}

/** Paths requested so far, in order. */
export const paths = (state: { requests: Recorded[] }) => state.requests.map((it) => it.path)

/** Decodes an `X-HACKLE-USER` value back to its JSON (for non-ASCII checks). */
export function decodeUserHeader(value: string): unknown {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
}
