// Campaign attribution (browser-behaviour §4). Expected payloads were observed by running the reference (11.56.1 UMD
// in jsdom with the same cookies, URL and referrer).
import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import {
  applyCampaignOperations,
  campaign,
  campaignCookie,
  campaignOperations,
  isNewCampaign,
  pageDomains,
  parseCampaign,
  readStoredCampaign,
  type CampaignPage,
} from '../../../../src/plugins/campaign'
import { events } from '../../../../src/plugins/events'
import {
  ALL_UNSET,
  CAMPAIGN_COOKIE,
  HID,
  MINUTE,
  SDK_KEY,
  T0,
  closeLater,
  cookie,
  keys,
  pagePlugin,
  pageSnapshot,
  probe,
  start,
  storeVisitor,
  useEnvironment,
  type Probe,
} from '../sessions/helpers'

const page = (hostname: string | undefined, referrer = ''): CampaignPage => ({ search: () => '', hostname: () => hostname, referrer: () => referrer })

describe('campaign rules', () => {
  it('names the cookie after the first 8 characters of the key', () => {
    expect(campaignCookie('abcdefgh12345678XYZ')).toBe('_hackle_mkt_abcdefgh')
  })

  it.each([
    ['www.example.com', 'https://shop.example.com/a', { current: 'example.com', referrer: 'example.com' }],
    ['shop.example.co.kr', 'https://www.example.co.kr/', { current: 'example.co.kr', referrer: 'example.co.kr' }],
    ['my-site.github.io', 'https://other.github.io/', { current: 'github.io', referrer: 'github.io' }],
    ['x.y.gov.uk', 'https://www.google.com/', { current: 'gov.uk', referrer: 'google.com' }],
    ['localhost', 'http://localhost:3000/x', { current: 'localhost', referrer: 'localhost' }],
    ['127.0.0.1', 'http://localhost/', { current: '127.0.0.1', referrer: 'localhost' }],
    ['www.example.com', '', { current: 'example.com', referrer: undefined }],
    ['www.example.com', 'not a url', { current: 'example.com', referrer: undefined }],
  ])('domains of %s with referrer %j', (hostname, referrer, expected) => {
    expect(pageDomains(page(hostname, referrer))).toEqual(expected)
  })

  it('has no domains outside a browser', () => {
    expect(pageDomains(page(undefined, 'https://x.com/'))).toEqual({})
  })

  it('reads the stored campaign', () => {
    expect(readStoredCampaign(null)).toBeNull()
    expect(readStoredCampaign('')).toBeNull()
    expect(readStoredCampaign('null')).toBeNull()
    expect(readStoredCampaign('{"utm_source":"a"}')).toEqual({ utm_source: 'a' })
    expect(readStoredCampaign('{}')).toEqual({})
    // any other JSON is a stored campaign without values
    expect(readStoredCampaign('5')).toEqual({})
    expect(readStoredCampaign('"x"')).toEqual({})
    // malformed: none (the reference throws here)
    expect(readStoredCampaign('{oops')).toBeNull()
  })

  const same = { current: 'example.com', referrer: 'example.com' }
  const other = { current: 'example.com', referrer: 'google.com' }
  const direct = { current: 'example.com', referrer: undefined }
  it.each([
    ['no stored campaign', null, {}, same, true],
    ['no stored campaign, with values', null, { utm_source: 'a' }, direct, true],
    ['same values', { utm_source: 'a' }, { utm_source: 'a' }, other, false],
    ['a value changed', { utm_source: 'a' }, { utm_source: 'b' }, same, true],
    ['a value added', { utm_source: 'a' }, { utm_source: 'a', gclid: 'g' }, same, true],
    ['no values, same-domain referrer', { utm_source: 'a' }, {}, same, false],
    ['no values, other-domain referrer', { utm_source: 'a' }, {}, other, true],
    ['no values, no referrer', { utm_source: 'a' }, {}, direct, true],
    ['no values, no referrer, empty stored', {}, {}, direct, false],
    ['stored number vs parsed string', { utm_id: 5 }, { utm_id: '5' }, other, true],
    ['no browser', { utm_source: 'a' }, {}, {}, false],
  ])('%s', (_name, previous, next, domains, expected) => {
    expect(isNewCampaign(previous, next, domains)).toBe(expected)
  })

  it('builds $set / $unset for all eight keys, operations in order of first use', () => {
    const ops = campaignOperations(parseCampaign('?utm_source=google&utm_campaign=spring'))
    expect(ops).toEqual({
      $set: { utm_campaign: 'spring', utm_source: 'google' },
      $unset: { utm_content: '-', utm_id: '-', utm_medium: '-', utm_term: '-', gclid: '-', fbclid: '-' },
    })
    expect(Object.keys(ops)).toEqual(['$set', '$unset'])
    expect(Object.keys(campaignOperations({ gclid: 'g' }))).toEqual(['$unset', '$set'])
    expect(campaignOperations({})).toEqual(ALL_UNSET)
  })

  it('leaves out a value over 1024 characters but keeps its operation', () => {
    const ops = campaignOperations({ utm_source: 'x'.repeat(1025) })
    expect(Object.keys(ops)).toEqual(['$unset', '$set'])
    expect(ops.$set).toEqual({})
    expect(Object.keys(ops.$unset!)).toEqual(['utm_campaign', 'utm_content', 'utm_id', 'utm_medium', 'utm_term', 'gclid', 'fbclid'])
  })

  it('applies the operations to a copy of the properties', () => {
    const properties = { utm_source: 'old', grade: 'gold', utm_medium: 'm' }
    const next = applyCampaignOperations(properties, campaignOperations({ gclid: 'g1' }))
    expect(Object.entries(next)).toEqual([
      ['grade', 'gold'],
      ['gclid', 'g1'],
    ])
    expect(properties).toEqual({ utm_source: 'old', grade: 'gold', utm_medium: 'm' })
  })
})

