// Under StrictMode (double renders, effects run, cleaned up and run again) an app gets one client, one config
// request, the same exposures as without StrictMode (one per decision and change: with duplicate suppression off, a
// change that may alter answers, like the first page arriving after the config, decides again), and no listener left
// behind after unmount.
import { createElement as h, StrictMode, useState } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createInstance, HackleProvider, useFeature, useLoadableVariation, useRemoteConfig, useVariation, type HackleReactSDKClient } from '../../../src/react'
import { LOCAL, counting, freshKey, openWorkspace, useGatedConfigServer } from './helpers'

const server = useGatedConfigServer()
const clients = new Set<HackleReactSDKClient>()
afterEach(() => {
  cleanup()
  clients.forEach((client) => client.close())
  clients.clear()
})

function Page() {
  const variation = useVariation(1)
  const loadable = useLoadableVariation(1)
  const on = useFeature(5)
  const banner = useRemoteConfig().get('banner_text', 'none')
  return h('p', { 'data-testid': 'page' }, `${variation} ${loadable.variation} ${on} ${banner}`)
}

describe('StrictMode', () => {
  it('one client, one config request, one exposure, no leaked listeners', async () => {
    const key = freshKey()
    const { counts, plugin } = counting()
    let subscribed = 0
    let made = 0
    /** The app makes its client inside a component, the way StrictMode punishes most. */
    function App() {
      const [client] = useState(() => {
        made++
        const created = createInstance(key, { ...LOCAL, user: { id: 'user_1' }, plugins: [plugin] })
        clients.add(created)
        // counts the subscriptions that are alive (the bindings subscribe through the client)
        const subscribe = created.subscribe
        created.subscribe = (listener) => {
          subscribed++
          const stop = subscribe(listener)
          let stopped = false
          return () => {
            if (!stopped) subscribed--
            stopped = true
            stop()
          }
        }
        return created
      })
      return h(HackleProvider, { hackleClient: client }, h(Page))
    }
    const view = render(h(StrictMode, null, h(App)))
    await screen.findByTestId('page')
    await act(async () => undefined)

    expect(made).toBe(2) // StrictMode calls the initializer twice …
    expect(clients.size).toBe(1) // … and gets the same client both times
    expect(server.configRequests).toBe(1)
    const client = [...clients][0]!
    const exposures = counts.events.filter((e) => e.type === 'exposure').map((e) => e.experimentKey)
    const variation = client.variation(1)
    expect(screen.getByTestId('page').textContent).toBe(`${variation} ${variation} ${client.isFeatureOn(5)} Hello`)
    // the bindings' exposures (experiment 1 and feature 5), each once
    expect(exposures).toEqual([1, 5])
    expect(counts.events.filter((e) => e.type === 'remoteConfig')).toHaveLength(1)
    expect(subscribed).toBeGreaterThan(0)

    view.unmount()
    expect(subscribed).toBe(0)
  })

  it('the same exposures with and without StrictMode, duplicate suppression off (a user change included)', async () => {
    async function exposuresOf(strict: boolean): Promise<Array<number | undefined>> {
      const { counts, plugin } = counting()
      const client = createInstance(freshKey(), { ...LOCAL, workspaceConfig: openWorkspace(), exposureEventDedupIntervalMillis: -1, plugins: [plugin] })
      clients.add(client)
      const wrap = (node: ReturnType<typeof h>) => (strict ? h(StrictMode, null, node) : node)
      const tree = (id: string) => wrap(h(HackleProvider, { hackleClient: client, user: { id } }, h(Page)))
      const view = render(tree('user_1'))
      await act(async () => undefined)
      view.rerender(tree('user_2'))
      await act(async () => undefined)
      expect(screen.getByTestId('page').textContent).toBe(`${client.variation(1)} ${client.variation(1)} ${client.isFeatureOn(5)} Hello`)
      view.unmount()
      return counts.events.filter((e) => e.type === 'exposure').map((e) => e.experimentKey)
    }
    const plain = await exposuresOf(false)
    const strict = await exposuresOf(true)
    expect(strict).toEqual(plain)
    expect(plain.filter((key) => key === 1).length).toBeGreaterThanOrEqual(2) // one per user at least
  })
})
