import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type FlushReason, type TrackEvent } from '../../../../src/kernel'
import { trace } from '../../../../src/plugins/trace'
import { workspaceConfig } from '../pages/workspace'

const opened: Array<{ close(): void }> = []
let log: string[]

const recorder = definePlugin(() => ({
  name: 'recorder',
  apply(kernel) {
    kernel.hooks.eventCreated.tap('recorder', () => undefined)
    kernel.hooks.eventAccepted.tap('recorder', (event) => void (event.type === 'track' && log.push(`${event.key} ${JSON.stringify((event as TrackEvent).properties)}`)))
    kernel.hooks.flush.tap('recorder', (reason: FlushReason) => void log.push(`flush ${reason}`))
  },
}))

function client(options: Parameters<typeof trace>[0] = {}) {
  const hackle = createKernel('abcdefgh12345678', {
    log_disabled: true,
    workspaceConfig: workspaceConfig([]),
    plugins: [trace(options), recorder()],
  })
  opened.push(hackle)
  return hackle
}

const stack = (lines: number) => ['Error: boom', ...Array.from({ length: lines }, (_, i) => `    at f${i} (app.js:${i}:1)`)].join('\n')
const fail = (error: unknown) => window.dispatchEvent(new ErrorEvent('error', { message: 'x', error }))

beforeEach(() => {
  log = []
  vi.useFakeTimers()
})
afterEach(() => {
  for (const hackle of opened.splice(0)) hackle.close()
  window.onerror = null
  vi.useRealTimers()
})

describe('trace', () => {
  it('flush, $trace with at most 30 stack lines, flush; the same error again is ignored; the page handler still runs', () => {
    // happy-dom does not call `window.onerror` for a dispatched event: the page's own listener stands in
    // (the e2e test checks `onerror` in Chromium)
    const own = vi.fn()
    window.addEventListener('error', own)
    client()
    const error = Object.assign(new TypeError('boom'), { stack: stack(40) })
    fail(error)
    fail(error)
    expect(log).toEqual([
      'flush manual',
      `$trace ${JSON.stringify({ level: 'error', type: 'TypeError', message: 'boom', $stacktrace: stack(29) })}`,
      'flush manual',
    ])
    expect(own).toHaveBeenCalledTimes(2)
    window.removeEventListener('error', own)
  })

  it('a handler the page sets after the client keeps working; rejections only with an Error; close removes it', () => {
    const hackle = client()
    const own = vi.fn()
    window.addEventListener('error', own)
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'not an error' }))
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new RangeError('r') }))
    fail(new Error('e'))
    expect(log.filter((line) => line.startsWith('$trace')).length).toBe(2)
    expect(own).toHaveBeenCalledTimes(1)
    hackle.close()
    fail(new Error('after'))
    expect(log.filter((line) => line.startsWith('$trace')).length).toBe(2)
    expect(own).toHaveBeenCalledTimes(2)
    window.removeEventListener('error', own)
  })

  it('caps a flood of errors per minute, and can be left off', () => {
    client({ maxPerMinute: 3 })
    for (let i = 0; i < 10; i++) fail(new Error(`e${i}`))
    expect(log.filter((line) => line.startsWith('$trace')).length).toBe(3)
    vi.advanceTimersByTime(60_000)
    fail(new Error('later'))
    expect(log.filter((line) => line.startsWith('$trace')).length).toBe(4)
    log = []
    client({ enabled: false })
    fail(new Error('off'))
    expect(log.filter((line) => line.includes('off')).length).toBe(1) // only the first client's capture
  })
})
