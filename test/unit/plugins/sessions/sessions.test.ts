// Expected payloads were observed by running the reference (11.56.1 UMD in jsdom, same cookies, URL and referrer).
import { describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type HackleClient } from '../../../../src/kernel'
import { events } from '../../../../src/plugins/events'
import { identity } from '../../../../src/plugins/identity'
import { campaign } from '../../../../src/plugins/campaign'
import workspace from '../../../fixtures/example-workspace.json'
import { getSessionHooks, HackleSessionPersistConditions, sessions, type SessionMethods } from '../../../../src/plugins/sessions'
import {
  ALL_UNSET,
  CAMPAIGN_COOKIE,
  HID,
  LAST_EVENT_COOKIE,
  MINUTE,
  SDK_KEY,
  SESSION_COOKIE,
  SESSION_ID,
  T0,
  closeLater,
  cookie,
  keys,
  pagePlugin,
  probe,
  start,
  storeVisitor,
  summary,
  useEnvironment,
  type Probe,
} from './helpers'

useEnvironment()

const ANON = { $id: HID, $deviceId: HID, $hackleDeviceId: HID }

describe('sessions: start-up', () => {
  it('first visit: a new session, the campaign, then $session_start; no $session_end', async () => {
    const { client, take } = await start({ page: { search: '?utm_source=google&utm_medium=cpc' } })
    const sessionId = client.getSessionId()
    expect(sessionId).toMatch(SESSION_ID)
    expect(sessionId.startsWith(`${T0}.`)).toBe(true)
    const campaignValues = { utm_medium: 'cpc', utm_source: 'google' }
    expect(take()).toEqual([
      {
        key: '$properties',
        timestamp: T0,
        identifiers: { ...ANON, $sessionId: sessionId },
        properties: {
          $unset: { utm_campaign: '-', utm_content: '-', utm_id: '-', utm_term: '-', gclid: '-', fbclid: '-' },
          $set: campaignValues,
        },
        userProperties: campaignValues,
      },
      { key: '$session_start', timestamp: T0, identifiers: { $sessionId: sessionId, ...ANON }, properties: {}, userProperties: campaignValues },
    ])
    expect(cookie(SESSION_COOKIE)).toBe(sessionId)
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0))
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{"utm_medium":"cpc","utm_source":"google"}')
    // the campaign operations were applied to the current user
    expect(client.getUser().properties).toEqual(campaignValues)
  })

  it('keeps the key order of the identifiers: $sessionId first in session events, last in the others', async () => {
    const { client, take } = await start({ config: { user: { id: 'u1', identifiers: { custom: 'c1' } } } })
    vi.advanceTimersByTime(5)
    client.track('purchase')
    const [properties, sessionStart, purchase] = take()
    const sessionId = client.getSessionId()
    expect(Object.keys(sessionStart!.identifiers)).toEqual(['$sessionId', 'custom', '$id', '$deviceId', '$hackleDeviceId'])
    expect(Object.keys(properties!.identifiers)).toEqual(['custom', '$id', '$deviceId', '$hackleDeviceId', '$sessionId'])
    expect(purchase).toMatchObject({ key: 'purchase', timestamp: T0 + 5 })
    expect(Object.keys(purchase!.identifiers)).toEqual(['custom', '$id', '$deviceId', '$hackleDeviceId', '$sessionId'])
    expect(purchase!.identifiers.$sessionId).toBe(sessionId)
  })

  it('keeps a $sessionId identifier the user already has (session events: in the first slot)', async () => {
    // reference: {"$sessionId":"mine","custom":"c1",...} for $session_start, {"custom":"c1","$sessionId":"mine",...} for others
    const { client, take } = await start({ config: { user: { id: 'u1', identifiers: { custom: 'c1', $sessionId: 'mine' } } } })
    client.track('x')
    const [properties, sessionStart, x] = take()
    expect(Object.entries(sessionStart!.identifiers).slice(0, 2)).toEqual([['$sessionId', 'mine'], ['custom', 'c1']])
    expect(Object.entries(properties!.identifiers).slice(0, 2)).toEqual([['custom', 'c1'], ['$sessionId', 'mine']])
    expect(x!.identifiers.$sessionId).toBe('mine')
  })

  it('sends the decorated identifiers on the wire', async () => {
    const posts: string[] = []
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => (posts.push(String(init.body)), new Response('', { status: 200 })))
    const { client } = await start()
    client.track('purchase')
    await vi.advanceTimersByTimeAsync(600)
    const sessionId = client.getSessionId()
    const batch = posts.map((text) => JSON.parse(text)).flatMap((body) => body.trackEvents) as { eventTypeKey: string; identifiers: object }[]
    expect(batch.map((e) => [e.eventTypeKey, Object.entries(e.identifiers)])).toEqual([
      ['$properties', [...Object.entries(ANON), ['$sessionId', sessionId]]],
      ['$session_start', [['$sessionId', sessionId], ...Object.entries(ANON)]],
      ['purchase', [...Object.entries(ANON), ['$sessionId', sessionId]]],
    ])
  })

  it('continues a fresh session: same id, no session events, last event time extended', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE, campaign: {} })
    const { client, take } = await start()
    expect(client.getSessionId()).toBe('1000.aaaaaaaa')
    expect(take()).toEqual([])
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0))
    vi.advanceTimersByTime(10 * MINUTE)
    client.track('purchase')
    const [purchase] = take()
    expect(purchase).toMatchObject({ key: 'purchase', identifiers: { $deviceId: 'dev-9', $sessionId: '1000.aaaaaaaa' } })
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0 + 10 * MINUTE))
  })

  it('31 minutes idle with a stored user: $session_end (old id, stored time), $properties, $session_start, then the event', async () => {
    const last = T0 - 31 * MINUTE
    storeVisitor({ deviceId: 'dev-9', userId: 'member-1', sessionId: '1000.aaaaaaaa', lastEventTime: last, campaign: { utm_source: 'google' } })
    const { client, take } = await start({ page: { referrer: 'https://other.org/x' } })
    vi.advanceTimersByTime(8)
    client.track('purchase')
    const sessionId = client.getSessionId()
    expect(sessionId).not.toBe('1000.aaaaaaaa')
    expect(sessionId.startsWith(`${T0}.`)).toBe(true)
    const user = { $id: HID, $deviceId: 'dev-9', $hackleDeviceId: HID, $userId: 'member-1' }
    expect(take()).toEqual([
      { key: '$session_end', timestamp: last, identifiers: { $sessionId: '1000.aaaaaaaa', ...user }, properties: {}, userProperties: {} },
      { key: '$properties', timestamp: T0, identifiers: { ...user, $sessionId: sessionId }, properties: ALL_UNSET, userProperties: {} },
      { key: '$session_start', timestamp: T0, identifiers: { $sessionId: sessionId, ...user }, properties: {}, userProperties: {} },
      { key: 'purchase', timestamp: T0 + 8, identifiers: { ...user, $sessionId: sessionId }, properties: {}, userProperties: {} },
    ])
    expect(cookie(SESSION_COOKIE)).toBe(sessionId)
    // The new session wrote its start time at once; the extension to T0 + 8 follows within a second.
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0))
    vi.advanceTimersByTime(1000)
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0 + 8))
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{}')
  })

  it('a stored session without a stored user: always a new session, no $session_end', async () => {
    storeVisitor({ sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE, campaign: {} })
    const { client, take } = await start({ noCampaign: true })
    expect(client.getSessionId()).not.toBe('1000.aaaaaaaa')
    expect(keys(take())).toEqual(['$session_start'])
  })

  it('a stored user with another config user: ends the stored session unless the condition persists it', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE })
    const { client, take } = await start({ noCampaign: true, config: { user: { userId: 'member-1', deviceId: 'dev-9' } } })
    expect(keys(take())).toEqual(['$session_end', '$session_start'])
    expect(client.getSessionId()).not.toBe('1000.aaaaaaaa')
  })

  it('a stored user with another config user and NULL_TO_USER_ID: keeps the session', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE })
    const { client, take } = await start({
      noCampaign: true,
      config: { user: { userId: 'member-1', deviceId: 'dev-9' } },
      sessions: { sessionPolicy: { persistCondition: HackleSessionPersistConditions.NULL_TO_USER_ID } },
    })
    expect(take()).toEqual([])
    expect(client.getSessionId()).toBe('1000.aaaaaaaa')
  })

  it('a stored userId without a stored deviceId is not the current user (deviceId undefined ≠ device id): a new session', async () => {
    const last = T0 - MINUTE
    storeVisitor({ userId: 'member-1', sessionId: '1000.aaaaaaaa', lastEventTime: last })
    const { client, take } = await start({ noCampaign: true })
    const user = { $id: HID, $deviceId: HID, $hackleDeviceId: HID, $userId: 'member-1' }
    const sessionId = client.getSessionId()
    expect(sessionId).not.toBe('1000.aaaaaaaa')
    expect(take()).toEqual([
      { key: '$session_end', timestamp: last, identifiers: { $sessionId: '1000.aaaaaaaa', ...user }, properties: {}, userProperties: {} },
      { key: '$session_start', timestamp: T0, identifiers: { $sessionId: sessionId, ...user }, properties: {}, userProperties: {} },
    ])
  })

  it('a persistCondition sees the stored user as the cookies had it', async () => {
    storeVisitor({ userId: 'member-1', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE })
    const seen: unknown[] = []
    const persistCondition = (oldUser: unknown, newUser: unknown) => seen.push(oldUser, newUser) > 0
    const { client } = await start({ noCampaign: true, sessions: { sessionPolicy: { persistCondition } } })
    expect(seen).toEqual([{ deviceId: undefined, userId: 'member-1' }, { id: HID, deviceId: HID, userId: 'member-1' }])
    expect(client.getSessionId()).toBe('1000.aaaaaaaa')
  })

  it('a stored session id without a last event time counts as timed out', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: 0 })
    const { client, take } = await start({ noCampaign: true })
    // no last event time: nothing to end, a new session starts
    expect(keys(take())).toEqual(['$session_start'])
    expect(client.getSessionId()).not.toBe('1000.aaaaaaaa')
  })

  it('runs the start-up refresh when the client is created: a user change right away ends the session of the start-up user, whose campaign is applied', () => {
    const recorded: Partial<Probe> = {}
    const client = closeLater(
      createKernel(SDK_KEY, {
        log_disabled: true,
        workspaceConfig: workspace,
        user: { id: 'a', userId: 'member-1', properties: { utm_source: 'google' } },
        plugins: [probe(recorded), pagePlugin({ search: '?utm_source=kakao' }), sessions(), campaign(), identity(), events()],
      }),
    )
    client.track('purchase', { id: 'b', properties: { utm_content: 'x' } })
    const processed = recorded.processed!.map(summary)
    expect(keys(processed)).toEqual(['$properties', '$session_start', '$session_end', '$session_start', 'purchase'])
    expect(processed[2]!.userProperties).toMatchObject({ utm_source: 'kakao' })
    expect(processed[4]!.userProperties).toEqual({ utm_source: 'kakao', utm_content: 'x' })
    expect(client.getUser().properties).toEqual({ utm_content: 'x' })
  })

  it('runs the start-up refresh before the first event of the page, with the start-up time', async () => {
    const recorded: Partial<Probe> = {}
    const client = closeLater(createKernel(SDK_KEY, { log_disabled: true, plugins: [probe(recorded), sessions(), identity(), events()] }))
    vi.advanceTimersByTime(3)
    client.track('early')
    const sessionId = client.getSessionId!()
    expect(recorded.processed!.map((e) => [e.type === 'track' && e.key, e.timestamp])).toEqual([
      ['$session_start', T0],
      ['early', T0 + 3],
    ])
    expect(sessionId.startsWith(`${T0}.`)).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(recorded.processed).toHaveLength(2)
    client.close()
  })

  it('getSessionId is a client method', async () => {
    const { client } = await start()
    expect(typeof client.getSessionId).toBe('function')
    expect(client.getSessionId()).toBe(cookie(SESSION_COOKIE))
  })

  it('uses the key tail for the session cookies and the key head for the campaign cookie', async () => {
    await start()
    const names = document.cookie.split(';').map((part) => part.trim().split('=')[0])
    expect(names).toEqual(expect.arrayContaining(['_hackle_session_id_12345678XYZ', '_hackle_last_event_ts_12345678XYZ', '_hackle_mkt_abcdefgh']))
  })
})

