// `Logger.logLevel`: the reference's writable static field holding the shared level (3 = info until set).
import { afterEach, describe, expect, it } from 'vitest'
import { Logger } from '../../../src'
import { resetSharedLogLevel } from '../../../src/compat/logger'

afterEach(resetSharedLogLevel)

describe('Logger.logLevel', () => {
  it('reads 3 (info) by default and the level setLogLevel set', () => {
    expect(Logger.logLevel).toBe(3)
    Logger.setLogLevel(1)
    expect(Logger.logLevel).toBe(1)
    Logger.setLogLevel(4)
    expect(Logger.logLevel).toBe(4)
  })

  it('assigning it sets the level (bad values give info, as setLogLevel does)', () => {
    Logger.logLevel = 0
    expect(Logger.logLevel).toBe(0)
    Logger.logLevel = 'loud' as never
    expect(Logger.logLevel).toBe(3)
  })
})
