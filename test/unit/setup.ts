import { beforeEach } from 'vitest'

// happy-dom's sendBeacon really sends, outside msw's reach once a file's server has closed (a client closed in the
// last test beacons its queue). Unit tests never touch the network: a beacon is accepted and goes nowhere unless a
// test stubs sendBeacon itself to look at it.
beforeEach(() => {
  // (a file that runs in node, `@vitest-environment node`, may have no navigator)
  if (typeof navigator !== 'undefined' && !Object.prototype.hasOwnProperty.call(navigator, 'sendBeacon')) {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: () => true })
  }
})