describe('sessions: events', () => {
  it('an event after 31 minutes idle ends the session at its last event time and starts a new one first', async () => {
    const { client, take } = await start({ page: { search: '?utm_source=google' } })
    const first = client.getSessionId()
    take()
    vi.advanceTimersByTime(2 * MINUTE)
    client.track('a')
    vi.advanceTimersByTime(31 * MINUTE)
    client.track('b')
    const second = client.getSessionId()
    expect(second).not.toBe(first)
    const events = take()
    // same campaign on the same page: no $properties
    expect(events.map((e) => [e.key, e.timestamp, e.identifiers.$sessionId])).toEqual([
      ['a', T0 + 2 * MINUTE, first],
      ['$session_end', T0 + 2 * MINUTE, first],
      ['$session_start', T0 + 33 * MINUTE, second],
      ['b', T0 + 33 * MINUTE, second],
    ])
  })

  it('30 minutes exactly is a timeout; just under is not', async () => {
    const { client } = await start()
    const first = client.getSessionId()
    vi.advanceTimersByTime(30 * MINUTE - 1)
    client.track('a')
    expect(client.getSessionId()).toBe(first)
    vi.advanceTimersByTime(30 * MINUTE)
    client.track('b')
    expect(client.getSessionId()).not.toBe(first)
  })

  it('checks the session before duplicate suppression: a duplicate exposure extends the session', async () => {
    const { client, take } = await start()
    take()
    client.variation(1)
    vi.advanceTimersByTime(30_000)
    client.variation(1)
    expect(keys(take())).toEqual(['exposure'])
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0 + 30_000))
  })

  it('page-tracked session events are not session checks and get $sessionId appended', async () => {
    const { client, take } = await start()
    take()
    vi.advanceTimersByTime(40 * MINUTE)
    client.track('$session_start')
    const [event] = take()
    expect(event!.key).toBe('$session_start')
    expect(Object.keys(event!.identifiers)).toEqual(['$id', '$deviceId', '$hackleDeviceId', '$sessionId'])
    // no session check: the session was not renewed by it
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0))
  })

  it('decorates a copy: the event user and the shared identifiers stay untouched', async () => {
    const { client, created, processed } = await start()
    client.track('x')
    client.variation(1)
    for (const event of created) {
      if (event.type === 'track' && event.key.startsWith('$session')) continue
      expect(event.user.identifiers).not.toHaveProperty('$sessionId')
    }
    const x = processed.find((e) => e.type === 'track' && e.key === 'x')!
    const raw = created.find((e) => e.insertId === x.insertId)!
    expect(raw).not.toBe(x)
    expect(raw.user.identifiers).not.toBe(x.user.identifiers)
    expect(x.user.identifiers.$sessionId).toBe(client.getSessionId())
  })
})

