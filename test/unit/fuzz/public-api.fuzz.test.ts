// A seeded fuzzer over the whole public surface: every client method, the builders and window.Hackle, with hostile values (./hostile-values.ts); then close() and every method again.
// Zero throws, zero rejected promises, zero unhandled rejections, no built-in prototype changed.
// CI runs a fixed seed; a long run: FUZZ_SEED=<n> FUZZ_CALLS=<n> npx vitest run test/unit/fuzz
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as hackle from '../../../src'
import { Rng } from '../../conformance/rng'
import { EXAMPLE, SDK_KEY, SDK_URL } from '../client/helpers'
import { describe as show, hostileValue } from './hostile-values'
import { builtIns, isPromise, NO_ARGUMENT_CLASSES, snapshotBuiltIns } from './guards'
import '../../../src/browser'

const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const CALLS = Number(process.env.FUZZ_CALLS ?? 1500)

const BUILT_INS = builtIns()

interface Failure {
  call: string
  error: string
}

/** Never-answering network: the fuzzer's clients start from an inline config and send nothing anywhere. */
class SilentXhr {
  readyState = 0
  status = 0
  timeout = 0
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {}
  getResponseHeader() {
    return null
  }
}

describe(`public API fuzzer (seed ${SEED}, ${CALLS} calls per phase)`, () => {
  const failures: Failure[] = []
  const pending: Array<Promise<unknown>> = []
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  let before: Map<string, unknown>

  beforeAll(() => {
    for (const level of ['log', 'debug', 'info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => {})
    vi.stubGlobal('fetch', (_url: unknown, init?: { method?: string }) =>
      init?.method === 'POST' ? Promise.resolve(new Response(null, { status: 200 })) : new Promise(() => {}),
    )
    vi.stubGlobal('XMLHttpRequest', SilentXhr)
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: () => true })
    process.on('unhandledRejection', onUnhandled)
    before = snapshotBuiltIns(BUILT_INS)
  })
  // The network stubs stay for the rest of the file: requests the clients started (a GET's XMLHttpRequest backup
  // after two seconds) must not reach a real network after the test.
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled)
  })

  /** Calls `run`, recording a throw, and a rejection of what it returns. */
  function attempt(call: string, run: () => unknown): unknown {
    try {
      const began = performance.now()
      const result = run()
      // not asserted (timing is the Chromium test's business): reported, to find what a seed makes slow
      if (performance.now() - began > 500) process.stdout.write(`slow (${Math.round(performance.now() - began)} ms): ${call}\n`)
      if (isPromise(result)) pending.push(result.catch((error) => void failures.push({ call: `${call} (rejected)`, error: String(error) })))
      return result
    } catch (error) {
      let text = 'unprintable'
      try {
        text = String((error as Error)?.stack ?? error).split('\n').slice(0, 3).join(' | ')
      } catch {}
      failures.push({ call, error: text })
      return undefined
    }
  }

  function args(rng: Rng): unknown[] {
    return Array.from({ length: rng.int(0, 3) }, () => hostileValue(rng))
  }

  /** One phase: `calls` random calls on the client, its answers, the builders and the module-level names. */
  function phase(rng: Rng, client: Record<string, unknown>, label: string) {
    const methods = Object.keys(client).filter((name) => typeof client[name] === 'function' && name !== 'close')
    const global = (window as unknown as { Hackle: Record<string, unknown> }).Hackle
    const globalNames = Object.keys(global)
    for (let i = 0; i < CALLS; i++) {
      const roll = rng.int(0, 9)
      if (roll <= 5) {
        const name = methods[rng.next() % methods.length]!
        const given = args(rng)
        const call = `${label} client.${name}(${given.map(show).join(', ')})`
        const answer = attempt(call, () => (client[name] as (...a: unknown[]) => unknown)(...given))
        // the answers' own methods: decisions' get, remote config's get / getDetail
        if (answer && typeof answer === 'object' && !isPromise(answer)) {
          for (const member of ['get', 'getDetail']) {
            // an answer may be the page's own value handed back (a default variation): read it carefully
            let fn: unknown
            try {
              fn = (answer as Record<string, unknown>)[member]
            } catch {
              continue
            }
            if (typeof fn === 'function') {
              const more = args(rng)
              attempt(`${call}.${member}(${more.map(show).join(', ')})`, () => (fn as (...a: unknown[]) => unknown).apply(answer, more))
            }
          }
        }
      } else if (roll <= 7) {
        const [Builder, methodNames] = rng.chance(0.5)
          ? [hackle.PropertyOperationsBuilder, ['set', 'setOnce', 'unset', 'increment', 'append', 'appendOnce', 'prepend', 'prependOnce', 'remove', 'clearAll']]
          : rng.chance(0.5)
            ? [hackle.HackleSubscriptionOperationsBuilder, ['marketing', 'information', 'custom']]
            : [hackle.IdentifiersBuilder, ['add', 'addIdentifiers']]
        const built = attempt(`${label} builder`, () => {
          const builder = new (Builder as unknown as new () => Record<string, (...a: unknown[]) => unknown>)()
          for (let n = rng.int(1, 6); n > 0; n--) {
            const method = methodNames[rng.next() % methodNames.length]!
            const given = args(rng)
            attempt(`${label} ${Builder.name}.${method}(${given.map(show).join(', ')})`, () => builder[method]!(...given))
          }
          return builder.build!()
        })
        if (built && typeof client.updateUserProperties === 'function' && Builder === hackle.PropertyOperationsBuilder) {
          attempt(`${label} client.updateUserProperties(built)`, () => (client.updateUserProperties as (o: unknown) => unknown)(built))
        }
      } else {
        const name = globalNames[rng.next() % globalNames.length]!
        if (name === 'createInstance') continue
        const target = global[name]
        const given = args(rng)
        const callAll = (owner: Record<string, unknown>, label2: string, self: unknown = owner) => {
          for (const member of Object.getOwnPropertyNames(owner)) {
            if (['length', 'name', 'prototype', 'constructor', 'createInstance'].includes(member)) continue
            const more = args(rng)
            attempt(`${label2}.${member}(${more.map(show).join(', ')})`, () => {
              const value = owner[member]
              return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).apply(self, more) : value
            })
          }
        }
        if (typeof target === 'function' && NO_ARGUMENT_CLASSES.has(name)) {
          // the classes a page constructs itself: a fresh one, then every method and static member
          const instance = attempt(`new ${name}()`, () => new (target as new () => Record<string, unknown>)())
          if (instance && typeof instance === 'object') callAll(Object.getPrototypeOf(instance) as Record<string, unknown>, `${label} ${name}#`, instance)
          callAll(target as unknown as Record<string, unknown>, `${label} ${name}`)
          if (name === 'Logger') callAll(hackle.Logger.log as unknown as Record<string, unknown>, `${label} Logger.log`)
        } else if (typeof target === 'function' && !/^[A-Z]/.test(name)) {
          attempt(`${label} ${name}(${given.map(show).join(', ')})`, () => (target as (...a: unknown[]) => unknown)(...given))
        } else if (target && typeof target === 'object' && name !== 'default') {
          callAll(target as Record<string, unknown>, `${label} ${name}`)
        } else if (typeof target === 'function') {
          // the reference's result classes: their static members
          callAll(target as unknown as Record<string, unknown>, `${label} ${name}`)
        }
      }
    }
  }

  it('no public call throws or rejects, before and after close(), and no built-in changes', async () => {
    const rng = new Rng(SEED)
    const client = hackle.createInstance(SDK_KEY, { sdkUrl: SDK_URL, eventUrl: SDK_URL, workspaceConfig: EXAMPLE }) as unknown as Record<string, unknown>
    phase(rng, client, 'open')
    // createInstance itself, with hostile keys and options
    for (let i = 0; i < 30; i++) {
      const given = args(rng)
      const made = attempt(`createInstance(${given.map(show).join(', ')})`, () => (hackle.createInstance as (...a: unknown[]) => unknown)(...given))
      if (made && made !== client) attempt('close of a fuzzed instance', () => (made as { close(): void }).close())
    }
    attempt('client.close()', () => (client.close as () => void)())
    phase(rng, client, 'closed')
    attempt('client.close() again', () => (client.close as () => void)())
    hackle.Logger.setLogLevel(0)

    // promises that settle do so without rejecting (some, like onInitialized with a huge timeout, never settle)
    await Promise.race([Promise.allSettled(pending), new Promise((resolve) => setTimeout(resolve, 3000))])
    await new Promise((resolve) => setTimeout(resolve, 0))

    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([])
    expect(unhandled.map(String)).toEqual([])
    const after = snapshotBuiltIns(BUILT_INS)
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key))
    expect(changed).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  }, 120_000)
})
