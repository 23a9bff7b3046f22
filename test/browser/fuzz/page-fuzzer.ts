// The public-API fuzzer for a real page: bundled for the browser by the e2e test and run on a page that loaded the
// script-tag build. Only `window.Hackle` is used. The same hostile values as the unit fuzzer (test/unit/fuzz): every
// client method, the answers' methods, the builders and every member of window.Hackle, then close() and all again.
// Records throws, rejections, unhandled rejections, built-in members changed, and calls over 50 ms (a slow call is
// run again, up to three times, and only its fastest run counts: a busy machine's noise only ever adds).
import { Rng } from '../../conformance/rng'
import { describe as show, hostileValue } from '../../unit/fuzz/hostile-values'
import { builtIns, isPromise, NO_ARGUMENT_CLASSES, snapshotBuiltIns } from '../../unit/fuzz/guards'

const SLOW_MS = 50
const BUILT_INS = builtIns([['EventTarget.prototype', EventTarget.prototype], ['Storage.prototype', Storage.prototype], ['History.prototype', History.prototype]])

export interface FuzzReport {
  calls: number
  failures: Array<{ call: string; error: string }>
  slow: Array<{ call: string; ms: number }>
  unhandled: string[]
  changed: string[]
  slowestMs: number
  /** The five slowest calls (fastest run of each), for the log. */
  slowest: Array<{ call: string; ms: number }>
}

