/**
 * Hand-written call sequences for the quirks of browser-behaviour §2–§4 and §6, on the small example workspace of
 * wire-format §3.7 (A/B test 1, flag 5, remote config `banner_text`, event `purchase`).
 */
import { CLOCK_START } from '../clock'
import { WIRE_EXAMPLE } from '../edge-cases'
import { DEVICE_ID, PAGES, SDK_KEY } from '../page'
import { built, call, source, visitCookies, type Operation, type PayloadSequence, type Step } from './sequence'

const CONFIG = { ...WIRE_EXAMPLE, inAppMessages: [] }
/** The Korean product page: campaign parameters and a referrer from another site. */
const PAGE = PAGES[1]!

/** Steps from calls; a number after a call is the wait after it (default 0), e.g. `['a', 600, 'b']`. */
function steps(...items: Array<string | number>): Step[] {
  const list: Step[] = []
  for (const item of items) {
    if (typeof item === 'number') list[list.length - 1]!.wait = item
    else list.push({ code: item, wait: 0 })
  }
  return list
}

const quirk = (name: string, note: string, items: Array<string | number>, extra: Partial<PayloadSequence> = {}): PayloadSequence => ({
  id: `payload:${name}`,
  page: PAGE,
  config: CONFIG,
  steps: steps(...items),
  end: 'close',
  note,
  ...extra,
})

const properties = (operations: Operation[]) => call('updateUserProperties', built('PropertyOperationsBuilder', operations))
const subscriptions = (name: string, operations: Operation[]) => call(name, built('HackleSubscriptionOperationsBuilder', operations))
const status = (name: 'SUBSCRIBED' | 'UNSUBSCRIBED' | 'UNKNOWN') => source(`Hackle.HackleSubscriptionStatus.${name}`)

/** Events a previous page left in the reference's retry store (a 5xx answer), one of each type. */
function retryStore(): Record<string, string> {
  const common = (n: number) => ({
    insertId: `0000000${n}-0000-4000-8000-00000000000${n}`,
    timestamp: CLOCK_START - 3_600_000 + n,
    userId: 'old-visitor',
    identifiers: { $id: 'old-visitor', $deviceId: DEVICE_ID, $hackleDeviceId: DEVICE_ID, $sessionId: `${CLOCK_START - 3_700_000}.00c0ffee` },
    userProperties: { utm_source: 'kakao' },
    hackleProperties: { platform: 'Web', pagePath: '/old' },
  })
  const dtos = [
    { ...common(1), eventTypeId: 41, eventTypeKey: 'purchase', value: 2, properties: { orderId: 'o-1' } },
    { ...common(2), experimentId: 11, experimentKey: 1, experimentType: 'AB_TEST', experimentVersion: 2, variationId: 101, variationKey: 'A', decisionReason: 'TRAFFIC_ALLOCATED', properties: { $experiment_version: 2, $execution_version: 3 } },
    { ...common(3), parameterId: 71, parameterKey: 'banner_text', parameterType: 'STRING', valueId: 711, decisionReason: 'DEFAULT_RULE', properties: { requestValueType: 'STRING', requestDefaultValue: 'x', returnValue: 'Hello' } },
    { ...common(4), eventTypeId: 0, eventTypeKey: '$session_end', value: 0, properties: {} },
  ]
  return { [`hackle-repository-storage_${SDK_KEY}`]: JSON.stringify(dtos) }
}

