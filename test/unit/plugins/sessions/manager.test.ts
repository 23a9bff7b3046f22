import { describe, expect, it, vi } from 'vitest'
import { type HackleUser, type Logger } from '../../../../src/kernel'
import { createMemoryStore } from '../../../../src/internal'
import { createSessionId, createSessionManager, EMPTY_SESSION_ID, lastEventTimeCookie, sessionIdCookie } from '../../../../src/plugins/sessions/manager'
import { DEFAULT_SESSION_TIMEOUT_MILLIS, HackleSessionPersistConditions, resolveSessionPolicy } from '../../../../src/plugins/sessions/policy'

const logger = (): Logger & { warnings: string[] } => {
  const warnings: string[] = []
  return { warnings, debug: () => undefined, info: () => undefined, warn: (m) => void warnings.push(m), error: () => undefined }
}
const user = (deviceId: string, userId?: string): HackleUser => ({ id: deviceId, deviceId, userId })
const { ALWAYS_NEW_SESSION, NULL_TO_USER_ID } = HackleSessionPersistConditions

describe('session ids and cookies', () => {
  it('formats ids as <epoch ms>.<8 hex>', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createSessionId(1795234808306)))
    for (const id of ids) expect(id).toMatch(/^1795234808306\.[0-9a-f]{8}$/)
    expect(ids.size).toBeGreaterThan(45)
  })

  it('names the cookies after the key from index 8 on', () => {
    expect(sessionIdCookie('abcdefgh12345678XYZ')).toBe('_hackle_session_id_12345678XYZ')
    expect(lastEventTimeCookie('abcdefgh12345678XYZ')).toBe('_hackle_last_event_ts_12345678XYZ')
    expect(sessionIdCookie('short')).toBe('_hackle_session_id_')
  })

  it('has the reference empty id', () => {
    expect(EMPTY_SESSION_ID).toBe('0.ffffffff')
  })
})

