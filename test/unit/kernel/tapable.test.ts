import { describe, expect, it, vi } from 'vitest'
import {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  SyncBailHook,
  SyncHook,
  SyncWaterfallHook,
} from '../../../src/kernel/tapable'

describe('sync hooks', () => {
  it('SyncHook calls every tap in registration order with all arguments', () => {
    const hook = new SyncHook<[number, string]>(['n', 's'])
    const calls: string[] = []
    hook.tap('a', (n, s) => void calls.push(`a${n}${s}`))
    hook.tap('b', (n, s) => void calls.push(`b${n}${s}`))
    hook.call(1, 'x')
    expect(calls).toEqual(['a1x', 'b1x'])
  })

  it('orders taps by stage, then by before', () => {
    const hook = new SyncHook<[]>()
    const calls: string[] = []
    hook.tap({ name: 'late', stage: 10 }, () => void calls.push('late'))
    hook.tap('normal', () => void calls.push('normal'))
    hook.tap({ name: 'early', stage: -10 }, () => void calls.push('early'))
    hook.tap({ name: 'first-of-normal', before: 'normal' }, () => void calls.push('first-of-normal'))
    hook.call()
    expect(calls).toEqual(['early', 'first-of-normal', 'normal', 'late'])
  })

  it('SyncBailHook returns the first non-undefined result and skips the rest', () => {
    const hook = new SyncBailHook<[number], string>(['n'])
    const third = vi.fn()
    hook.tap('none', () => undefined)
    hook.tap('answer', (n) => `got ${n}`)
    hook.tap('third', third)
    expect(hook.call(3)).toBe('got 3')
    expect(third).not.toHaveBeenCalled()
    expect(new SyncBailHook<[]>().call()).toBeUndefined()
  })

  it('SyncWaterfallHook threads the value; undefined keeps it', () => {
    const hook = new SyncWaterfallHook<[number, number]>(['value', 'factor'])
    hook.tap('double', (v, f) => v * f)
    hook.tap('keep', () => undefined)
    hook.tap('plus-one', (v) => v + 1)
    expect(hook.call(5, 2)).toBe(11)
  })

  it('untap removes every tap of a name', () => {
    const hook = new SyncHook<[]>()
    const fn = vi.fn()
    hook.tap('x', fn)
    hook.tap('x', fn)
    hook.untap('x')
    hook.call()
    expect(fn).not.toHaveBeenCalled()
    expect(hook.isUsed()).toBe(false)
  })
})

describe('interceptors', () => {
  it('register can replace taps, including ones registered earlier', () => {
    const hook = new SyncWaterfallHook<[number]>(['n'])
    hook.tap('before', (n) => n + 1)
    hook.intercept({ register: (tap) => ({ ...tap, fn: (n: number) => tap.fn(n) * 10 }) })
    hook.tap('after', (n) => n + 2)
    expect(hook.call(0)).toBe(120)
  })

  it('reports call, tap, result and error', () => {
    const hook = new SyncBailHook<[number], number>(['n'])
    const seen: string[] = []
    hook.intercept({
      call: (n) => void seen.push(`call ${n}`),
      tap: (tap) => void seen.push(`tap ${tap.name}`),
      result: (r) => void seen.push(`result ${r}`),
      error: () => void seen.push('error'),
    })
    hook.tap('a', () => undefined)
    hook.tap('b', (n) => n * 2)
    expect(hook.call(4)).toBe(8)
    expect(seen).toEqual(['call 4', 'tap a', 'tap b', 'result 8'])
    const failing = new SyncHook<[]>()
    failing.intercept({ error: () => void seen.push('error') })
    failing.tap('boom', () => {
      throw new Error('boom')
    })
    expect(() => failing.call()).toThrow('boom')
    expect(seen.at(-1)).toBe('error')
  })
})

describe('async hooks', () => {
  it('AsyncSeriesHook waits for each tap in turn, across tap, tapAsync and tapPromise', async () => {
    const hook = new AsyncSeriesHook<[string[]]>(['log'])
    hook.tapPromise('p', async (log) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      log.push('promise')
    })
    hook.tapAsync('cb', (log, done) => {
      setTimeout(() => {
        log.push('callback')
        done()
      }, 1)
    })
    hook.tap('sync', (log) => void log.push('sync'))
    const log: string[] = []
    await hook.promise(log)
    expect(log).toEqual(['promise', 'callback', 'sync'])
  })

  it('AsyncSeriesBailHook stops at the first result', async () => {
    const hook = new AsyncSeriesBailHook<[number], string>(['n'])
    const never = vi.fn()
    hook.tapPromise('skip', async () => undefined)
    hook.tapPromise('answer', async (n) => `n=${n}`)
    hook.tapPromise('never', never)
    expect(await hook.promise(7)).toBe('n=7')
    expect(never).not.toHaveBeenCalled()
  })

  it('AsyncSeriesWaterfallHook threads the value', async () => {
    const hook = new AsyncSeriesWaterfallHook<[number]>(['n'])
    hook.tapPromise('a', async (n) => n + 1)
    hook.tap('b', (n) => n * 3)
    expect(await hook.promise(1)).toBe(6)
  })

  it('AsyncParallelHook starts all taps at once and rejects on the first failure', async () => {
    const hook = new AsyncParallelHook<[]>()
    const started: string[] = []
    hook.tapPromise('slow', () => {
      started.push('slow')
      return new Promise((resolve) => setTimeout(resolve, 10))
    })
    hook.tapPromise('fast', async () => void started.push('fast'))
    const done = hook.promise()
    expect(started).toEqual(['slow', 'fast'])
    await done
    hook.tapPromise('fails', async () => {
      throw new Error('nope')
    })
    await expect(hook.promise()).rejects.toThrow('nope')
  })

  it('callAsync reports the result through the callback', async () => {
    const hook = new AsyncSeriesBailHook<[number], number>(['n'])
    hook.tapAsync('double', (n, done) => done(undefined, n * 2))
    const result = await new Promise((resolve, reject) => hook.callAsync(21, (error, value) => (error ? reject(error) : resolve(value))))
    expect(result).toBe(42)
  })
})