describe('sessions: user changes', () => {
  it('a different user ends the session (old user, last event time) and starts one for the new user', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE, campaign: { utm_source: 'google' } })
    const { client, take } = await start({ page: { referrer: 'https://www.example.com/' } })
    expect(take()).toEqual([]) // same domain, no campaign values: no new campaign
    vi.advanceTimersByTime(2)
    await client.setUserId('m-2')
    const sessionId = client.getSessionId()
    vi.advanceTimersByTime(29)
    client.track('after')
    const old = { $id: HID, $deviceId: 'dev-9', $hackleDeviceId: HID }
    expect(take()).toEqual([
      { key: '$session_end', timestamp: T0, identifiers: { $sessionId: '1000.aaaaaaaa', ...old }, properties: {}, userProperties: {} },
      { key: '$session_start', timestamp: T0 + 2, identifiers: { $sessionId: sessionId, ...old, $userId: 'm-2' }, properties: {}, userProperties: {} },
      { key: 'after', timestamp: T0 + 31, identifiers: { ...old, $userId: 'm-2', $sessionId: sessionId }, properties: {}, userProperties: {} },
    ])
  })

  it('the same user (only id or properties changed) keeps the session', async () => {
    const { client, take } = await start()
    const first = client.getSessionId()
    take()
    client.variation(1, 'some-id')
    await client.setUserProperty('grade', 'gold')
    expect(client.getSessionId()).toBe(first)
    expect(keys(take())).not.toContain('$session_start')
  })

  it('NULL_TO_USER_ID keeps the session on login, not on a switch to another user id', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE, campaign: {} })
    const { client, take } = await start({
      page: { referrer: 'https://www.example.com/' },
      sessions: { sessionPolicy: { persistCondition: HackleSessionPersistConditions.NULL_TO_USER_ID } },
    })
    await client.setUserId('m-2')
    expect(client.getSessionId()).toBe('1000.aaaaaaaa')
    expect(take()).toEqual([])
    await client.setUserId('m-3')
    const events = take()
    expect(keys(events)).toEqual(['$session_end', '$session_start'])
    expect(events[0]!.identifiers).toMatchObject({ $sessionId: '1000.aaaaaaaa', $userId: 'm-2' })
    expect(events[1]!.identifiers).toMatchObject({ $userId: 'm-3' })
    expect(client.getSessionId()).not.toBe('1000.aaaaaaaa')
  })

  it('logout (userId → none) starts a new session under NULL_TO_USER_ID', async () => {
    const { client, take } = await start({
      config: { user: { userId: 'm-1' } },
      sessions: { sessionPolicy: { persistCondition: HackleSessionPersistConditions.NULL_TO_USER_ID } },
    })
    take()
    await client.setUserId(null)
    expect(keys(take())).toEqual(['$session_end', '$session_start'])
  })

  it('a throwing persistCondition starts a new session and logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE, campaign: {} })
    const { client, take } = await start({
      page: { referrer: 'https://www.example.com/' },
      config: { log_disabled: false },
      sessions: {
        sessionPolicy: {
          persistCondition: () => {
            throw new Error('boom')
          },
        },
      },
    })
    await client.setUserId('m-2')
    expect(keys(take())).toEqual(['$session_end', '$session_start'])
    expect(warn).toHaveBeenCalledWith('[WARN] Hackle: persistCondition threw an error, starting new session: Error: boom')
  })

  it('a persistCondition gets the old and new users', async () => {
    const calls: unknown[][] = []
    const { client } = await start({ config: { user: { userId: 'a', deviceId: 'd' } }, sessions: { sessionPolicy: { persistCondition: (...args: unknown[]) => (calls.push(args), true) } } })
    const first = client.getSessionId()
    await client.setUserId('b')
    expect(client.getSessionId()).toBe(first)
    expect(calls).toEqual([[expect.objectContaining({ userId: 'a', deviceId: 'd' }), expect.objectContaining({ userId: 'b', deviceId: 'd' })]])
  })
})