export async function fuzz(seed: number, calls: number): Promise<FuzzReport> {
  const Hackle = (window as any).Hackle as Record<string, any>
  const report: FuzzReport = { calls: 0, failures: [], slow: [], unhandled: [], changed: [], slowestMs: 0, slowest: [] }
  const pending: Array<Promise<unknown>> = []
  const onUnhandled = (e: PromiseRejectionEvent) => void report.unhandled.push(String(e.reason))
  window.addEventListener('unhandledrejection', onUnhandled)
  const before = snapshotBuiltIns(BUILT_INS)
  const rng = new Rng(seed)

  const once = (run: () => unknown): { ms: number; result?: unknown; error?: unknown; threw: boolean } => {
    const began = performance.now()
    try {
      const result = run()
      return { ms: performance.now() - began, result, threw: false }
    } catch (error) {
      return { ms: performance.now() - began, error, threw: true }
    }
  }

  function attempt(call: string, run: () => unknown): unknown {
    report.calls++
    let outcome = once(run)
    let best = outcome.ms
    // a slow call again, up to three times: its fastest run is what the code costs
    for (let again = 0; again < 3 && best > SLOW_MS; again++) best = Math.min(best, once(run).ms)
    report.slowestMs = Math.max(report.slowestMs, best)
    if (report.slowest.length < 5 || best > report.slowest[4]!.ms) {
      report.slowest = [...report.slowest, { call: call.slice(0, 160), ms: Math.round(best * 10) / 10 }].sort((a, b) => b.ms - a.ms).slice(0, 5)
    }
    if (best > SLOW_MS) report.slow.push({ call, ms: Math.round(best) })
    if (outcome.threw) {
      let text = 'unprintable'
      try {
        text = String((outcome.error as Error)?.stack ?? outcome.error).split('\n').slice(0, 3).join(' | ')
      } catch {}
      report.failures.push({ call, error: text })
      return undefined
    }
    if (isPromise(outcome.result)) pending.push(outcome.result.catch((error) => void report.failures.push({ call: `${call} (rejected)`, error: String(error) })))
    return outcome.result
  }

  const args = () => Array.from({ length: rng.int(0, 3) }, () => hostileValue(rng))

  function phase(client: Record<string, unknown>, label: string) {
    const methods = Object.keys(client).filter((name) => typeof client[name] === 'function' && name !== 'close')
    const globalNames = Object.keys(Hackle)
    for (let i = 0; i < calls; i++) {
      const roll = rng.int(0, 9)
      if (roll <= 5) {
        const name = methods[rng.next() % methods.length]!
        const given = args()
        const call = `${label} client.${name}(${given.map(show).join(', ')})`
        const answer = attempt(call, () => (client[name] as (...a: unknown[]) => unknown)(...given))
        if (answer && typeof answer === 'object' && !isPromise(answer)) {
          for (const member of ['get', 'getDetail']) {
            let fn: unknown
            try {
              fn = (answer as Record<string, unknown>)[member]
            } catch {
              continue
            }
            if (typeof fn === 'function') {
              const more = args()
              attempt(`${call}.${member}(${more.map(show).join(', ')})`, () => (fn as (...a: unknown[]) => unknown).apply(answer, more))
            }
          }
        }
      } else if (roll <= 7) {
        const [builderName, methodNames] = rng.chance(0.5)
          ? ['PropertyOperationsBuilder', ['set', 'setOnce', 'unset', 'increment', 'append', 'appendOnce', 'prepend', 'prependOnce', 'remove', 'clearAll']]
          : rng.chance(0.5)
            ? ['HackleSubscriptionOperationsBuilder', ['marketing', 'information', 'custom']]
            : ['IdentifiersBuilder', ['add', 'addIdentifiers']]
        const built = attempt(`${label} new ${builderName}`, () => {
          const builder = new Hackle[builderName]()
          for (let n = rng.int(1, 6); n > 0; n--) {
            const method = methodNames[rng.next() % methodNames.length]!
            const given = args()
            attempt(`${label} ${builderName}.${method}(${given.map(show).join(', ')})`, () => builder[method](...given))
          }
          return builder.build()
        })
        if (built && builderName === 'PropertyOperationsBuilder' && typeof client.updateUserProperties === 'function') {
          attempt(`${label} client.updateUserProperties(built)`, () => (client.updateUserProperties as (o: unknown) => unknown)(built))
        }
      } else {
        const name = globalNames[rng.next() % globalNames.length]!
        if (name === 'createInstance') continue
        const target = Hackle[name]
        const given = args()
        const callAll = (owner: Record<string, unknown>, label2: string, self: unknown = owner) => {
          for (const member of Object.getOwnPropertyNames(owner)) {
            if (['length', 'name', 'prototype', 'constructor', 'createInstance'].includes(member)) continue
            const more = args()
            attempt(`${label2}.${member}(${more.map(show).join(', ')})`, () => {
              const value = owner[member]
              return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).apply(self, more) : value
            })
          }
        }
        if (typeof target === 'function' && NO_ARGUMENT_CLASSES.has(name)) {
          const instance = attempt(`new ${name}()`, () => new target())
          if (instance && typeof instance === 'object') callAll(Object.getPrototypeOf(instance), `${label} ${name}#`, instance)
          callAll(target, `${label} ${name}`)
          if (name === 'Logger') callAll(target.log, `${label} Logger.log`)
        } else if (typeof target === 'function' && !/^[A-Z]/.test(name)) {
          attempt(`${label} ${name}(${given.map(show).join(', ')})`, () => target(...given))
        } else if (target && typeof target === 'object' && name !== 'default') {
          callAll(target, `${label} ${name}`)
        } else if (typeof target === 'function') {
          callAll(target, `${label} ${name}`)
        }
      }
    }
  }

  const origin = location.origin
  const client = Hackle.createInstance('e2e-sdk-key-0123456789', { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin })
  await client.onInitialized({ timeout: 10_000 })
  phase(client, 'open')
  for (let i = 0; i < 30; i++) {
    const given = args()
    const made = attempt(`createInstance(${given.map(show).join(', ')})`, () => Hackle.createInstance(...given))
    if (made && made !== client) attempt('close of a fuzzed instance', () => (made as { close(): void }).close())
  }
  attempt('client.close()', () => client.close())
  phase(client, 'closed')
  attempt('client.close() again', () => client.close())
  Hackle.Logger.setLogLevel(0)

  await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, 3000))])
  await new Promise((resolve) => setTimeout(resolve, 0))
  window.removeEventListener('unhandledrejection', onUnhandled)
  const after = snapshotBuiltIns(BUILT_INS)
  report.changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key))
  if (({} as Record<string, unknown>).polluted !== undefined) report.changed.push('Object.prototype.polluted')
  return report
}

;(window as unknown as { __fuzz: typeof fuzz }).__fuzz = fuzz
