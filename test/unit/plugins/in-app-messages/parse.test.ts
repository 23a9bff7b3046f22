import { describe, expect, it } from 'vitest'
import { parseInAppMessages } from '../../../../src/plugins/in-app-messages/parse'
import { layoutDto, messageDto } from '../../../fixtures/in-app-workspace'
import { useTools } from '../../../../src/plugins/in-app-messages/tools'
import { inAppTools } from '../../../../src/plugins/in-app-messages/toolbox'

// The parser is engine code: createEngine hands it the first load's toolbox; called directly here, it is set once.
useTools(inAppTools)

const parse = (...messages: unknown[]) => parseInAppMessages({ inAppMessages: messages }, () => {})
const keys = (...messages: unknown[]) => [...parse(...messages).keys()]

describe('in-app message parsing: the reference drop rules', () => {
  it('drops a message with an unknown status, time unit, platform type or orientation, or a CUSTOM period without both ends', () => {
    const ok = messageDto({ key: 1 })
    const withContext = (patch: object) => ({ ...messageDto({ key: 9 }), messageContext: { ...messageDto().messageContext, ...patch } })
    expect(keys(ok, messageDto({ key: 2, status: 'ARCHIVED' }))).toEqual([1])
    expect(keys(messageDto({ key: 3, timeUnit: 'LATER' }), messageDto({ key: 4, timeUnit: 'CUSTOM', start: 1, end: null }))).toEqual([])
    expect(keys(messageDto({ key: 5, timeUnit: 'custom', start: 1, end: 2 }))).toEqual([5])
    expect(keys(withContext({ platformTypes: ['WEB', 'TV'] }), withContext({ orientations: ['DIAGONAL'] }))).toEqual([])
  })

  it('drops a message with an invalid layout: display / layout type, image, button, close button, positional button, auto-scroll, html', () => {
    const bad = [
      { layout: { displayType: 'POPUP', layoutType: 'IMAGE', alignment: null } },
      { layout: { displayType: 'MODAL', layoutType: 'GRID', alignment: null } },
      { images: [{ orientation: 'VERTICAL', imagePath: 'x', action: { behavior: 'HOVER', type: 'CLOSE' } }] },
      { buttons: [{ text: 'x', style: {}, action: { behavior: 'CLICK', type: 'EXPLODE' } }] },
      { closeButton: { style: { color: '#000' }, action: { behavior: 'CLICK', type: 'NOPE' } } },
      { outerButtons: [{ button: layoutDto().buttons[0], alignment: { vertical: 'TOP', horizontal: 'SIDEWAYS' } }] },
      { imageAutoScroll: { interval: { timeUnit: 'FORTNIGHTS', amount: 1 } } },
      { html: { resourceType: 'TEXT', text: null, path: null } },
      { html: { resourceType: 'PATH', text: 'x', path: null } },
    ]
    for (const patch of bad) expect(keys(messageDto({ messages: [layoutDto(), layoutDto(patch)] }))).toEqual([])
  })

  it('keeps a layout with an unknown alignment (null), an invalid message action (null), auto-scroll in ms', () => {
    const [message] = parse(
      messageDto({
        messages: [
          layoutDto({
            layout: { displayType: 'banner', layoutType: 'TEXT_ONLY', alignment: { vertical: 'UP', horizontal: 'LEFT' } },
            action: { behavior: 'CLICK', type: 'FLY' },
            imageAutoScroll: { interval: { timeUnit: 'SECONDS', amount: 3 } },
            html: { resourceType: 'TEXT', text: '<p>x</p>', path: 'ignored' },
          }),
        ],
      }),
    ).values()
    const layout = message!.layouts[0]!
    expect(layout.layout).toEqual({ displayType: 'BANNER', layoutType: 'TEXT_ONLY', alignment: null })
    expect(layout.action).toBeNull()
    expect(layout.imageAutoScrollMillis).toBe(3000)
    expect(layout.html).toEqual({ resourceType: 'TEXT', text: '<p>x</p>', path: null })
    expect(layout.closeButton).toEqual({ style: { color: '#000000' }, action: { behavior: 'CLICK', type: 'CLOSE', value: null } })
  })

  it('timetable: unknown type → ALL, slots with an unknown day dropped; durations in every unit; duplicates: the later wins in place', () => {
    const timetable = { type: 'CUSTOM', slots: [{ dayOfWeek: 'FUNDAY', startMillisInclusive: 0, endMillisExclusive: 1 }, { dayOfWeek: 'monday', startMillisInclusive: 0, endMillisExclusive: 1 }] }
    const [custom] = parse(messageDto({ timetable })).values()
    expect(custom!.timetable).toEqual([{ day: 0, start: 0, end: 1 }])
    expect([...parse(messageDto({ timetable: { type: 'SOMETIMES' } })).values()][0]!.timetable).toBeNull()
    const cap = (timeUnit: string, amount: number) =>
      [...parse(messageDto({ frequencyCap: { identifiers: [], duration: { durationUnit: { timeUnit, amount }, countPerDuration: 1 } } })).values()][0]!.frequencyCap!.durationCap
    expect(cap('NANOSECONDS', 3e6)!.durationMillis).toBe(3)
    expect(cap('microseconds', 5000)!.durationMillis).toBe(5)
    expect(cap('MINUTES', 2)!.durationMillis).toBe(120_000)
    expect(cap('DAYS', 1)!.durationMillis).toBe(86_400_000)
    expect(cap('WEEKS', 1)).toBeNull()
    const messages = parse(messageDto({ key: 1, id: 10 }), messageDto({ key: 2, id: 20 }), messageDto({ key: 1, id: 11 }))
    expect([...messages.values()].map((m) => m.id)).toEqual([11, 20])
  })

  it('a structurally broken message alone is dropped (a deliberate tolerance)', () => {
    const { eventTriggerRules: _drop, ...broken } = messageDto({ key: 2 })
    expect(keys(messageDto({ key: 1 }), broken)).toEqual([1])
    expect(keys(null, 'x')).toEqual([])
    expect([...parseInAppMessages(undefined, () => {}).keys()]).toEqual([])
  })
})

describe('the identifier-changed rule', () => {
  it('userIds decide when both have one, else deviceIds, else not changed', async () => {
    const { isIdentifierChanged } = await import('../../../../src/plugins/in-app-messages/deliver')
    expect(isIdentifierChanged({ $userId: 'a', $deviceId: 'd' }, { $userId: 'b', $deviceId: 'd' })).toBe(true)
    expect(isIdentifierChanged({ $userId: 'a', $deviceId: 'd1' }, { $userId: 'a', $deviceId: 'd2' })).toBe(false)
    expect(isIdentifierChanged({ $deviceId: 'd' }, { $userId: 'a', $deviceId: 'd' })).toBe(false)
    expect(isIdentifierChanged({ $deviceId: 'd1' }, { $userId: 'a', $deviceId: 'd2' })).toBe(true)
    expect(isIdentifierChanged({ $id: 'x' }, { $id: 'y' })).toBe(false)
  })
})
