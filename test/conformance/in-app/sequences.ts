/**
 * In-app sequences: hand-written ones for the rules of the in-app decision side, and generated ones (`iam#N`):
 * 1–3 messages (status, period, timetable, trigger keys and EVENT_PROPERTY targets, user-property targets, overrides,
 * frequency caps, AFTER delays, A/B-tested layouts, re-evaluation at delivery, platforms) and 1–3 visits of tracks,
 * user changes and waits. Delays end on distinct residues (per message) of 100 ms while steps wait whole multiples of
 * 100 ms, so two messages are never due in the same instant (the reference's view shows one message at a time).
 */
import { Rng } from '../rng'
import { abTest, abTestIs, eventProperty, inAppWorkspace, layoutDto, messageDto, userProperty, type MessageOptions } from '../../fixtures/in-app-workspace'
import type { InAppSequence, InAppStep } from './run'

const track = (key: string, properties?: object, wait = 200): InAppStep => ({
  code: properties ? `hackle.track({ key: ${JSON.stringify(key)}, properties: ${JSON.stringify(properties)} })` : `hackle.track(${JSON.stringify(key)})`,
  wait,
})
const call = (code: string, wait = 200): InAppStep => ({ code, wait })
const abLayouts = [layoutDto({ variationKey: 'A', text: null }), layoutDto({ variationKey: 'B', layout: { displayType: 'BANNER', layoutType: 'TEXT_ONLY', alignment: null } })]

export const handWritten: InAppSequence[] = [
  { id: 'iam:immediate', config: inAppWorkspace([messageDto()]), visits: [{ steps: [track('show_iam', { a: 1 }), track('other')] }] },
  {
    id: 'iam:first-eligible-only',
    config: inAppWorkspace([messageDto({ id: 1, key: 1, status: 'PAUSE' }), messageDto({ id: 2, key: 2 }), messageDto({ id: 3, key: 3 })]),
    visits: [{ steps: [track('show_iam')] }],
  },
  {
    id: 'iam:ab-layout',
    config: inAppWorkspace([messageDto({ experimentKey: 1, messages: abLayouts })], [abTest(1)]),
    visits: [{ steps: [track('show_iam', { plan: 'pro' })] }],
  },
  {
    id: 'iam:capped-after-layout',
    config: inAppWorkspace([messageDto({ experimentKey: 1, messages: abLayouts, frequencyCap: { identifiers: [{ identifierType: '$deviceId', countPerIdentifier: 1 }] } })], [abTest(1)]),
    visits: [{ steps: [track('show_iam'), track('show_iam', undefined, 61_000), track('show_iam')] }],
  },
  {
    id: 'iam:targeting-ab',
    config: inAppWorkspace([messageDto({ targets: [abTestIs(2, ['B'])], atDeliverTime: true, delayMillis: 1050 })], [abTest(2)]),
    visits: [{ steps: [track('show_iam', undefined, 2000)] }],
  },
  {
    id: 'iam:delay-reload',
    config: inAppWorkspace([messageDto({ delayMillis: 5050 })]),
    visits: [{ steps: [track('show_iam', { a: 'x' }, 1000)] }, { gap: 1000, steps: [call('void 0', 5000)] }],
  },
  {
    id: 'iam:delay-overdue-on-reload',
    config: inAppWorkspace([messageDto({ delayMillis: 2050 })]),
    visits: [{ steps: [track('show_iam', undefined, 500)] }, { gap: 4000, steps: [call('void 0', 1000)] }],
  },
  {
    id: 'iam:user-change-cancels',
    config: inAppWorkspace([messageDto({ delayMillis: 3050 })]),
    visits: [{ steps: [track('show_iam', undefined, 500), call("hackle.setUserId('u1')", 500), track('show_iam', undefined, 500), call("hackle.setUserId('u2')", 4000)] }],
  },
  {
    id: 'iam:hidden-and-override',
    config: inAppWorkspace([messageDto({ overrides: [{ identifierType: '$userId', identifiers: ['vip'] }] })]),
    visits: [
      {
        steps: [
          call(`localStorage.setItem('hackle-iam-hide_${'conforman'.slice(0, 8)}_71', String(Date.now() + 1000))`, 100),
          track('show_iam', undefined, 1000),
          track('show_iam'),
          call("hackle.setUserId('vip')"),
          track('show_iam'),
        ],
      },
    ],
  },
  {
    // the reload happens exactly when the delay is due: the reference's STORED DELIVER finds no task (EXCEPTION)
    id: 'iam:stored-due-exactly-now',
    config: inAppWorkspace([messageDto({ delayMillis: 2050 })]),
    visits: [{ steps: [track('show_iam', undefined, 500)] }, { gap: 1550, steps: [call('void 0', 1000)] }],
  },
  {
    id: 'iam:ineligible-at-delivery',
    config: inAppWorkspace([messageDto({ targets: [userProperty('grade', ['gold'])], atDeliverTime: true, delayMillis: 2050 })]),
    visits: [{ steps: [call("hackle.setUserProperty('grade', 'gold')"), track('show_iam', undefined, 500), call("hackle.setUserProperty('grade', 'silver')", 3000)] }],
  },
  {
    id: 'iam:delay-survives-login-on-same-device',
    config: inAppWorkspace([messageDto({ delayMillis: 2050, frequencyCap: { identifiers: [{ identifierType: '$userId', countPerIdentifier: 1 }] } })]),
    visits: [{ steps: [track('show_iam', undefined, 500), call("hackle.setUserId('u1')", 3000), track('show_iam', undefined, 3000), call('hackle.resetUser()', 500), track('show_iam', undefined, 3000)] }],
  },
  {
    id: 'iam:event-property-trigger',
    config: inAppWorkspace([messageDto({ triggerTargets: [eventProperty('plan', ['pro'])], targets: [userProperty('grade', ['gold'])] })]),
    visits: [{ steps: [track('show_iam', { plan: 'free' }), track('show_iam', { plan: 'pro' }), call("hackle.setUserProperty('grade', 'gold')"), track('show_iam', { plan: 'pro' })] }],
  },
]

