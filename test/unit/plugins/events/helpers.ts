// Shared set-up for the events plugin tests: a scripted fetch / sendBeacon, a clean localStorage, fake timers.
import { afterEach, beforeEach, vi } from 'vitest'
import { createKernel, type Kernel, type KernelConfig, type Plugin } from '../../../../src/kernel'
import { events, type EventsOptions } from '../../../../src/plugins/events'
import workspace from '../../../fixtures/example-workspace.json'
import { fakeIndexedDB } from './fake-indexeddb'

export const SDK_KEY = 'abcdefgh12345678XYZ'
export const EVENT_URL = 'https://events.test'
export const RETRY_KEY = `hackle-repository-storage_${SDK_KEY}`
export const OUTBOX_PREFIX = `hackle-kit-outbox_${SDK_KEY}_`
export const USER = { id: 'user_1', deviceId: 'user_1' }

export interface WireDto {
  insertId: string
  timestamp: number
  identifiers: Record<string, string>
  [field: string]: unknown
}
export interface Batch {
  exposureEvents: WireDto[]
  trackEvents: WireDto[]
  remoteConfigEvents: WireDto[]
}
export interface Post {
  url: string
  text: string
  body: Batch
  keepalive: boolean
  headers: Record<string, string>
  time: number
}
export interface Beacon {
  url: string
  form: URLSearchParams
  size: number
  body: Batch
}

/** An answer for a POST: a status, `'error'` (network failure) or a promise of either. */
export type Answer = number | 'error' | Promise<number | 'error'>

export const dtos = (batch: Batch): WireDto[] => [...batch.exposureEvents, ...batch.trackEvents, ...batch.remoteConfigEvents]

/** A promise settled from outside (a request that hangs until the test answers it). */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const open: { close(): void }[] = []

/** Stubs fetch and sendBeacon, records every request, and resets localStorage, timers and clients around each test. */
export function useNetwork() {
  const net = {
    posts: [] as Post[],
    beacons: [] as Beacon[],
    /** How the server answers a POST. */
    answer: (_post: Post): Answer => 200,
    /** Whether sendBeacon accepts a form of this many encoded bytes. */
    acceptBeacon: (size: number) => size <= 65_536,
    /** insertIds the server accepted (2xx JSON posts and accepted beacons), in order. */
    delivered: [] as string[],
    /** The origin's IndexedDB (the claim fence lives there); `net.idb = null` before the clients start: none. */
    idb: fakeIndexedDB() as ReturnType<typeof fakeIndexedDB> | null,
  }
  beforeEach(() => {
    localStorage.clear()
    vi.useFakeTimers()
    net.idb = fakeIndexedDB()
    vi.stubGlobal('indexedDB', net.idb.api)
    net.posts = []
    net.beacons = []
    net.delivered = []
    net.answer = () => 200
    net.acceptBeacon = (size) => size <= 65_536
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const text = String(init.body)
      const post: Post = {
        url,
        text,
        body: JSON.parse(text),
        keepalive: init.keepalive === true,
        headers: init.headers as Record<string, string>,
        time: Date.now(),
      }
      net.posts.push(post)
      const answer = await net.answer(post)
      if (answer === 'error') throw new TypeError('Failed to fetch')
      if (answer >= 200 && answer < 300) net.delivered.push(...dtos(post.body).map((d) => d.insertId))
      return new Response('', { status: answer })
    })
    // A browser whose fetch supports keepalive (happy-dom's Request does not say so).
    Object.defineProperty(Request.prototype, 'keepalive', { configurable: true, get: () => false })
    // On the real navigator object (a stand-in object would break the getters the properties plugin reads).
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, form: URLSearchParams) => {
        const size = form.toString().length
        if (!net.acceptBeacon(size)) return false
        const body = JSON.parse(form.get('data')!)
        net.beacons.push({ url, form, size, body })
        net.delivered.push(...dtos(body).map((d) => d.insertId))
        return true
      },
    })
  })
  afterEach(() => {
    for (const c of open.splice(0)) c.close()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    delete (navigator as { sendBeacon?: unknown }).sendBeacon
    delete (Request.prototype as { keepalive?: unknown }).keepalive
    localStorage.clear()
  })
  return net
}

/**
 * A kernel with the events plugin (plus `plugins`) on the example workspace; `.kernel` is what plugins see.
 * `optOutTracking` goes to the events plugin, the other options to the kernel.
 */
export function client(options: KernelConfig & EventsOptions = {}, plugins: Plugin<any>[] = []) {
  let kernel!: Kernel
  const probe: Plugin = { name: 'probe', apply: (k) => void (kernel = k) }
  const { optOutTracking, ...kernelOptions } = options
  const c = createKernel(SDK_KEY, {
    log_disabled: true,
    eventUrl: EVENT_URL,
    workspaceConfig: workspace,
    ...kernelOptions,
    plugins: [probe, ...plugins, events({ optOutTracking })],
  })
  open.push(c)
  return Object.assign(c, { kernel })
}

/** Lets the start-up retry flush take its lock and the queue timer run. */
export const settle = (ms = 600) => vi.advanceTimersByTimeAsync(ms)

export const storedKeys = (prefix: string) =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!).filter((k) => k.startsWith(prefix))

export function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Expects every id exactly once. */
export function countById(ids: string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  return counts
}