describe('sessions: policy options', () => {
  const warnings = () => vi.mocked(console.warn).mock.calls.map((call) => call[0])

  it('warns about an invalid timeout or condition and uses the defaults', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await start({ config: { log_disabled: false }, sessions: { sessionPolicy: { timeoutMillis: -5, persistCondition: 'x' } } })
    expect(warnings()).toEqual([
      '[WARN] Hackle: Session policy timeoutMillis is invalid. Setting to default value[30m].',
      '[WARN] Hackle: Session policy persistCondition is not a function. Using default (ALWAYS_NEW_SESSION).',
    ])
  })

  it.each([[Infinity], [NaN], [0], ['1000']])('timeoutMillis %j is invalid', async (timeoutMillis) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await start({ config: { log_disabled: false }, sessions: { sessionPolicy: { timeoutMillis } } })
    expect(warnings()).toEqual(['[WARN] Hackle: Session policy timeoutMillis is invalid. Setting to default value[30m].'])
  })

  it('null / missing values take the defaults silently', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await start({ config: { log_disabled: false }, sessions: { sessionPolicy: { timeoutMillis: null, persistCondition: null } } })
    await start({ config: { log_disabled: false }, sessions: { sessionPolicy: {} } })
    expect(warnings()).toEqual([])
  })

  it('uses sessionPolicy.timeoutMillis', async () => {
    const { client } = await start({ sessions: { sessionPolicy: { timeoutMillis: 1000 } } })
    const first = client.getSessionId()
    vi.advanceTimersByTime(999)
    client.track('a')
    expect(client.getSessionId()).toBe(first)
    vi.advanceTimersByTime(1000)
    client.track('b')
    expect(client.getSessionId()).not.toBe(first)
  })

  it('uses the deprecated sessionTimeoutMillis only without sessionPolicy', async () => {
    const { client } = await start({ sessions: { sessionTimeoutMillis: 1000 } })
    const first = client.getSessionId()
    vi.advanceTimersByTime(1000)
    client.track('a')
    expect(client.getSessionId()).not.toBe(first)
    client.close()

    const other = await start({ sessions: { sessionTimeoutMillis: 1000, sessionPolicy: { timeoutMillis: 5000 } } })
    const kept = other.client.getSessionId()
    vi.advanceTimersByTime(1000)
    other.client.track('a')
    expect(other.client.getSessionId()).toBe(kept)
  })
})

