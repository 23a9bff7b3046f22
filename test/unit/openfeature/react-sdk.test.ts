import { afterEach, describe, expect, it, vi } from 'vitest'
import { createElement as h } from 'react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import {
  OpenFeature,
  OpenFeatureProvider,
  ProviderEvents,
  useBooleanFlagDetails,
  useNumberFlagValue,
  useObjectFlagValue,
  useStringFlagValue,
  useTrack,
} from '@openfeature/react-sdk'
import { nextEvent, useOpenFeatureHarness } from './harness'
import { changedWorkspace, testWorkspace } from './workspace'

const { server, start } = useOpenFeatureHarness()

afterEach(() => cleanup())

let renders = 0

/** A component reading every type through the OpenFeature React SDK's hooks, and tracking a purchase. */
function Shop() {
  renders++
  const checkout = useBooleanFlagDetails('5', false)
  const variation = useStringFlagValue('ab:2', 'A')
  const items = useNumberFlagValue('max_items', 1)
  const layout = useObjectFlagValue('layout', { columns: 1 })
  const { track } = useTrack()
  return h(
    'div',
    null,
    h('p', { 'data-testid': 'answers' }, `checkout=${checkout.value}/${checkout.reason} variation=${variation} items=${items} columns=${String(layout.columns)}`),
    h('button', { onClick: () => track('purchase', { value: 12 }) }, 'buy'),
  )
}

const answers = () => screen.getByTestId('answers').textContent

/** Lines on console.error that are not Hackle's own log (React's warnings: act, keys, updates after unmount). */
const reactWarnings = (errors: { mock: { calls: unknown[][] } }) => errors.mock.calls.filter(([line]) => !String(line).startsWith('[ERROR] Hackle:'))

describe('@openfeature/react-sdk hooks on the HackleProvider', () => {
  it('answer every type, and re-render on the config, a context change and nothing else; useTrack tracks', async () => {
    const errors = vi.spyOn(console, 'error')
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen, hackle } = start()
    await act(() => OpenFeature.setProviderAndWait(provider))
    render(h(OpenFeatureProvider, null, h(Shop)))
    expect(answers()).toBe('checkout=false/DEFAULT variation=B items=10 columns=3')

    await act(async () => {
      const changed = nextEvent(ProviderEvents.ContextChanged)
      await OpenFeature.setContext({ targetingKey: 'member-1', grade: 'gold' })
      await changed
    })
    expect(answers()).toBe('checkout=true/TARGETING_MATCH variation=B items=10 columns=3')

    server.body = JSON.stringify(changedWorkspace())
    await act(async () => {
      const changed = nextEvent(ProviderEvents.ConfigurationChanged)
      await hackle.fetch()
      await changed
    })
    expect(answers()).toBe('checkout=true/TARGETING_MATCH variation=B items=20 columns=3')

    // the same config loaded again: no event, no render
    const rendered = renders
    await act(async () => {
      seen.kernel!.workspaces.set(changedWorkspace())
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(renders).toBe(rendered)

    seen.events.length = 0
    fireEvent.click(screen.getByText('buy'))
    expect(seen.events.filter((e) => e.type === 'track')).toMatchObject([{ key: 'purchase', value: 12 }])
    expect(reactWarnings(errors)).toEqual([])
    errors.mockRestore()
  })

  it('show the defaults while Hackle has no config and the answers once PROVIDER_READY comes after a failed start', async () => {
    const errors = vi.spyOn(console, 'error')
    server.status = 500
    const { provider, hackle } = start()
    await act(() => OpenFeature.setProviderAndWait(provider).catch(() => undefined))
    render(h(OpenFeatureProvider, null, h(Shop)))
    expect(answers()).toBe('checkout=false/ERROR variation=A items=1 columns=1')

    server.status = 200
    server.body = JSON.stringify(testWorkspace())
    await act(async () => {
      const ready = nextEvent(ProviderEvents.Ready)
      await hackle.fetch()
      await ready
    })
    expect(answers()).toBe('checkout=false/DEFAULT variation=B items=10 columns=3')
    expect(reactWarnings(errors)).toEqual([])
    errors.mockRestore()
  })
})
