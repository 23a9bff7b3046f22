/**
 * Runs an in-app sequence on one SDK: one jsdom page per visit (a reload is a new page on the same localStorage and
 * cookies), each on a virtual clock that continues where the previous visit stopped, with a stand-in renderer on
 * the page (`window.HackleInAppMessageRenderer`: it records what it is asked to render and answers the view's
 * lifecycle handshake, then closes the message, so the next one can open). Collects what both SDKs make observable.
 */
import { basename, dirname } from 'node:path'
import { settle, VirtualClock, CLOCK_START } from '../clock'
import { SERVER_URLS, type Side } from '../drivers'
import { SDK_KEY, openPage, PAGES, type Page } from '../page'

export interface InAppStep {
  /** Code run in the page (`hackle` is the client). */
  code: string
  /** Virtual milliseconds to let pass afterwards. */
  wait: number
}

export interface InAppVisit {
  steps: InAppStep[]
  /** Virtual milliseconds between the previous visit's end and this page's load. */
  gap?: number
  /** `createInstance` options besides the fixed ones (JSON). */
  options?: Record<string, unknown>
}

export interface InAppSequence {
  id: string
  config: unknown
  visits: InAppVisit[]
}

export interface VisitObservation {
  /** Every event body the page sent, parsed (JSON POSTs and beacon `data`). */
  batches: unknown[]
  /** Debug and error lines of the SDK, in order. */
  logs: string[]
  /** `render` calls of the stand-in renderer. */
  renders: unknown[]
  /** localStorage at the end of the visit: in-app keys only. */
  storage: Record<string, string>
}

export interface SideObservation {
  visits: VisitObservation[]
  problems: string[]
}

/** Where the page loads the SDK's script from. */
const SCRIPT_BASE = 'https://cdn.hackle-kit.test/sdk/'

const IN_APP_KEYS = /^hackle-(iam-hide|iam-impression|campaign-delay)_/

/** The stand-in renderer, as page code (it must live in the page's realm). */
const RENDERER = `
window.__renders = [];
window.HackleInAppMessageRenderer = {
  HackleInAppMessageRenderer: function (container) {
    this.render = function (args) { window.__renders.push(JSON.parse(JSON.stringify(args))); return Promise.resolve(); };
    this.destroy = function () {};
  },
};
window.addEventListener('hackle-iam-lifecycle-start', function (e) {
  var detail = e.detail;
  window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: detail.type, id: detail.id } }));
  if (detail.type === 'OPEN') setTimeout(function () {
    window.dispatchEvent(new CustomEvent('hackle-iam-interaction', { detail: { type: 'CLOSE' } }));
  }, 0);
});
`

const describe = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error ? `${(error as Error).name}: ${(error as Error).message}` : String(error)

function parseCookies(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of text.split('; ')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1)
  }
  return out
}

function bodiesOf(page: Page, problems: string[]): unknown[] {
  const out: unknown[] = []
  for (const request of page.requests) {
    if (request.status === 404) problems.push(`unexpected request ${request.method} ${request.url}`)
    if (!request.url.includes('/events')) continue
    try {
      if (request.method === 'BEACON') {
        const data = new URLSearchParams(request.body ?? '').get('data')
        if (data) out.push(JSON.parse(data))
      } else out.push(JSON.parse(request.body ?? ''))
    } catch (error) {
      problems.push(`unreadable body: ${describe(error)}`)
    }
  }
  return out
}

/** Runs every visit of `sequence` on one SDK; a script the SDK adds takes `scriptLatency` virtual ms to load. */
export async function runInAppSequence(side: Side, sequence: InAppSequence, { scriptLatency = 0 } = {}): Promise<SideObservation> {
  const problems: string[] = []
  const visits: VisitObservation[] = []
  let storage: Record<string, string> = {}
  let cookies: Record<string, string> = {}
  let time = CLOCK_START
  for (const [index, visit] of sequence.visits.entries()) {
    const clock = new VirtualClock(time + (index ? (visit.gap ?? 1000) : 0))
    let page: Page | undefined
    const logs: string[] = []
    try {
      // The SDK is loaded from a script folder, as on a page: scripts it adds beside its own are served from there.
      page = openPage(PAGES[0]!, JSON.stringify(sequence.config), { clock, cookies, scripts: { base: SCRIPT_BASE, dir: dirname(side.bundlePath), latency: scriptLatency } })
      const window = page.window as unknown as Window & { hackle: { close(): void }; __renders: unknown[]; eval(code: string): unknown }
      for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value)
      const capture = (level: string) => (...args: unknown[]) => void logs.push(`${level} ${args.map(String).join(' ')}`)
      const console = (window as unknown as { console: Record<string, unknown> }).console
      for (const level of ['debug', 'info', 'warn', 'error', 'log']) console[level] = capture(level)
      page.evaluate(RENDERER)
      page.evaluate(side.bundle, SCRIPT_BASE + basename(side.bundlePath))
      const options = { ...SERVER_URLS, enableMonitoring: false, debug: true, ...visit.options }
      window.eval(`window.hackle = Hackle.createInstance(${JSON.stringify(SDK_KEY)}, ${JSON.stringify(options)})`)
      await clock.advance(0)
      for (const step of visit.steps) {
        try {
          window.eval(step.code)
        } catch (error) {
          problems.push(`visit ${index + 1}: step ${step.code} threw ${describe(error)}`)
        }
        await clock.advance(step.wait)
      }
      const pagehide = (window as unknown as { PageTransitionEvent?: typeof Event }).PageTransitionEvent ?? (window as unknown as { Event: typeof Event }).Event
      window.dispatchEvent(new pagehide('pagehide', { persisted: false } as EventInit))
      // no time passes after the page is gone: a delay due later fires on the next visit (restored) or never
      await clock.advance(0)
      await settle()
      storage = {}
      for (let i = 0; i < window.localStorage.length; i++) {
        const key = window.localStorage.key(i)!
        storage[key] = window.localStorage.getItem(key)!
      }
      cookies = parseCookies(window.document.cookie)
      delete cookies._hackle_hid
      const inApp = Object.fromEntries(Object.entries(storage).filter(([key]) => IN_APP_KEYS.test(key)).sort(([a], [b]) => (a < b ? -1 : 1)))
      visits.push({ batches: bodiesOf(page, problems), logs, renders: window.__renders ?? [], storage: inApp })
    } catch (error) {
      problems.push(`visit ${index + 1}: driver failed: ${describe(error)}`)
      visits.push({ batches: page ? bodiesOf(page, problems) : [], logs, renders: [], storage: {} })
    } finally {
      time = clock.now()
      page?.close()
    }
  }
  return { visits, problems }
}
