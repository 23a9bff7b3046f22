import { beforeEach, vi } from 'vitest'

// happy-dom's sendBeacon really sends, outside msw's reach once a file's server has closed (a client closed in the
// last test beacons its queue). Unit tests never touch the network: a beacon is accepted and goes nowhere unless a
// test stubs sendBeacon itself to look at it.
beforeEach(() => {
  // (a file that runs in node, `@vitest-environment node`, may have no navigator)
  if (typeof navigator !== 'undefined' && !Object.prototype.hasOwnProperty.call(navigator, 'sendBeacon')) {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: () => true })
  }
})

// `vi.waitFor` gives up after 1000 ms by default. On a busy 2-core machine a dynamic import or a chain of timers can
// take longer than that although nothing is wrong, so a condition the test waits for gets 15 s unless the test says
// otherwise. A condition that never comes still fails, only later.
const waitFor = vi.waitFor
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: 15_000, ...options })) as typeof vi.waitFor
