// Shared set-up for the sessions / campaign tests: a client with the real events plugin (network stubbed), a probe
// that records every event the kernel's event stream accepted, fake time and a clean cookie jar.
import { afterEach, beforeEach, vi } from 'vitest'
import { createKernel, definePlugin, type HackleConfig, type Kernel, type PageSnapshot, type Plugin, type SdkEvent } from '../../../../src/kernel'
import { campaign } from '../../../../src/plugins/campaign'
import { events } from '../../../../src/plugins/events'
import { identity } from '../../../../src/plugins/identity'
import { sessions, type SessionsOptions } from '../../../../src/plugins/sessions'
import workspace from '../../../fixtures/example-workspace.json'

export const SDK_KEY = 'abcdefgh12345678XYZ'
export const HID = 'hid-1'
export const SESSION_COOKIE = '_hackle_session_id_12345678XYZ'
export const LAST_EVENT_COOKIE = '_hackle_last_event_ts_12345678XYZ'
export const CAMPAIGN_COOKIE = '_hackle_mkt_abcdefgh'
export const DID_COOKIE = `_hackle_did_${SDK_KEY}`
export const UID_COOKIE = `_hackle_uid_${SDK_KEY}`
/** Start-up time of every test. */
export const T0 = Date.UTC(2026, 10, 21, 9, 0, 0)
export const MINUTE = 60_000
export const SESSION_ID = /^\d+\.[0-9a-f]{8}$/

export function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0]
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

/** The stored state of a visitor coming back: device/user cookies, session, last event time, campaign. */
export function storeVisitor(state: { deviceId?: string; userId?: string; sessionId?: string; lastEventTime?: number; campaign?: object }) {
  if (state.deviceId) setCookie(DID_COOKIE, state.deviceId)
  if (state.userId) setCookie(UID_COOKIE, state.userId)
  if (state.sessionId) setCookie(SESSION_COOKIE, state.sessionId)
  if (state.lastEventTime !== undefined) setCookie(LAST_EVENT_COOKIE, String(state.lastEventTime))
  if (state.campaign) setCookie(CAMPAIGN_COOKIE, JSON.stringify(state.campaign))
}

const opened: Array<{ close(): void }> = []

/** Closes the client after the test (its page listeners would otherwise outlive it). */
export function closeLater<C extends { close(): void }>(client: C): C {
  opened.push(client)
  return client
}

/** Stubs the network, fakes time at T0 and resets cookies and storage around each test. */
export function useEnvironment() {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(T0)
    localStorage.clear()
    clearCookies()
    setCookie('_hackle_hid', HID)
    vi.stubGlobal('fetch', async () => new Response('', { status: 200 }))
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: () => true }))
  })
  afterEach(() => {
    for (const client of opened.splice(0)) client.close()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    clearCookies()
    localStorage.clear()
  })
}

export interface Page {
  search?: string
  referrer?: string
  hostname?: string
}

export interface Probe {
  kernel: Kernel
  /** Events as the stream accepted them (after session enrichment), in order (`hooks.eventAccepted`). */
  processed: SdkEvent[]
  /** Events as they entered the stream (before enrichment; `hooks.eventCreated`). */
  created: SdkEvent[]
}

/** Records the kernel and every event of the stream. */
export const probe = (into: Partial<Probe>): Plugin =>
  definePlugin(() => ({
    name: 'probe',
    apply(kernel) {
      into.kernel = kernel
      into.processed = []
      into.created = []
      kernel.hooks.eventCreated.tap({ name: 'probe', stage: -1 }, (event) => void into.created!.push(event))
      kernel.hooks.eventAccepted.tap('probe', (event) => void into.processed!.push(event))
    },
  }))()

/**
 * The kernel's current page as a page tracker would set it (`kernel.pages.set`): query string, referrer and hostname
 * (default: a direct visit to www.example.com).
 */
export function pageSnapshot(page: Page): PageSnapshot {
  const hostname = page.hostname ?? 'www.example.com'
  const search = page.search ?? ''
  return {
    pageName: '',
    properties: {},
    url: `https://${hostname}/${search}`,
    pagePath: '/',
    host: hostname,
    hostname,
    referrer: page.referrer ?? '',
    queryParameter: search,
    protocol: 'https',
  }
}

/** A page tracker stand-in: sets the page when it applies (list it before the plugins that read the page). */
export const pagePlugin = (page: Page): Plugin =>
  definePlugin(() => ({
    name: 'test-page',
    apply: (kernel) => kernel.pages.set(pageSnapshot(page)),
  }))()

export interface StartOptions {
  config?: HackleConfig
  /** The sessions plugin's options (loosely typed: tests pass invalid values on purpose). */
  sessions?: { sessionPolicy?: unknown; sessionTimeoutMillis?: unknown }
  page?: Page
  /** Without the campaign plugin. */
  noCampaign?: boolean
}

/** A client with probe, page, sessions, campaign, identity and events; the start-up refresh has run when it returns. */
export async function start(options: StartOptions = {}) {
  const recorded: Partial<Probe> = {}
  const page = options.page ?? {}
  const client = closeLater(
    createKernel(SDK_KEY, {
      log_disabled: true,
      eventUrl: 'https://events.test',
      workspaceConfig: workspace,
      ...options.config,
      plugins: [probe(recorded), pagePlugin(page), sessions(options.sessions as SessionsOptions | undefined), options.noCampaign ? false : campaign(), identity(), events()],
    }),
  )
  await vi.advanceTimersByTimeAsync(0)
  const probed = recorded as Probe
  return {
    client,
    kernel: probed.kernel,
    processed: probed.processed,
    created: probed.created,
    /** The processed events in a short form, and forgets them. */
    take() {
      const taken = probed.processed.splice(0).map(summary)
      return taken
    },
  }
}

export interface Summary {
  key: string
  timestamp: number
  identifiers: Record<string, string | number>
  properties: Record<string, unknown>
  userProperties: Record<string, unknown>
}

export function summary(event: SdkEvent): Summary {
  return {
    key: event.type === 'track' ? event.key : event.type,
    timestamp: event.timestamp,
    identifiers: event.user.identifiers,
    properties: event.properties,
    userProperties: event.user.properties,
  }
}

export const keys = (events: Summary[]) => events.map((event) => event.key)

export const ALL_UNSET = {
  $unset: { utm_campaign: '-', utm_content: '-', utm_id: '-', utm_medium: '-', utm_source: '-', utm_term: '-', gclid: '-', fbclid: '-' },
}