describe('campaign attribution', () => {
  useEnvironment()

  const fresh = { deviceId: 'dev-9', sessionId: '1000.aaaaaaaa', lastEventTime: T0 - MINUTE }

  it('first visit without campaign values: stores an empty campaign and unsets all eight keys', async () => {
    const { take } = await start({ page: { referrer: 'https://www.example.com/' } })
    const events = take()
    expect(keys(events)).toEqual(['$properties', '$session_start'])
    expect(events[0]!.properties).toEqual(ALL_UNSET)
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{}')
  })

  it('a continuing session with changed UTM values: a new campaign in the current session', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { client, take } = await start({ page: { search: '?utm_source=naver&utm_campaign=x', referrer: 'https://www.example.com/' } })
    expect(client.getSessionId()).toBe('1000.aaaaaaaa')
    expect(take()).toEqual([
      {
        key: '$properties',
        timestamp: T0,
        identifiers: { $id: HID, $deviceId: 'dev-9', $hackleDeviceId: HID, $sessionId: '1000.aaaaaaaa' },
        properties: {
          $set: { utm_campaign: 'x', utm_source: 'naver' },
          $unset: { utm_content: '-', utm_id: '-', utm_medium: '-', utm_term: '-', gclid: '-', fbclid: '-' },
        },
        userProperties: { utm_campaign: 'x', utm_source: 'naver' },
      },
    ])
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{"utm_campaign":"x","utm_source":"naver"}')
  })

  it('no UTM values and a same-domain referrer: no new campaign', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { take } = await start({ page: { referrer: 'https://shop.example.com/' } })
    expect(take()).toEqual([])
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{"utm_source":"google"}')
  })

  it('no UTM values and no referrer after a stored campaign: a new all-$unset campaign', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { take } = await start()
    const events = take()
    expect(keys(events)).toEqual(['$properties'])
    expect(events[0]!.properties).toEqual(ALL_UNSET)
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{}')
  })

  it('no UTM values and a referrer from another domain: a new all-$unset campaign', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { take } = await start({ page: { referrer: 'https://www.google.com/' } })
    expect(take().map((e) => e.properties)).toEqual([ALL_UNSET])
  })

  it('applies the operations to the current user: keeps other properties, sets and unsets campaign keys', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { client, take } = await start({
      page: { search: '?gclid=g1' },
      config: { user: { deviceId: 'dev-9', properties: { utm_source: 'old', grade: 'gold', utm_medium: 'm' } } },
    })
    const [event] = take()
    expect(event!.properties).toEqual({
      $unset: { utm_campaign: '-', utm_content: '-', utm_id: '-', utm_medium: '-', utm_source: '-', utm_term: '-', fbclid: '-' },
      $set: { gclid: 'g1' },
    })
    // tracked for the user as it was (the page's campaign under the user's own properties)
    expect(Object.entries(event!.userProperties)).toEqual([
      ['utm_medium', 'm'],
      ['utm_source', 'old'],
      ['gclid', 'g1'],
      ['grade', 'gold'],
    ])
    expect(client.getUser().properties).toEqual({ grade: 'gold', gclid: 'g1' })
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{"gclid":"g1"}')
  })

  it('a malformed stored campaign counts as none', async () => {
    storeVisitor({ ...fresh })
    document.cookie = `${CAMPAIGN_COOKIE}=${encodeURIComponent('{oops')}; path=/`
    const { take } = await start({ page: { referrer: 'https://www.example.com/' } })
    expect(take().map((e) => e.properties)).toEqual([ALL_UNSET])
  })

  it('a session started by a user change checks the campaign for the new user, before $session_start', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { client, kernel, take } = await start({ page: { search: '', referrer: 'https://www.example.com/' } })
    expect(take()).toEqual([])
    // an SPA navigation (a page tracker sets the new page): no check until a session starts
    kernel.pages.set(pageSnapshot({ search: '?utm_source=naver', referrer: 'https://www.example.com/' }))
    client.track('nav')
    expect(keys(take())).toEqual(['nav'])
    vi.advanceTimersByTime(1)
    await client.setUserId('m-2')
    const events = take()
    expect(keys(events)).toEqual(['$session_end', '$properties', '$session_start'])
    expect(events[1]!.identifiers).toMatchObject({ $userId: 'm-2', $sessionId: client.getSessionId() })
    expect(events[1]!.properties).toMatchObject({ $set: { utm_source: 'naver' } })
    expect(client.getUser().properties).toEqual({ utm_source: 'naver' })
  })

  it('an idle timeout re-checks the campaign of the current page', async () => {
    const { client, kernel, take } = await start({ page: { search: '?utm_source=google' } })
    take()
    kernel.pages.set(pageSnapshot({ search: '?utm_source=naver' }))
    vi.advanceTimersByTime(31 * MINUTE)
    client.track('back')
    const events = take()
    expect(keys(events)).toEqual(['$session_end', '$properties', '$session_start', 'back'])
    expect(events[1]!.timestamp).toBe(T0 + 31 * MINUTE)
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{"utm_source":"naver"}')
  })

  it('each session start judges the referrer of the page it starts on (domains follow a page change)', async () => {
    storeVisitor({ ...fresh, campaign: { utm_source: 'google' } })
    const { client, kernel, take } = await start({ page: { referrer: 'https://shop.example.com/' } })
    expect(take()).toEqual([])
    // same page, another session: still the same domain, still no campaign
    vi.advanceTimersByTime(31 * MINUTE)
    client.track('again')
    expect(keys(take())).toEqual(['$session_end', '$session_start', 'again'])
    // a page reached from another domain: the next session starts a new (all-$unset) campaign
    kernel.pages.set(pageSnapshot({ search: '', referrer: 'https://www.google.com/' }))
    vi.advanceTimersByTime(31 * MINUTE)
    client.track('back')
    expect(keys(take())).toEqual(['$session_end', '$properties', '$session_start', 'back'])
    expect(cookie(CAMPAIGN_COOKIE)).toBe('{}')
  })

  it('the campaign plugin alone: decision-time properties only, no cookie and no events', async () => {
    const recorded: Partial<Probe> = {}
    const client = closeLater(
      createKernel(SDK_KEY, {
        log_disabled: true,
        plugins: [probe(recorded), pagePlugin({ search: '?utm_source=google' }), campaign(), events()],
      }),
    )
    await vi.advanceTimersByTimeAsync(0)
    client.track('x')
    expect(recorded.processed!.map((e) => [e.type === 'track' && e.key, e.user.properties, e.user.identifiers.$sessionId])).toEqual([
      ['x', { utm_source: 'google' }, undefined],
    ])
    expect(cookie(CAMPAIGN_COOKIE)).toBeNull()
  })
})