const EVENT_KEYS = ['show_iam', 'buy', 'view']

function randomMessage(rng: Rng, index: number, experiments: number[]): MessageOptions {
  const o: MessageOptions = { id: 700 + index, key: 70 + index, eventKey: rng.pick(EVENT_KEYS) }
  o.status = rng.weighted([[8, 'ACTIVE'], [1, 'DRAFT'], [1, 'PAUSE']] as const)
  if (rng.chance(0.15)) Object.assign(o, { timeUnit: 'CUSTOM', start: Date.UTC(2026, 0, 15, 8), end: Date.UTC(2026, 0, 15, 9, 0, rng.int(1, 40)) })
  if (rng.chance(0.15)) o.timetable = { type: 'CUSTOM', slots: [{ dayOfWeek: rng.pick(['THURSDAY', 'FRIDAY']), startMillisInclusive: 9 * 3_600_000, endMillisExclusive: 10 * 3_600_000 }] }
  if (rng.chance(0.3)) o.triggerTargets = [eventProperty('plan', [rng.pick(['pro', 'free'])])]
  if (rng.chance(0.35)) o.targets = [userProperty('grade', ['gold'])]
  if (rng.chance(0.15)) o.overrides = [{ identifierType: '$userId', identifiers: ['vip'] }]
  if (rng.chance(0.1)) o.platformTypes = ['ANDROID', 'IOS']
  if (rng.chance(0.4)) {
    o.frequencyCap = rng.chance(0.5)
      ? { identifiers: [{ identifierType: rng.pick(['$deviceId', '$userId', '$id']), countPerIdentifier: rng.int(1, 3) }] }
      : { identifiers: [], duration: { durationUnit: { timeUnit: rng.pick(['SECONDS', 'MINUTES']), amount: rng.int(1, 3) }, countPerDuration: rng.int(1, 2) } }
  }
  if (rng.chance(0.45)) o.delayMillis = (rng.chance(0.7) ? rng.int(0, 30) : rng.int(30, 900)) * 100 + 10 * index + 5
  if (experiments.length && rng.chance(0.3)) {
    o.experimentKey = rng.pick(experiments)
    o.messages = abLayouts
  }
  if (rng.chance(0.2)) o.targets = [...(o.targets ?? []), abTestIs(experiments[0] ?? 1, ['B'])]
  o.atDeliverTime = rng.chance(0.3)
  return o
}

function randomStep(rng: Rng): InAppStep {
  const wait = rng.weighted([[6, rng.int(1, 10) * 100], [2, rng.int(10, 60) * 100], [1, rng.int(1, 3) * 60_000]] as const)
  return rng.weighted([
    [10, () => track(rng.pick(EVENT_KEYS), rng.chance(0.5) ? { plan: rng.pick(['pro', 'free']) } : undefined, wait)],
    [1, () => call(`hackle.setUserId(${JSON.stringify(rng.pick(['u1', 'u2', 'vip']))})`, wait)],
    [1, () => call(`hackle.setUserProperty('grade', ${JSON.stringify(rng.pick(['gold', 'silver']))})`, wait)],
    [1, () => call('hackle.resetUser()', wait)],
    [1, () => call(`hackle.setDeviceId(${JSON.stringify(rng.pick(['d1', 'd2']))})`, wait)],
  ] as const)()
}

/** Generated sequence `iam#seed`. */
export function generateInAppSequence(seed: number): InAppSequence {
  const rng = new Rng(seed * 7919 + 17)
  const experiments = rng.chance(0.6) ? [1, 2] : []
  const messages = Array.from({ length: rng.int(1, 3) }, (_, i) => messageDto(randomMessage(rng, i, experiments)))
  const config = inAppWorkspace(messages, experiments.map((key) => abTest(key, { variationId: rng.chance(0.5) ? undefined : (key + 10) * 100 + 1 })))
  const visits = Array.from({ length: rng.int(1, 3) }, (_, i) => ({
    gap: i ? rng.int(1, 40) * 100 : undefined,
    steps: Array.from({ length: rng.int(3, 12) }, () => randomStep(rng)),
  }))
  return { id: `iam#${seed}`, config, visits }
}