export function quirkSequences(): PayloadSequence[] {
  return [
    quirk('reset-then-track', 'resetUser: the user is replaced first, then `$clearAll` is tracked for the new user (§2.3)', [
      call('setUserId', 'member-1'),
      call('setUserProperty', 'grade', 'gold'),
      call('variation', 1),
      600,
      call('resetUser'),
      call('track', 'purchase'),
      call('variation', 1),
    ]),
    quirk('same-user-id-twice', 'setUserId with the current userId is the same user: no new session, properties kept', [
      call('setUserProperties', { grade: 'gold', visits: 3 }),
      call('setUserId', 'member-1'),
      call('track', 'purchase'),
      700,
      call('setUserId', 'member-1'),
      call('track', 'purchase'),
      call('setUserId', 42),
      call('track', { key: 'purchase', value: 1 }),
    ]),
    quirk('subscriptions', 'subscription events: $marketing, $information, custom keys, a key set twice, an unknown status', [
      subscriptions('updatePushSubscriptions', [['marketing', status('SUBSCRIBED')], ['information', status('UNSUBSCRIBED')], ['custom', 'news', status('UNKNOWN')]]),
      subscriptions('updateSmsSubscriptions', [['custom', '$marketing', status('UNSUBSCRIBED')], ['marketing', status('SUBSCRIBED')], ['custom', '', status('SUBSCRIBED')]]),
      subscriptions('updateKakaoSubscriptions', [['information', 'MAYBE'], ['custom', 'chat', null]]),
      subscriptions('updatePushSubscriptions', []),
      600,
    ]),
    quirk('opt-out-then-in', 'opt-out: nothing is queued while opted out, switching on flushes, setting it again is a no-op (§6.5)', [
      call('track', 'purchase'),
      call('setOptOutTracking', true),
      call('track', { key: 'purchase', value: 2 }),
      call('variation', 1),
      call('setUserId', 'member-1'),
      call('setOptOutTracking', true),
      600,
      call('setOptOutTracking', false),
      call('setOptOutTracking', false),
      call('track', { key: 'purchase', value: 3 }),
      call('variation', 1),
    ]),
    quirk('opt-out-from-start', 'optOutTracking option: the start-up session and campaign events are not sent', [call('track', 'purchase'), 600, call('setOptOutTracking', false), call('track', 'purchase')], {
      options: '{ optOutTracking: true }',
    }),
    quirk('every-operation', 'updateUserProperties with every operation, then events that carry the result (§2.4)', [
      call('setUserProperties', { grade: 'silver', score: 10, tags: ['a', 'b'], list: 'x', gone: 1, text: 'hello' }),
      properties([
        ['set', 'grade', 'gold'],
        ['setOnce', 'grade', 'ignored: key already used'],
        ['setOnce', 'first', 'f'],
        ['unset', 'gone'],
        ['increment', 'score', 5],
        ['increment', 'text', 1],
        ['increment', 'fresh', 2.5],
        ['append', 'tags', 'c'],
        ['appendOnce', 'list', ['x', 'y']],
        ['prepend', 'prep', ['p', 'q']],
        ['prependOnce', 'tags2', 'a'],
        ['remove', 'rm', 'a'],
      ]),
      call('track', 'purchase'),
      600,
      properties([['remove', 'tags', 'a'], ['append', 'tags', [1, 2]], ['increment', 'score', 'x'], ['prependOnce', 'list', ['y', 'z']]]),
      call('variation', 1),
      call('remoteConfig().get', 'banner_text', 'x'),
      600,
      properties([['clearAll'], ['set', 'after', 1]]),
      call('track', 'purchase'),
    ]),
    quirk('session-timeout-and-dedup', 'the same decision is suppressed for 60 s; an event after 30 min idle ends the session first', [
      call('variation', 1),
      call('variation', 1),
      call('isFeatureOn', 5),
      call('isFeatureOn', 5),
      call('remoteConfig().get', 'banner_text', 'x'),
      call('remoteConfig().get', 'banner_text', 'y'),
      61_000,
      call('variation', 1),
      call('remoteConfig().get', 'banner_text', 'x'),
      31 * 60_000,
      call('variation', 1),
      call('track', 'purchase'),
      call('variation', 1, 'other-id'),
      call('variation', 1, 'other-id'),
    ]),
    quirk('explicit-users', 'decisions for explicit users change the current user (§2.3): an id keeps the session, a new userId does not', [
      call('variation', 1),
      call('variation', 1, 'qa-device-1'),
      call('track', 'purchase'),
      600,
      call('variationDetail', 1, { userId: 'emp-1', properties: { grade: 'gold' } }),
      call('featureFlagDetail', 5),
      call('remoteConfig', { userId: 'emp-1', properties: { tier: 2 } }) + '.get("banner_text", "x")',
      call('track', { key: 'purchase', value: 5 }, { id: 'buyer', deviceId: 'device-b' }),
      call('track', 'purchase'),
    ]),
    quirk('phone-number', 'phone numbers are $secured_properties, not user properties; a non-string is refused', [
      call('setPhoneNumber', '010-1234-5678'),
      call('track', 'purchase'),
      call('unsetPhoneNumber'),
      call('setPhoneNumber', 1012345678),
      call('setPhoneNumber', ''),
      600,
    ]),
    quirk('odd-tracks', 'invalid events are dropped; values and properties are sanitized on the wire (§4.4, §4.6)', [
      call('track', ''),
      call('track', null),
      call('track', 42),
      call('track', {}),
      call('track', { key: 7 }),
      call('track', { key: 'purchase', value: '12' }),
      call('track', { key: 'purchase', value: NaN, properties: { amount: 100, tags: ['a', 'b', null, ''], $sys: { x: 1 }, longstr: source('"x".repeat(1100)'), nested: { a: 1 } } }),
      call('track', { key: 'p', properties: source('Object.fromEntries(Array.from({ length: 130 }, (_, i) => ["p" + i, i]))') }),
      call('track', { key: 'k', properties: { [`${'k'.repeat(129)}`]: 1, [`${'k'.repeat(128)}`]: 2, '': 3, $date: source('new Date(0)') } }),
    ]),
    quirk('returning-stale-session', 'a stored user and a session idle for 45 min: the page load ends it (last event time) and starts one', [call('track', 'purchase'), 600], {
      cookies: visitCookies(PAGE, { user: { userId: 'member-1', deviceId: 'device-a' }, idleMinutes: 45, campaign: 'same' }),
    }),
    quirk('returning-fresh-session', 'a stored user and a fresh session: the page continues it; a changed campaign is attributed', [call('track', 'purchase'), 600, call('setUserId', 'member-2')], {
      cookies: visitCookies(PAGE, { user: { userId: 'member-1' }, idleMinutes: 2, campaign: 'other' }),
      end: 'pagehide',
    }),
    quirk('before-the-config', 'calls right after createInstance, before the config arrives: SDK_NOT_READY, no exposures, event type id 0', [
      call('variation', 1),
      call('track', 'purchase'),
      call('remoteConfig().get', 'banner_text', 'x'),
      call('setUserId', 'member-1'),
      call('track', 'purchase'),
      call('variation', 1),
      600,
    ], { early: 5 }),
    quirk('retry-store', 'events a previous page left in the retry store are sent again as they are (original insertId and time)', [call('track', 'purchase'), 600, call('track', 'purchase')], {
      storage: retryStore(),
    }),
    quirk('tab-hidden-and-back', 'a hidden tab flushes by beacon; events after it go by the normal request; back to visible, then close', [
      call('track', 'purchase'),
      call('variation', 1),
      'testPage.hide()',
      call('track', { key: 'purchase', value: 1 }),
      600,
      call('track', { key: 'purchase', value: 2 }),
      'testPage.show()',
      call('variation', 1, 'qa-device-1'),
      200,
    ]),
    quirk('login-keeps-session', 'sessionPolicy NULL_TO_USER_ID: logging in keeps the session, logging out does not', [
      call('track', 'purchase'),
      call('setUserId', 'member-1'),
      call('track', 'purchase'),
      call('setUserId', null),
      call('track', 'purchase'),
    ], {
      options: '{ sessionPolicy: { persistCondition: Hackle.HackleSessionPersistConditions.NULL_TO_USER_ID } }',
      end: 'hidden',
    }),
  ]
}
