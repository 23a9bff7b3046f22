// The DevTool panel: its view model (pure), its data side over a real client (decisions, overrides of A/B tests,
// flags and remote config, events, plugins), the plugin opening and closing it, and the React view driven through a
// fake data side (happy-dom).
import { act } from 'react'
import { fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type Kernel, type SdkEvent } from '../../../../src/kernel'
import { getManualOverrideHooks, manualOverrides, type OverrideChange } from '../../../../src/plugins/manual-overrides'
import { devtool } from '../../../../src/plugins/devtool'
import { getInAppMessageHooks } from '../../../../src/plugins/in-app-messages/hooks'
import { createExplorer } from '../../../../src/plugins/devtool/explorer'
import { createPanelSource } from '../../../../src/plugins/devtool/source'
import { useTools } from '../../../../src/plugins/devtool/tools'
import { devtoolTools } from '../../../../src/plugins/devtool/toolbox'
import { mountPanel } from '../../../../src/plugins/devtool/panel/index'
import type { PanelData, PanelSource } from '../../../../src/plugins/devtool/panel/contract'
import { filterDecisions, formatValue, nextTab, overrideDraft, parseOverride, tabsOf, variationLabel } from '../../../../src/plugins/devtool/panel/view-model'
import workspace from '../../../fixtures/example-workspace.json'
;(globalThis as any).IS_REACT_ACT_ENVIRONMENT = true

