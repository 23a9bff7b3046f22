import { describe, expect, it } from 'vitest'
import { createKernel, type Kernel, type SdkEvent } from '../../../../src/kernel'
import { toWireBatch } from '../../../../src/internal'
import { properties } from '../../../../src/plugins/properties'
import { FORM_FIELDS, body, bodySize, chunk, formLength, formSize, fromEvent, parseStored, utf8Length } from '../../../../src/plugins/events/wire'
import workspace from '../../../fixtures/example-workspace.json'

/** Real events of every type, with full hackle properties. */
function makeEvents(): SdkEvent[] {
  const events: SdkEvent[] = []
  const c = createKernel('k', {
    log_disabled: true,
    workspaceConfig: workspace,
    plugins: [properties(), { name: 'collect', apply: (k: Kernel) => k.hooks.eventCreated.tap('collect', (e) => void events.push(e)) }],
  })
  const user = { id: 'user_1', deviceId: 'user_1', properties: { grade: 'gold', tags: ['a', 'b', null], nested: { x: 1 } } }
  c.variation(1, user)
  c.track({ key: 'purchase', value: 39.9, properties: { orderId: 'ö-1', emoji: '🎉', items: ['a', 'b'] } }, user)
  c.remoteConfig(user).get('banner_text', 'Hi')
  c.isFeatureOn(5, user)
  c.close()
  return events
}

