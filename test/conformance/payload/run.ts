/**
 * Runs a call sequence on one SDK: a fresh page with a virtual clock, the bundle as a script tag, `createInstance`,
 * the calls with their waits, the ending (close / pagehide / hidden), and every event body the page sent.
 */
import { settle, VirtualClock } from '../clock'
import { SERVER_URLS, type Side } from '../drivers'
import { EVENT_URL, SDK_KEY, openPage, type Page } from '../page'
import type { PayloadSequence } from './sequence'

/** One events request: a JSON POST to `/api/v2/w/events` or a beacon form to `/api/v2/w/{sdkKey}/events`. */
export interface SentBody {
  transport: 'POST' | 'BEACON'
  /** The URL without the event base. */
  path: string
  /** Beacon only: the form fields in order, `data` included. */
  form?: Array<[string, string]>
  /** The batch body (the POST body, or the beacon's `data` field), parsed. */
  data: unknown
}

/** What a call returned (decisions: the value or the decision's variation/isOn and reason), or what it threw. */
export type Outcome = { value: unknown } | { thrown: string } | { rejected: string }

export interface SequenceRun {
  bodies: SentBody[]
  outcomes: Outcome[]
  /** Setup problems: bundle, initialization, unexpected requests, unreadable bodies. */
  problems: string[]
  ms: number
}

/** The fixed `createInstance` options: fake servers, no monitoring (page and route tracking: the sequence's). */
const FIXED_OPTIONS = {
  enableMonitoring: false,
  ...SERVER_URLS,
}

const describe = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? `${(error as Error).name}: ${(error as Error).message}` : String(error)

/** A page-realm return value as a plain comparable value. */
function outcomeOf(value: unknown): Outcome {
  if (typeof value === 'object' && value !== null && 'reason' in value) {
    const decision = value as { variation?: unknown; isOn?: unknown; reason: unknown }
    return { value: { variation: decision.variation, isOn: decision.isOn, reason: decision.reason } }
  }
  return { value: typeof value === 'function' || typeof value === 'symbol' ? String(value) : value }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'

/** The events requests among everything the page sent. */
function eventBodies(page: Page, problems: string[]): SentBody[] {
  const bodies: SentBody[] = []
  for (const request of page.requests) {
    if (request.status === 404) problems.push(`unexpected request ${request.method} ${request.url}`)
    if (!request.url.startsWith(`${EVENT_URL}/`)) continue
    const path = request.url.slice(EVENT_URL.length)
    try {
      if (request.method === 'BEACON') {
        const form = [...new URLSearchParams(request.body ?? '')]
        const data = form.find(([name]) => name === 'data')?.[1]
        bodies.push({ transport: 'BEACON', path, form, data: data === undefined ? undefined : JSON.parse(data) })
      } else {
        bodies.push({ transport: 'POST', path, data: JSON.parse(request.body ?? '') })
      }
    } catch (error) {
      problems.push(`unreadable ${request.method} body to ${path}: ${describe(error)}`)
    }
  }
  return bodies
}

type TestWindow = Window & typeof globalThis & { hackle: { close(): void }; testPage: TestPage }

/** What the page's user does to the tab: `testPage.hide()` / `.show()` in a step, `.pagehide()` at the end. */
interface TestPage {
  hide(): void
  show(): void
  pagehide(): void
}

function installTestPage(window: TestWindow): void {
  const visibility = (state: 'hidden' | 'visible') => {
    Object.defineProperty(window.document, 'visibilityState', { configurable: true, get: () => state })
    Object.defineProperty(window.document, 'hidden', { configurable: true, get: () => state === 'hidden' })
    window.document.dispatchEvent(new window.Event('visibilitychange'))
  }
  const PageTransition = (window as unknown as { PageTransitionEvent?: typeof Event }).PageTransitionEvent ?? window.Event
  window.testPage = {
    hide: () => visibility('hidden'),
    show: () => visibility('visible'),
    pagehide: () => void window.dispatchEvent(new PageTransition('pagehide', { persisted: false } as EventInit)),
  }
}

function end(window: TestWindow, how: PayloadSequence['end']): void {
  if (how === 'close') return window.hackle.close()
  if (how === 'hidden') window.testPage.hide()
  window.testPage.pagehide()
}

/** Runs `sequence` with one SDK and returns the bodies it sent, in order. */
export async function runSequence(side: Side, sequence: PayloadSequence): Promise<SequenceRun> {
  const started = performance.now()
  const problems: string[] = []
  const outcomes: Outcome[] = []
  const clock = new VirtualClock()
  let page: Page | undefined
  try {
    page = openPage(sequence.page, JSON.stringify(sequence.config), { clock, cookies: sequence.cookies })
    for (const [key, value] of Object.entries(sequence.storage ?? {})) page.window.localStorage.setItem(key, value)
    page.evaluate(side.bundle)
    const run = (code: string): unknown => page!.window.eval(code)
    const window = page.window as unknown as TestWindow & { Hackle?: { createInstance?: unknown } }
    if (typeof window.Hackle?.createInstance !== 'function') throw new Error('the bundle did not define window.Hackle.createInstance')
    installTestPage(window)
    run(`window.hackle = Hackle.createInstance(${JSON.stringify(SDK_KEY)}, Object.assign(${JSON.stringify(FIXED_OPTIONS)}, ${sequence.pageOptions ?? '{}'}, ${sequence.options ?? '{}'}))`)
    let init: { success: boolean } | undefined
    void (window.hackle as unknown as { onInitialized(o: unknown): Promise<{ success: boolean }> }).onInitialized({ timeout: 5000 }).then((result) => (init = result))
    const early = sequence.early ?? 0

    for (const [index, step] of sequence.steps.entries()) {
      if (index === early) {
        // the config arrives (the fake server answers at once)
        await clock.advance(0)
        if (!init?.success) problems.push(`not initialized without waiting: onInitialized answered ${JSON.stringify(init)}`)
      }
      try {
        const value = run(step.code)
        outcomes.push(isThenable(value) ? { value: undefined } : outcomeOf(value))
        if (isThenable(value)) value.then(undefined, (error) => (outcomes[index] = { rejected: describe(error) }))
      } catch (error) {
        outcomes.push({ thrown: describe(error) })
      }
      // early steps run back to back, before the config arrives
      if (index >= early) await clock.advance(step.wait)
    }
    end(window, sequence.end)
    // anything the SDKs still do after the page is gone (there should be nothing)
    await clock.advance(1000)
    await settle()
    return { bodies: eventBodies(page, problems), outcomes, problems, ms: performance.now() - started }
  } catch (error) {
    problems.push(`driver failed: ${describe(error)}`)
    return { bodies: page ? eventBodies(page, problems) : [], outcomes, problems, ms: performance.now() - started }
  } finally {
    page?.close()
  }
}