const SDK_KEY = 'abcdefgh12345678XYZ'
const COOKIES = ['ab', 'ff', 'rc'].map((kind) => `hackle-manual-override_${kind}_abcdefgh`)
const cookie = (name: string) => {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`))
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1))
}
const user = { id: 'user_1', deviceId: 'user_1' }
const clients: Array<{ close(): void }> = []

afterEach(() => {
  for (const c of clients.splice(0)) c.close()
  for (const name of COOKIES) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** A client with the overrides and the devtool plugins, and the kernel it was given (kept by a probe plugin). */
function client(options: Parameters<typeof devtool>[0] = {}) {
  let kernel!: Kernel
  const probe = definePlugin(() => ({ name: 'probe', apply: (k) => void (kernel = k) }))
  const c = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, user, plugins: [manualOverrides(), devtool(options), probe()] })
  clients.push(c)
  return { c, kernel }
}

function source(kernel: Kernel, recent: Array<readonly [SdkEvent, boolean]> = []) {
  useTools(devtoolTools)
  const close = vi.fn()
  const feed = { recent, listen: vi.fn() }
  return { source: createPanelSource(kernel, createExplorer(kernel), feed, close), close, feed }
}

describe('panel view model', () => {
  const data = { experiments: [{}, {}], flags: [{}], remoteConfigs: [], events: [{}], messages: undefined, plugins: ['a'] } as unknown as PanelData

  it('lists the tabs with their counts (no count for the user, none for in-app without the plugin)', () => {
    expect(tabsOf(data).map((tab) => [tab.id, tab.count])).toEqual([
      ['user', undefined], ['ab', 2], ['ff', 1], ['rc', 0], ['events', 1], ['iam', undefined], ['plugins', 1],
    ])
  })

  it('moves between tabs with the arrow keys (wrapping), Home and End; other keys do nothing', () => {
    const tabs = tabsOf(data)
    expect(nextTab(tabs, 'user', 'ArrowLeft')).toBe('plugins')
    expect(nextTab(tabs, 'plugins', 'ArrowRight')).toBe('user')
    expect(nextTab(tabs, 'ab', 'ArrowRight')).toBe('ff')
    expect(nextTab(tabs, 'rc', 'Home')).toBe('user')
    expect(nextTab(tabs, 'rc', 'End')).toBe('plugins')
    expect(nextTab(tabs, 'rc', 'a')).toBeUndefined()
  })

  it('reads a typed override per parameter type, with a message for what does not fit', () => {
    expect(parseOverride('NUMBER', '3.5')).toEqual({ value: 3.5 })
    expect(parseOverride('NUMBER', '')).toEqual({ error: 'Enter a number.' })
    expect(parseOverride('NUMBER', 'x')).toEqual({ error: 'Enter a number.' })
    expect(parseOverride('BOOLEAN', 'false')).toEqual({ value: false })
    expect(parseOverride('BOOLEAN', 'no')).toEqual({ error: 'Choose true or false.' })
    expect(parseOverride('JSON', '{"a":1}')).toEqual({ value: '{"a":1}' })
    expect(parseOverride('JSON', '{a')).toEqual({ error: 'Enter valid JSON.' })
    expect(parseOverride('STRING', '')).toEqual({ value: '' })
    expect(overrideDraft({ key: 'k', type: 'NUMBER', value: 3, reason: 'DEFAULT_RULE' })).toBe('3')
    expect(overrideDraft({ key: 'k', type: 'STRING', value: 'a', reason: 'OVERRIDDEN', override: 'b' })).toBe('b')
    expect(overrideDraft({ key: 'k', type: 'BOOLEAN', value: null, reason: 'EXCEPTION' })).toBe('true')
  })

  it('formats values and labels, and filters decisions by key, id, variation or reason', () => {
    expect([formatValue('a'), formatValue(1), formatValue(null), formatValue({ a: [1] })]).toEqual(['"a"', '1', '—', '{"a":[1]}'])
    expect(variationLabel({ kind: 'ff' }, { key: 'A', dropped: false })).toBe('A (off)')
    expect(variationLabel({ kind: 'ab' }, { key: 'C', dropped: true })).toBe('C — dropped')
    const rows = [
      { kind: 'ab', id: 11, key: 1, answer: 'B', variationKey: 'B', reason: 'TRAFFIC_ALLOCATED' },
      { kind: 'ab', id: 12, key: 2, answer: 'A', variationKey: 'A', reason: 'OVERRIDDEN' },
    ] as never
    expect(filterDecisions(rows, 'overr').map((row) => row.id)).toEqual([12])
    expect(filterDecisions(rows, ' 11 ').map((row) => row.id)).toEqual([11])
    expect(filterDecisions(rows, '')).toHaveLength(2)
  })
})

describe('panel data side over a client', () => {
  it('lists the A/B tests, flags and parameters decided for the current user, and every installed plugin', () => {
    const { kernel } = client()
    const data = source(kernel).source.read()
    expect(data.experiments.map((row) => [row.id, row.key, row.variations.map((v) => v.key), row.overrideId])).toEqual([[11, 1, ['A', 'B'], undefined]])
    expect(data.flags.map((row) => [row.kind, row.id, row.key, row.answer])).toEqual([['ff', 21, 5, expect.stringMatching(/^(on|off)$/)]])
    expect(data.remoteConfigs).toEqual([{ key: 'banner_text', type: 'STRING', value: 'Hello', reason: 'DEFAULT_RULE', override: undefined }])
    expect(data.user.identifiers).toMatchObject({ $id: 'user_1', $deviceId: 'user_1' })
    // every installed plugin, the page's own too, in the order they apply
    expect(data.plugins).toEqual(['manual-overrides', 'devtool', 'probe'])
    expect(data.ready).toBe(true)
  })

  it('says so when the in-app messages code could not be loaded, and asking again shows them once it loads', async () => {
    let inspector: null | { describe(): unknown[]; preview(): boolean } = null
    const fakeInApp = definePlugin(() => ({
      name: 'in-app-messages',
      apply: (k) => void getInAppMessageHooks(k).inspectMessages.tap('fake', () => Promise.resolve(inspector as never)),
    }))
    let kernel!: Kernel
    const probe = definePlugin(() => ({ name: 'probe', apply: (k) => void (kernel = k) }))
    clients.push(createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, user, plugins: [fakeInApp(), devtool(), probe()] }))
    const { source: data } = source(kernel)
    data.refreshMessages()
    await vi.waitFor(() => expect(data.read().messages).toEqual([]))
    expect(data.read().messagesError).toMatch(/failed to load/)
    inspector = { describe: () => [{ key: 9 }], preview: () => true }
    data.refreshMessages()
    expect(data.read().messages).toBeNull()
    await vi.waitFor(() => expect(data.read().messages).toEqual([{ key: 9 }]))
    expect(data.read().messagesError).toBeUndefined()
  })

  it('keeps one snapshot until something changed; overrides of an A/B test, a flag and a parameter decide first, also after a reload', () => {
    const { c, kernel } = client()
    const { source: panel } = source(kernel)
    const listener = vi.fn()
    const stop = panel.subscribe(listener)
    const first = panel.read()
    expect(panel.read()).toBe(first)

    panel.setOverride('ab', 11, 101)
    panel.setOverride('ff', 21, 202)
    panel.setRemoteConfigOverride('banner_text', 'Overridden text')
    expect(c.variationDetail(1)).toMatchObject({ variation: 'A', reason: 'OVERRIDDEN' })
    // a flag's manual override reports INDIVIDUAL_TARGET_MATCH, as the reference's
    expect(c.featureFlagDetail(5)).toMatchObject({ isOn: true, reason: 'INDIVIDUAL_TARGET_MATCH' })
    expect(c.remoteConfig().getDetail('banner_text', 'default')).toEqual({ value: 'Overridden text', reason: 'OVERRIDDEN' })
    // an override of another type than the call's default is not used
    expect(c.remoteConfig().get('banner_text', 0)).toBe(0)
    expect(cookie(COOKIES[0]!)).toBe('[{"11":"101"}]')
    expect(cookie(COOKIES[2]!)).toBe('[{"banner_text":"Overridden text"}]')

    const after = panel.read()
    expect(after).not.toBe(first)
    expect(after.experiments[0]).toMatchObject({ overrideId: 101, variationKey: 'A', reason: 'OVERRIDDEN' })
    expect(after.flags[0]).toMatchObject({ overrideId: 202, answer: 'on', variationKey: 'B', reason: 'INDIVIDUAL_TARGET_MATCH' })
    expect(after.remoteConfigs[0]).toMatchObject({ value: 'Overridden text', reason: 'OVERRIDDEN', override: 'Overridden text' })
    stop()

    // a reload: a new client reads the same cookies
    const reloaded = client().c
    expect(reloaded.variationDetail(1).reason).toBe('OVERRIDDEN')
    expect(reloaded.featureFlagDetail(5)).toMatchObject({ isOn: true, reason: 'INDIVIDUAL_TARGET_MATCH' })
    expect(reloaded.remoteConfig().get('banner_text', 'x')).toBe('Overridden text')

    panel.resetOverride('ab', 11)
    panel.resetAllOverrides('ff')
    panel.resetRemoteConfigOverride('banner_text')
    expect(c.variationDetail(1).reason).not.toBe('OVERRIDDEN')
    expect(c.featureFlagDetail(5).reason).not.toBe('INDIVIDUAL_TARGET_MATCH')
    expect(c.remoteConfig().getDetail('banner_text', 'x')).toEqual({ value: 'Hello', reason: 'DEFAULT_RULE' })
  })

  it('reports A/B test and flag override changes on overrideChanged (monitoring counts them as the reference does), not remote-config ones', () => {
    const { kernel } = client()
    const changes: OverrideChange[] = []
    getManualOverrideHooks(kernel).overrideChanged.tap('test', (change) => void changes.push(change))
    const { source: panel } = source(kernel)
    panel.setRemoteConfigOverride('banner_text', 'x')
    panel.resetAllOverrides('rc')
    panel.setOverride('ab', 11, 102)
    panel.resetAllOverrides('ff')
    expect(changes).toEqual([{ type: 'AB_TEST', operation: 'set' }, { type: 'FEATURE_FLAG', operation: 'reset.all' }])
  })

  it('refuses a remote-config override that is no string, number or boolean, with a warning', () => {
    const { kernel } = client()
    const warn = vi.spyOn(kernel.logger, 'warn').mockImplementation(() => {})
    source(kernel).source.setRemoteConfigOverride('banner_text', { a: 1 } as never)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(cookie(COOKIES[2]!)).toBeUndefined()
  })

  it('shows the recent events newest first, with what each was', () => {
    const { c, kernel } = client()
    const recent: Array<readonly [SdkEvent, boolean]> = []
    kernel.hooks.eventAccepted.tap('test', (event, delivered) => void recent.push([event, delivered]))
    c.track({ key: 'purchase', value: 3 })
    c.variationDetail(1)
    const events = source(kernel, recent).source.read().events
    expect(events.map((row) => [row.type, row.name, row.delivered])).toEqual([
      ['exposure', 'A/B test 1', false],
      ['track', 'purchase', false],
    ])
    expect(events[0]!.detail).toMatch(/^[AB] · [A-Z_]+$/)
    expect(events[1]!.detail).toBe('value 3')
    expect(events[0]!.seq).toBeGreaterThan(events[1]!.seq)
  })
})

describe('devtool plugin opens hackle-kit’s panel', () => {
  const host = () => document.querySelector('[data-hackle-devtool]')
  const text = () => host()?.shadowRoot?.textContent ?? ''

  it('showUserExplorer opens it (in a shadow root, focus on the open tab); Escape and hideUserExplorer close it', async () => {
    const { c, kernel } = client()
    c.showUserExplorer()
    await vi.waitFor(() => expect(text()).toContain('Hackle DevTool'))
    expect(text()).toContain('A/B test 1')
    const shadow = host()!.shadowRoot!
    expect(shadow.activeElement?.getAttribute('role')).toBe('tab')
    // a second call while it is open opens no second panel
    c.showUserExplorer()
    expect(document.querySelectorAll('[data-hackle-devtool]')).toHaveLength(1)
    act(() => void fireEvent.keyDown(shadow.activeElement!, { key: 'Escape' }))
    expect(host()).toBeNull()

    c.showUserExplorer()
    await vi.waitFor(() => expect(host()).not.toBeNull())
    c.hideUserExplorer()
    expect(host()).toBeNull()
    const warn = vi.spyOn(kernel.logger, 'warn').mockImplementation(() => {})
    c.hideUserExplorer()
    expect(warn).toHaveBeenCalledWith('There is no active HackleDevtools.')

    // closing the client closes the panel
    c.showUserExplorer()
    await vi.waitFor(() => expect(host()).not.toBeNull())
    c.close()
    expect(host()).toBeNull()
  })

  it('opens at start-up when the page URL has the opening parameter the site chose (off by default)', async () => {
    history.replaceState(null, '', '/?hackle-devtool')
    try {
      const { startup } = await import('../../../../src/plugins/startup')
      const withParameter = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, plugins: [startup(), manualOverrides(), devtool({ openParameter: 'hackle-devtool' })] })
      clients.push(withParameter)
      await withParameter.onInitialized()
      await vi.waitFor(() => expect(host()).not.toBeNull())
      withParameter.hideUserExplorer()
      const without = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, plugins: [startup(), manualOverrides(), devtool()] })
      clients.push(without)
      await without.onInitialized()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(host()).toBeNull()
    } finally {
      history.replaceState(null, '', '/')
    }
  })
})

describe('panel view (React) over a fake data side', () => {
  function fake(): PanelSource & { calls: unknown[][] } {
    const calls: unknown[][] = []
    const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args])
    const data: PanelData = {
      sdkKey: SDK_KEY,
      ready: true,
      user: { identifiers: { $id: 'u1' }, properties: { grade: 'gold' }, hackleProperties: {}, cohorts: [3], sessionId: '1700000000000.abcd1234' },
      experiments: [{ kind: 'ab', id: 11, key: 1, status: 'RUNNING', answer: 'B', variationKey: 'B', reason: 'TRAFFIC_ALLOCATED', variations: [{ id: 101, key: 'A', dropped: false }, { id: 102, key: 'B', dropped: false }] }],
      flags: [{ kind: 'ff', id: 21, key: 5, status: 'RUNNING', answer: 'off', variationKey: 'A', reason: 'DEFAULT_RULE', variations: [{ id: 201, key: 'A', dropped: false }, { id: 202, key: 'B', dropped: false }] }],
      remoteConfigs: [{ key: 'max_items', type: 'NUMBER', value: 3, reason: 'DEFAULT_RULE' }],
      events: [{ seq: 1, type: 'track', name: 'purchase', detail: '', timestamp: 0, delivered: true }],
      messages: [{ key: 71, id: 701, status: 'ACTIVE', displayType: 'MODAL', triggers: ['show_iam'], eligible: false, reason: 'IN_APP_MESSAGE_FREQUENCY_CAPPED' }],
      plugins: ['manual-overrides', 'devtool'],
    }
    return {
      calls,
      read: () => data,
      subscribe: () => () => {},
      setOverride: record('setOverride'),
      resetOverride: record('resetOverride'),
      resetAllOverrides: record('resetAllOverrides'),
      setRemoteConfigOverride: record('setRemoteConfigOverride'),
      resetRemoteConfigOverride: record('resetRemoteConfigOverride'),
      refreshMessages: record('refreshMessages'),
      previewMessage: record('previewMessage'),
      close: record('close'),
    }
  }

  function mount() {
    const element = document.createElement('div')
    document.body.appendChild(element)
    const source = fake()
    const unmount = mountPanel(element, source)
    const shadow = element.shadowRoot!
    const q = <E extends Element>(selector: string) => shadow.querySelector<E>(selector)!
    const tab = (label: string) => [...shadow.querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent!.startsWith(label))!
    return { source, shadow, q, tab, unmount }
  }

  it('draws the tabs with counts, moves with the arrow keys and overrides a flag through the select', () => {
    const { source, shadow, q, tab, unmount } = mount()
    expect([...shadow.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['User', 'A/B tests1', 'Flags1', 'Remote config1', 'Events1', 'In-app1', 'Plugins2'])
    expect(tab('A/B tests').getAttribute('aria-selected')).toBe('true')
    act(() => void fireEvent.keyDown(tab('A/B tests'), { key: 'ArrowRight' }))
    expect(tab('Flags').getAttribute('aria-selected')).toBe('true')
    expect(shadow.activeElement).toBe(tab('Flags'))
    const select = q<HTMLSelectElement>('select#override-ff-21')
    expect([...select.options].map((o) => o.textContent)).toEqual(['not overridden', 'A (off)', 'B (on)'])
    act(() => void fireEvent.change(select, { target: { value: '202' } }))
    expect(source.calls).toEqual([['setOverride', 'ff', 21, 202]])
    unmount()
    expect(shadow.childElementCount).toBe(0)
  })

  it('checks a typed remote-config override before setting it, and previews a message', () => {
    const { source, shadow, q, tab } = mount()
    act(() => void fireEvent.click(tab('Remote config')))
    const input = q<HTMLInputElement>('input#rc-max_items')
    act(() => void fireEvent.change(input, { target: { value: 'lots' } }))
    act(() => void fireEvent.submit(input.form!))
    expect(q('[role=alert]').textContent).toBe('Enter a number.')
    expect(source.calls).toEqual([])
    act(() => void fireEvent.change(input, { target: { value: '7' } }))
    act(() => void fireEvent.submit(input.form!))
    expect(shadow.querySelector('[role=alert]')).toBeNull()
    expect(source.calls).toEqual([['setRemoteConfigOverride', 'max_items', 7]])

    act(() => void fireEvent.click(tab('In-app')))
    expect(shadow.textContent).toContain('IN_APP_MESSAGE_FREQUENCY_CAPPED')
    act(() => void fireEvent.click(q('[aria-label="Preview message 71"]')))
    expect(source.calls.at(-1)).toEqual(['previewMessage', 71])
  })

  it('tells why the in-app tab has no messages when their code could not be loaded', () => {
    const element = document.createElement('div')
    document.body.appendChild(element)
    const base = fake()
    const data = { ...base.read(), messages: [], messagesError: 'their code failed to load (see the console)' }
    mountPanel(element, { ...base, read: () => data })
    const shadow = element.shadowRoot!
    act(() => void fireEvent.click([...shadow.querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent!.startsWith('In-app'))!))
    expect(shadow.querySelector('.meta')!.textContent).toBe('The in-app messages could not be loaded: their code failed to load (see the console)')
  })

  it('shows the user with session id and cohorts; Escape and the close button ask the data side to close', () => {
    const { source, shadow, q, tab } = mount()
    act(() => void fireEvent.click(tab('User')))
    expect(shadow.textContent).toContain('1700000000000.abcd1234')
    expect(shadow.textContent).toContain('"grade": "gold"')
    act(() => void fireEvent.keyDown(tab('User'), { key: 'Escape' }))
    act(() => void fireEvent.click(q('[aria-label="Close the DevTool"]')))
    expect(source.calls).toEqual([['close'], ['close']])
  })
})