describe('events plugin: wire text', () => {
  const events = makeEvents()

  it('builds the same body text as JSON.stringify(toWireBatch(events))', () => {
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['exposure', 'track', 'remoteConfig']))
    expect(body(events.map(fromEvent))).toBe(JSON.stringify(toWireBatch(events)))
    expect(body([])).toBe(JSON.stringify({ exposureEvents: [], trackEvents: [], remoteConfigEvents: [] }))
  })

  it('serializes shared (frozen) and per-event hackle properties alike, with exact UTF-8 sizes', () => {
    const thawed = events.map((e) => ({ ...e, user: { ...e.user, hackleProperties: { ...e.user.hackleProperties, note: 'é' } } }))
    const noUserId = events.map((e) => ({ ...e, user: { ...e.user, identifiers: { $deviceId: 'd' } } }))
    const odd = { ...events[1]!, user: { ...events[1]!.user, hackleProperties: Object.freeze({ a: null, b: 'x'.repeat(2000), $c: { d: 1 } }) } }
    for (const set of [events, thawed, noUserId, [odd as SdkEvent]]) {
      const items = set.map(fromEvent)
      expect(body(items)).toBe(JSON.stringify(toWireBatch(set)))
      for (const i of items) expect(i.n).toBe(new TextEncoder().encode(i.s).length)
    }
    expect(Object.isFrozen(events[0]!.user.hackleProperties)).toBe(true)
  })

  it('answers repeated parts from memory only while they repeat value for value', () => {
    const exposure = events.find((e) => e.type === 'exposure')!
    const track = events.find((e) => e.type === 'track')!
    type Loose = Record<string, unknown>
    const vary = (e: SdkEvent, props: unknown, userProps: unknown, extra: Loose = {}): SdkEvent =>
      ({ ...e, ...extra, properties: props, user: { ...e.user, properties: userProps } }) as SdkEvent
    const withToJSON = { a: 1, toJSON: () => ({ swapped: true }) }
    const proto = JSON.parse('{"__proto__":"p","x":1}')
    const sequence: SdkEvent[] = [
      vary(exposure, { $a: 1, b: 'x' }, { u: 'v' }),
      vary(exposure, { $a: 1, b: 'x' }, { u: 'v' }),
      vary(exposure, { $a: 1, b: 'y' }, { u: 'v' }),
      vary(exposure, { b: 'y', $a: 1 }, { u: 'v' }),
      vary(exposure, { $a: 1, b: 'y', c: undefined }, { u: 'v', w: 'é' }),
      vary(exposure, { $a: 1, b: 'y', c: { d: 1 } }, { u: 'v', w: 'é' }),
      vary(exposure, { $a: 1, b: 'y', c: { d: 2 } }, { u: 'v', w: 'é' }),
      vary(exposure, withToJSON, proto, { variationKey: 'B', decisionReason: 'OTHER' }),
      vary(exposure, { $a: 1 }, proto, { variationKey: 'B', decisionReason: 'OTHER' }),
      vary(exposure, { $a: 1 }, proto, { variationKey: 'A', decisionReason: 'OTHER' }),
      vary(exposure, undefined, {}, { experimentVersion: undefined }),
      vary(exposure, { 2: 'two', 1: 'one', k: '🎉' }, {}),
      vary(exposure, { 2: 'two', 1: 'one', k: '🎉' }, {}),
      vary(track, { a: 1 }, {}, { value: { nested: 1 } }),
      vary(track, { a: 1 }, {}, { value: { nested: 2 } }),
      vary(track, { a: 1 }, {}, { value: 3 }),
      vary(track, { a: 1 }, {}, { value: 3 }),
    ]
    for (const e of sequence) {
      const item = fromEvent(e)
      expect(item.s).toBe(JSON.stringify(toWireBatch([e]).exposureEvents[0] ?? toWireBatch([e]).trackEvents[0]))
      expect(item.n).toBe(new TextEncoder().encode(item.s).length)
    }
  })

  it('measures UTF-8 bytes like TextEncoder, and the body size from above', () => {
    for (const text of ['', 'plain', 'ü', '한글', '🎉x', 'a\u0800b', body(events.map(fromEvent))]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length)
    }
    const items = events.map(fromEvent)
    const exact = new TextEncoder().encode(body(items)).length
    expect(bodySize(items)).toBeGreaterThanOrEqual(exact)
    expect(bodySize(items) - exact).toBeLessThanOrEqual(3)
  })

  it('measures the form-encoded length exactly as URLSearchParams writes it, without building the form', () => {
    const texts = ['', "a b!c'(d)~e*f-g.h_i", 'ü한🎉 +&=%', body(events.map(fromEvent))]
    for (const text of texts) expect(formLength(text)).toBe(new URLSearchParams({ d: text }).toString().length - 2)
    // A lone surrogate cannot be measured this way: an upper bound.
    expect(formLength('\ud800x')).toBeGreaterThanOrEqual(new URLSearchParams({ d: '\ud800x' }).toString().length - 2)
    // An event's share (with its comma) plus FORM_FIELDS bounds the whole form from above.
    const items = events.map(fromEvent)
    const estimate = items.reduce((total, i) => total + formSize(i) + 1, FORM_FIELDS)
    const form = { sdkKey: 'abcdefgh12345678XYZ', sdkName: 'javascript-sdk_browser', sdkVersion: '11.56.1', sdkTime: String(Date.now()), data: body(items) }
    const exact = new URLSearchParams(form).toString().length
    expect(estimate).toBeGreaterThanOrEqual(exact)
    expect(estimate - exact).toBeLessThan(FORM_FIELDS)
  })

  it('chunks by bytes and by 100 events, keeping order', () => {
    const one = fromEvent(events[1]!)
    const many = Array.from({ length: 250 }, () => one)
    const by100 = chunk(many, 1e9)
    expect(by100.map((c) => c.length)).toEqual([100, 100, 50])
    const bySize = chunk(many, 10_000)
    for (const c of bySize) expect(bodySize(c)).toBeLessThanOrEqual(10_000)
    expect(bySize.flat()).toEqual(many)
    // An event larger than the limit is a chunk of its own.
    expect(chunk([one, one], 10).map((c) => c.length)).toEqual([1, 1])
  })

  it('reads stored text: retry-store arrays, batch bodies, and junk', () => {
    const items = events.map(fromEvent)
    const dtos = items.map((i) => JSON.parse(i.s))
    expect(parseStored(JSON.stringify(dtos)).map((i) => i.s)).toEqual(items.map((i) => i.s))
    expect(body(parseStored(body(items)))).toBe(body(items))
    expect(parseStored(JSON.stringify([1, null, { foo: 1 }, dtos[0]])).map((i) => i.id)).toEqual([dtos[0].insertId])
    for (const junk of [null, '', '{', 'null', '42', '"x"', '{"trackEvents":5}']) expect(parseStored(junk)).toEqual([])
  })
})