describe('sessions: page hide', () => {
  it('records the last event time on pagehide and on visibilitychange to hidden', async () => {
    const { client } = await start()
    vi.advanceTimersByTime(5 * MINUTE)
    window.dispatchEvent(new Event('pagehide'))
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0 + 5 * MINUTE))
    vi.advanceTimersByTime(5 * MINUTE)
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0 + 10 * MINUTE))
    // so an event 29 minutes after the page was hidden continues the session
    const first = client.getSessionId()
    vi.advanceTimersByTime(29 * MINUTE)
    client.track('back')
    expect(client.getSessionId()).toBe(first)
  })

  it('stops listening when the client is closed', async () => {
    const { client } = await start()
    client.close()
    vi.advanceTimersByTime(MINUTE)
    window.dispatchEvent(new Event('pagehide'))
    expect(cookie(LAST_EVENT_COOKIE)).toBe(String(T0))
  })
})

describe('sessions: hooks and plugin combinations', () => {
  it('works without the campaign plugin: no $properties, no campaign cookie', async () => {
    const { take } = await start({ noCampaign: true, page: { search: '?utm_source=google' } })
    expect(keys(take())).toEqual(['$session_start'])
    expect(cookie(CAMPAIGN_COOKIE)).toBeNull()
  })

  it('works without the events plugin (user changes still move sessions, nothing is tracked)', async () => {
    const client = closeLater(createKernel(SDK_KEY, { log_disabled: true, plugins: [sessions(), identity()] }))
    const first = client.getSessionId!()
    expect(first).toMatch(SESSION_ID)
    await client.setUserId!('m-1')
    expect(client.getSessionId!()).not.toBe(first)
  })

  it('announces sessions on its hooks; default-stage taps run before the session event is tracked', async () => {
    const order: string[] = []
    const listener = definePlugin(() => ({
      name: 'listener',
      apply(kernel) {
        const hooks = getSessionHooks(kernel)
        hooks.started.tap('listener', (id, user, ts) => void order.push(`started ${id === (kernel.client as HackleClient & SessionMethods).getSessionId()} ${user.id} ${ts}`))
        hooks.ended.tap('listener', (_id, _user, ts) => void order.push(`ended ${ts}`))
        hooks.resumed.tap('listener', () => void order.push('resumed'))
        hooks.started.tap({ name: 'listener', stage: 200 }, () => void order.push('after $session_start'))
        kernel.hooks.eventAccepted.tap('listener', (e) => void order.push(e.type === 'track' ? e.key : e.type))
      },
    }))
    const client = closeLater(createKernel(SDK_KEY, { log_disabled: true, plugins: [sessions(), listener(), events()] }))
    await vi.advanceTimersByTimeAsync(0)
    expect(order).toEqual([`started true ${HID} ${T0}`, '$session_start', 'after $session_start'])
    vi.advanceTimersByTime(31 * MINUTE)
    client.track('x')
    expect(order.slice(3)).toEqual([`ended ${T0}`, '$session_end', `started true ${HID} ${T0 + 31 * MINUTE}`, '$session_start', 'after $session_start', 'x'])
    client.close()
  })

  it('a throwing session tap is reported and the session events still go out', async () => {
    const errors: string[] = []
    const failing = definePlugin(() => ({
      name: 'failing',
      apply(kernel) {
        kernel.hooks.pluginFailed.tap('failing-watch', (failure) => void errors.push(`${failure.plugin} ${failure.hook}`))
        getSessionHooks(kernel).started.tap('failing', () => {
          throw new Error('nope')
        })
      },
    }))
    const recorded: Partial<Probe> = {}
    closeLater(createKernel(SDK_KEY, { log_disabled: true, plugins: [probe(recorded), sessions(), failing(), events()] }))
    await vi.advanceTimersByTimeAsync(0)
    expect(errors).toEqual(['failing sessions.started'])
    expect(recorded.processed!.map((e) => e.type === 'track' && e.key)).toEqual(['$session_start'])
  })

  it('resumes (no session events) when the stored session is fresh', async () => {
    storeVisitor({ deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE })
    const seen: string[] = []
    const listener = definePlugin(() => ({
      name: 'listener',
      apply(kernel) {
        getSessionHooks(kernel).resumed.tap('listener', (id, user, ts) => void seen.push(`${id} ${user.deviceId} ${ts}`))
      },
    }))
    closeLater(createKernel(SDK_KEY, { log_disabled: true, plugins: [sessions(), listener()] }))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([`1000.aaaaaaaa dev-9 ${T0}`])
  })
})
