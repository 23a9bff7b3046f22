// The React-free variants of the DevTool panel's view and the in-app renderer drawing with a page's React from before
// 18 (17): no `react-dom/client` (mounted with the legacy render / unmountComponentAtNode) and no
// `useSyncExternalStore` (the panel's store subscription falls back to a subscription of its own). Such a React is
// emulated over the installed one. The views' `react` imports are replaced as in their chunks (the tsup plugin
// `react-from-page`); a page has one React, so this file holds the legacy cases of both views.
import { fireEvent } from '@testing-library/dom'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PageReact } from '../../../../src/kernel'
import type { PanelData, PanelSource } from '../../../../src/plugins/devtool/panel/contract'
import { catalogue } from '../../../fixtures/iam-messages'

vi.mock('react', () => import('../../../../src/internal/page-react/react'))
vi.mock('react/jsx-runtime', () => import('../../../../src/internal/page-react/jsx-runtime'))
vi.mock('react-dom', () => import('../../../../src/internal/page-react/react-dom'))
vi.mock('react-dom/client', () => import('../../../../src/internal/page-react/react-dom-client'))

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as any
let page: PageReact
let legacy: { render: ReturnType<typeof vi.fn>; unmountComponentAtNode: ReturnType<typeof vi.fn> }

beforeAll(async () => {
  const react = await vi.importActual<typeof import('react')>('react')
  const reactDom = await vi.importActual<typeof import('react-dom')>('react-dom')
  const { createRoot } = await vi.importActual<typeof import('react-dom/client')>('react-dom/client')
  // React 17's modules: `react` without useSyncExternalStore, `react-dom` with render / unmountComponentAtNode
  const { useSyncExternalStore: _none, ...react17 } = react
  const roots = new Map<Element, ReturnType<typeof createRoot>>()
  legacy = {
    render: vi.fn((node: any, container: Element) => {
      if (!roots.has(container)) roots.set(container, createRoot(container))
      reactDom.flushSync(() => roots.get(container)!.render(node))
    }),
    unmountComponentAtNode: vi.fn((container: Element) => {
      roots.get(container)?.unmount()
      return roots.delete(container)
    }),
  }
  page = { react: react17, reactDom: { version: react.version, flushSync: reactDom.flushSync, ...legacy } }
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

function source(): PanelSource & { calls: unknown[][]; update(change: Partial<PanelData>): void } {
  const calls: unknown[][] = []
  const listeners = new Set<() => void>()
  let data: PanelData = {
    sdkKey: 'abcdefgh12345678XYZ',
    ready: true,
    user: { identifiers: { $id: 'u1' }, properties: {}, hackleProperties: {}, cohorts: [] },
    experiments: [{ kind: 'ab', id: 11, key: 1, status: 'RUNNING', answer: 'B', variationKey: 'B', reason: 'TRAFFIC_ALLOCATED', variations: [{ id: 101, key: 'A', dropped: false }, { id: 102, key: 'B', dropped: false }] }],
    flags: [],
    remoteConfigs: [],
    events: [],
    messages: undefined,
    plugins: ['devtool'],
  }
  const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args])
  return {
    calls,
    update(change) {
      data = { ...data, ...change }
      listeners.forEach((listener) => listener())
    },
    read: () => data,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
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

describe('React-free views on a React before 18 (legacy render, no useSyncExternalStore)', () => {
  it('the DevTool panel mounts with render, follows its data side, works from the keyboard and unmounts', async () => {
    const { withPageReact } = await import('../../../../src/plugins/devtool/panel/page-react')
    const view = withPageReact(page, logger)
    expect(view).toBeDefined()
    const host = document.createElement('div')
    document.body.appendChild(host)
    const data = source()
    const unmount = view!.mountPanel(host, data)
    const shadow = host.shadowRoot!
    expect(legacy.render).toHaveBeenCalledTimes(1)
    const tabs = () => [...shadow.querySelectorAll('[role=tab]')].map((tab) => tab.textContent)
    expect(tabs()).toEqual(['User', 'A/B tests1', 'Flags0', 'Remote config0', 'Events0', 'In-app', 'Plugins1'])
    // a change of the data side is drawn (the stand-in for useSyncExternalStore subscribed)
    await vi.waitFor(() => {
      data.update({ plugins: ['devtool', 'manual-overrides'] })
      expect(tabs().at(-1)).toBe('Plugins2')
    })
    fireEvent.keyDown(shadow.querySelector('[role=tab][aria-selected=true]')!, { key: 'ArrowLeft' })
    await vi.waitFor(() => expect(shadow.querySelector('[role=tab][aria-selected=true]')?.textContent).toBe('User'))
    fireEvent.click(shadow.querySelector('[aria-label="Close the DevTool"]')!)
    expect(data.calls).toEqual([['close']])
    unmount()
    expect(legacy.unmountComponentAtNode).toHaveBeenCalledTimes(1)
    expect(shadow.childElementCount).toBe(0)
  })

  it('the in-app renderer mounts with render and unmounts with unmountComponentAtNode', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }))
    const ends: unknown[] = []
    const onEnd = (event: Event) => ends.push((event as CustomEvent).detail)
    window.addEventListener('hackle-iam-lifecycle-end', onEnd)
    const { installWithPageReact } = await import('../../../../src/plugins/in-app-messages/renderer/page-react')
    const win = window as Window & { HackleInAppMessageRenderer?: any }
    delete win.HackleInAppMessageRenderer
    expect(installWithPageReact(win, page, logger)).toBe(true)
    const container = document.createElement('div')
    document.body.appendChild(container)
    const renderer = new win.HackleInAppMessageRenderer.HackleInAppMessageRenderer(container)
    const renders = legacy.render.mock.calls.length
    await renderer.render({ messageId: 1, message: catalogue('https://cdn.example.com').modalTextOnly, renderType: 'pc' })
    window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type: 'OPEN', id: 'o' } }))
    expect(legacy.render.mock.calls.length).toBeGreaterThan(renders)
    expect(container.shadowRoot!.querySelector('[role="dialog"]')?.textContent).toContain('Notifications are on')
    expect(ends).toEqual([{ type: 'OPEN', id: 'o' }])
    const unmounts = legacy.unmountComponentAtNode.mock.calls.length
    renderer.destroy()
    expect(legacy.unmountComponentAtNode.mock.calls.length).toBe(unmounts + 1)
    window.removeEventListener('hackle-iam-lifecycle-end', onEnd)
    delete win.HackleInAppMessageRenderer
  })
})