describe('session manager', () => {
  const policy = { timeoutMillis: 1000, persistCondition: ALWAYS_NEW_SESSION }
  const setup = (entries: Record<string, string> = {}, persistCondition = ALWAYS_NEW_SESSION) => {
    const cookies = createMemoryStore(new Map(Object.entries(entries)))
    const calls: string[] = []
    const manager = createSessionManager({
      sdkKey: 'abcdefgh12345678XYZ',
      cookies,
      policy: { ...policy, persistCondition },
      logger: logger(),
      listener: {
        ended: (id, u, ts) => void calls.push(`ended ${id} ${u.deviceId} ${ts}`),
        started: (id, u, ts) => void calls.push(`started ${id.split('.')[0]} ${u.deviceId} ${ts}`),
      },
    })
    return { manager, cookies, calls }
  }
  const ID = '_hackle_session_id_12345678XYZ'
  const TS = '_hackle_last_event_ts_12345678XYZ'

  it('has no session without cookies', () => {
    const { manager } = setup()
    expect(manager.current()).toBeNull()
    expect(manager.lastEventTime()).toBeNull()
  })

  it.each([
    ['123', 123],
    ['123abc', 123],
    ['1.5', 1.5],
    ['0', null],
    ['-5', null],
    ['abc', null],
    ['', null],
  ])('reads the last event time %j as %j', (text, expected) => {
    expect(setup({ [TS]: text }).manager.lastEventTime()).toBe(expected)
  })

  it('starts a session when there is none, whatever the time', () => {
    const { manager, cookies, calls } = setup({ [TS]: '100' })
    const id = manager.startNewSessionIfNeeded(user('d'), user('d'), 200)
    expect(calls).toEqual(['started 200 d 200'])
    expect(cookies.get(ID)).toBe(id)
    expect(cookies.get(TS)).toBe('200')
  })

  it('extends a fresh session and renews a timed-out one', () => {
    const { manager, cookies, calls } = setup({ [ID]: '1.aaaaaaaa', [TS]: '100' })
    expect(manager.startNewSessionIfNeeded(user('d'), user('d'), 1099)).toBe('1.aaaaaaaa')
    expect(cookies.get(TS)).toBe('1099')
    expect(calls).toEqual([])
    manager.startNewSessionIfNeeded(user('d'), user('d'), 2099)
    expect(calls).toEqual(['ended 1.aaaaaaaa d 1099', 'started 2099 d 2099'])
  })

  it('writes the last event time cookie at most once a second, with a trailing write, and at once on persist()', () => {
    vi.useFakeTimers()
    try {
      vi.setSystemTime(10_000)
      const { manager, cookies } = setup({ [ID]: '1.aaaaaaaa', [TS]: '9900' })
      const set = vi.spyOn(cookies, 'set')
      manager.startNewSessionIfNeeded(user('d'), user('d'), 10_000)
      expect(cookies.get(TS)).toBe('10000')
      for (const t of [10_100, 10_200, 10_300]) {
        vi.setSystemTime(t)
        manager.startNewSessionIfNeeded(user('d'), user('d'), t)
      }
      expect(manager.lastEventTime()).toBe(10_300)
      expect(cookies.get(TS)).toBe('10000')
      expect(set).toHaveBeenCalledTimes(1)
      vi.advanceTimersByTime(1000)
      expect(cookies.get(TS)).toBe('10300')
      expect(set).toHaveBeenCalledTimes(2)
      manager.startNewSessionIfNeeded(user('d'), user('d'), 10_500)
      manager.persist()
      expect(cookies.get(TS)).toBe('10500')
      vi.advanceTimersByTime(5000)
      expect(set).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('startNewSession without an old user or without a last event time ends nothing', () => {
    const a = setup({ [ID]: '1.aaaaaaaa', [TS]: '100' })
    a.manager.startNewSession(null, user('d'), 200)
    expect(a.calls).toEqual(['started 200 d 200'])
    const b = setup({ [ID]: '1.aaaaaaaa' })
    b.manager.startNewSession(user('d'), user('d'), 200)
    expect(b.calls).toEqual(['started 200 d 200'])
  })

  it('asks the persist condition only for a different user', () => {
    const condition = vi.fn(() => true)
    const { manager, calls } = setup({ [ID]: '1.aaaaaaaa', [TS]: '100' }, condition)
    manager.startNewSessionIfNeeded({ ...user('d'), id: 'x', properties: { a: 1 } }, user('d'), 150)
    expect(condition).not.toHaveBeenCalled()
    manager.startNewSessionIfNeeded(user('d'), user('d', 'u'), 160)
    expect(condition).toHaveBeenCalledOnce()
    expect(calls).toEqual([])
    // a persisted user change still times out
    manager.startNewSessionIfNeeded(user('d', 'u'), user('d', 'v'), 1160)
    expect(calls).toEqual(['ended 1.aaaaaaaa d 160', 'started 1160 d 1160'])
  })
})

describe('session policy', () => {
  it('has the reference persist conditions', () => {
    expect(ALWAYS_NEW_SESSION(user('a'), user('a', 'u'))).toBe(false)
    expect(NULL_TO_USER_ID(user('a'), user('a', 'u'))).toBe(true)
    expect(NULL_TO_USER_ID(user('a', 'u'), user('a', 'v'))).toBe(false)
    expect(NULL_TO_USER_ID(user('a', 'u'), user('a'))).toBe(false)
    expect(NULL_TO_USER_ID(user('a'), user('b'))).toBe(false)
    expect(NULL_TO_USER_ID({ userId: null } as never, { userId: '' } as never)).toBe(true)
  })

  it.each([
    ['nothing', {}, DEFAULT_SESSION_TIMEOUT_MILLIS, []],
    ['sessionPolicy', { sessionPolicy: { timeoutMillis: 5000 } }, 5000, []],
    ['sessionPolicy over sessionTimeoutMillis', { sessionPolicy: { timeoutMillis: 5000 }, sessionTimeoutMillis: 10 }, 5000, []],
    ['empty sessionPolicy over sessionTimeoutMillis', { sessionPolicy: {}, sessionTimeoutMillis: 10 }, DEFAULT_SESSION_TIMEOUT_MILLIS, []],
    ['a truthy non-object sessionPolicy', { sessionPolicy: true, sessionTimeoutMillis: 10 }, DEFAULT_SESSION_TIMEOUT_MILLIS, []],
    ['null sessionPolicy: sessionTimeoutMillis', { sessionPolicy: null, sessionTimeoutMillis: 10 }, 10, []],
    ['an invalid sessionTimeoutMillis', { sessionTimeoutMillis: -1 }, DEFAULT_SESSION_TIMEOUT_MILLIS, ['Session policy timeoutMillis is invalid. Setting to default value[30m].']],
    ['null sessionTimeoutMillis', { sessionTimeoutMillis: null }, DEFAULT_SESSION_TIMEOUT_MILLIS, []],
  ])('%s', (_name, raw, timeout, warnings) => {
    const log = logger()
    const policy = resolveSessionPolicy(raw as Record<string, unknown>, log)
    expect(policy.timeoutMillis).toBe(timeout)
    expect(policy.persistCondition).toBe(ALWAYS_NEW_SESSION)
    expect(log.warnings).toEqual(warnings)
  })

  it('keeps a given persist condition; the deprecated option always uses ALWAYS_NEW_SESSION', () => {
    const condition = () => true
    expect(resolveSessionPolicy({ sessionPolicy: { persistCondition: condition } }, logger()).persistCondition).toBe(condition)
    // a persist condition beside the deprecated option (not an option of its own) is not used
    const deprecated = { sessionTimeoutMillis: 10, persistCondition: condition }
    expect(resolveSessionPolicy(deprecated, logger()).persistCondition).toBe(ALWAYS_NEW_SESSION)
  })
})
