// hackle-kit/react in happy-dom with React Testing Library: the reference's answers without a provider, before and
// after the config; re-renders exactly when an answer changes; one exposure per decision; the components.
import { createElement as h, type ReactNode } from 'react'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createInstance,
  HackleContext,
  HackleExperiment,
  HackleFeature,
  HackleProvider,
  HackleVariation,
  useFeature,
  useFeatureFlagDetail,
  useLoadableFeature,
  useLoadableFeatureDetail,
  useLoadableRemoteConfig,
  useLoadableVariation,
  useLoadableVariationDetail,
  useRemoteConfig,
  useTrack,
  useVariation,
  useVariationDetail,
  type HackleReactSDKClient,
} from '../../../src/react'
import { LOCAL, counting, freshKey, openWorkspace, useGatedConfigServer } from './helpers'

const server = useGatedConfigServer()
const clients: HackleReactSDKClient[] = []
afterEach(() => {
  cleanup()
  clients.splice(0).forEach((client) => client.close())
  vi.restoreAllMocks()
})

/** A client of the test server (config served by the gated server unless `workspaceConfig` is given). */
function makeClient(options: Record<string, unknown> = {}) {
  const { counts, plugin } = counting()
  const client = createInstance(freshKey(), { ...LOCAL, exposureEventDedupIntervalMillis: -1, ...options, plugins: [plugin] })
  clients.push(client)
  return { client, counts }
}

/** Renders every hook's answer as text, and counts its renders. */
function Probe({ renders }: { renders?: { count: number } }) {
  if (renders) renders.count++
  const variation = useVariation(1)
  const detail = useVariationDetail(1)
  const loadable = useLoadableVariation(1)
  const loadableDetail = useLoadableVariationDetail(1)
  const feature = useFeature(5)
  const featureDetail = useFeatureFlagDetail(5)
  const loadableFeature = useLoadableFeature(5)
  const loadableFeatureDetail = useLoadableFeatureDetail(5)
  const banner = useRemoteConfig().get('banner_text', 'none')
  const loadableConfig = useLoadableRemoteConfig()
  return h(
    'pre',
    { 'data-testid': 'probe' },
    JSON.stringify({
      variation,
      detail: [detail.variation, detail.reason],
      loadable,
      loadableDetail: [loadableDetail.isLoading, loadableDetail.decision.variation, loadableDetail.decision.reason],
      feature,
      featureDetail: [featureDetail.isOn, featureDetail.reason],
      loadableFeature,
      loadableFeatureDetail: [loadableFeatureDetail.isLoading, loadableFeatureDetail.decision.isOn, loadableFeatureDetail.decision.reason],
      banner,
      loadableConfig: [loadableConfig.isLoading, loadableConfig.remoteConfig.get('banner_text', 'none')],
    }),
  )
}
const probe = () => JSON.parse(screen.getByTestId('probe').textContent!)

describe('without a provider', () => {
  it("answers the reference's defaults and logs that the client is missing", () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(h(Probe))
    expect(probe()).toEqual({
      variation: 'A',
      detail: ['A', 'EXCEPTION'],
      loadable: { isLoading: true, variation: 'A' },
      loadableDetail: [true, 'A', 'EXCEPTION'],
      feature: false,
      featureDetail: [false, 'EXCEPTION'],
      loadableFeature: { isLoading: true, isOn: false },
      loadableFeatureDetail: [true, false, 'EXCEPTION'],
      banner: 'none',
      loadableConfig: [true, 'none'],
    })
    expect(errors.mock.calls.some(([line]) => String(line).includes('HackleClient is not existed'))).toBe(true)
  })

  it('useTrack gives a function that does nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let track: ReturnType<typeof useTrack> | undefined
    render(h(() => ((track = useTrack()), null)))
    expect(() => track!({ key: 'purchase' })).not.toThrow()
  })
})

describe('before and after the config', () => {
  it('renders nothing before the config without supportSSR, then the decisions', async () => {
    server.close()
    const { client } = makeClient({ user: { id: 'user_1' } })
    render(h(HackleProvider, { hackleClient: client }, h('p', null, 'inside')))
    expect(screen.queryByText('inside')).toBeNull()
    server.release()
    await screen.findByText('inside')
  })

  it('with supportSSR: loading states and defaults first, the decisions once the config arrives', async () => {
    server.close()
    const { client } = makeClient({ user: { id: 'user_1' } })
    render(h(HackleProvider, { hackleClient: client, supportSSR: true }, h(Probe)))
    expect(probe()).toEqual({
      variation: 'A',
      // the client's own answer before its workspace (the reference's hooks ask it)
      detail: ['A', 'SDK_NOT_READY'],
      loadable: { isLoading: true, variation: 'A' },
      loadableDetail: [true, 'A', 'SDK_NOT_READY'],
      feature: false,
      featureDetail: [false, 'SDK_NOT_READY'],
      loadableFeature: { isLoading: true, isOn: false },
      loadableFeatureDetail: [true, false, 'SDK_NOT_READY'],
      banner: 'none',
      loadableConfig: [true, 'none'],
    })
    server.release()
    await waitFor(() => expect(probe().loadable.isLoading).toBe(false))
    const decided = client.variationDetail(1)
    const flag = client.featureFlagDetail(5)
    expect(decided.reason).toBe('TRAFFIC_ALLOCATED')
    expect(probe()).toEqual({
      variation: decided.variation,
      detail: [decided.variation, decided.reason],
      loadable: { isLoading: false, variation: decided.variation },
      loadableDetail: [false, decided.variation, decided.reason],
      feature: flag.isOn,
      featureDetail: [flag.isOn, flag.reason],
      loadableFeature: { isLoading: false, isOn: flag.isOn },
      loadableFeatureDetail: [false, flag.isOn, flag.reason],
      banner: 'Hello',
      loadableConfig: [false, 'Hello'],
    })
  })

  it('answers on the first render when the client has workspaceConfig (no request waited for)', () => {
    server.close()
    const { client } = makeClient({ user: { id: 'user_1' }, workspaceConfig: openWorkspace() })
    render(h(HackleProvider, { hackleClient: client }, h(Probe)))
    expect(probe().loadable).toEqual({ isLoading: false, variation: client.variation(1) })
    expect(probe().detail[1]).toBe('TRAFFIC_ALLOCATED')
  })

  it('an initialization that times out renders the tree with the defaults', async () => {
    server.close()
    const { client } = makeClient()
    render(h(HackleProvider, { hackleClient: client, timeout: 50 }, h(Probe)))
    await waitFor(() => expect(screen.getByTestId('probe')).toBeTruthy())
    expect(probe().loadable).toEqual({ isLoading: false, variation: 'A' })
    expect(probe().detail).toEqual(['A', 'SDK_NOT_READY'])
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
})

/** Two users of the open workspace that get different variations of experiment 1 (found by asking the client). */
function twoUsersApart(client: HackleReactSDKClient): [string, string] {
  const first = 'user_1'
  const firstVariation = client.variation(1, { id: first })
  for (let i = 2; i < 200; i++) if (client.variation(1, { id: `user_${i}` }) !== firstVariation) return [first, `user_${i}`]
  throw new Error('no second variation among 200 users')
}

describe('re-renders', () => {
  function Variation({ renders }: { renders: { count: number } }) {
    renders.count++
    return h('p', { 'data-testid': 'v' }, useVariation(1))
  }

  it('when the user changes the answer, and not for calls that change nothing', async () => {
    const { client } = makeClient({ workspaceConfig: openWorkspace() })
    const [first, second] = twoUsersApart(client)
    await client.setUser({ id: first })
    const renders = { count: 0 }
    render(h(HackleProvider, { hackleClient: client }, h(Variation, { renders })))
    const before = screen.getByTestId('v').textContent
    expect(renders.count).toBe(1)

    await act(async () => {
      client.track('purchase')
      await client.setUser({ id: first })
    })
    expect(renders.count).toBe(1)

    await act(() => client.setUser({ id: second }))
    expect(screen.getByTestId('v').textContent).not.toBe(before)
    expect(screen.getByTestId('v').textContent).toBe(client.variation(1))
    expect(renders.count).toBe(2)
  })

  it("when the provider's user prop changes, applied before the children decide", () => {
    const { client, counts } = makeClient({ workspaceConfig: openWorkspace() })
    const [first, second] = twoUsersApart(client)
    const expected = [client.variation(1, { id: first }), client.variation(1, { id: second })]
    counts.exposures = 0
    const renders = { count: 0 }
    const tree = (id: string) => h(HackleProvider, { hackleClient: client, user: { id } }, h(Variation, { renders }))
    const { rerender } = render(tree(first))
    expect(screen.getByTestId('v').textContent).toBe(expected[0])
    rerender(tree(first))
    expect(counts.exposures).toBe(1)
    rerender(tree(second))
    expect(screen.getByTestId('v').textContent).toBe(expected[1])
    expect(client.getUser().id).toBe(second)
    expect(counts.exposures).toBe(2)
  })

  it('when the workspace changes (a new config) or an override changes (kernel.invalidate)', async () => {
    const { client, counts } = makeClient({ workspaceConfig: openWorkspace(), user: { id: 'user_1' } })
    let forced: string | undefined
    counts.kernel!.hooks.overrideVariation.tap('test-override', (experiment) => {
      if (!forced) return undefined
      return experiment.variations.find((variation) => variation.key === forced)?.id
    })
    const renders = { count: 0 }
    render(h(HackleProvider, { hackleClient: client }, h(Variation, { renders })))
    const natural = screen.getByTestId('v').textContent!
    const other = natural === 'A' ? 'B' : 'A'

    await act(async () => {
      forced = other
      counts.kernel!.invalidate()
    })
    expect(screen.getByTestId('v').textContent).toBe(other)

    await act(async () => {
      forced = undefined
      const paused = openWorkspace() as Record<string, any>
      paused.experiments[0].execution.status = 'PAUSED'
      paused.experiments[0].status = 'PAUSED'
      counts.kernel!.workspaces.set(paused)
    })
    expect(screen.getByTestId('v').textContent).toBe(client.variation(1))
    expect(client.variationDetail(1).reason).not.toBe('TRAFFIC_ALLOCATED')
    expect(renders.count).toBeLessThanOrEqual(3)
  })

  it('a change that leaves the answer as it was re-renders nobody (the same object is kept)', async () => {
    const { client, counts } = makeClient({ workspaceConfig: openWorkspace(), user: { id: 'user_1' } })
    const renders = { count: 0 }
    let seen: unknown[] = []
    function Detail() {
      renders.count++
      const detail = useVariationDetail(1)
      seen.push(detail)
      return h('p', null, detail.variation)
    }
    render(h(HackleProvider, { hackleClient: client }, h(Detail)))
    const count = renders.count
    seen = []
    await act(async () => counts.kernel!.invalidate())
    expect(renders.count).toBe(count)
    expect(seen).toEqual([])
  })
})

describe('exposures', () => {
  it('one per decision however many components ask (duplicate suppression off)', () => {
    const { client, counts } = makeClient({ workspaceConfig: openWorkspace(), user: { id: 'user_1' } })
    const Asker = () => h('span', null, useVariation(1), useVariationDetail(1).variation, useLoadableVariation(1).variation)
    render(h(HackleProvider, { hackleClient: client }, h(Asker), h(Asker), h(Asker)))
    expect(counts.events.filter((e) => e.type === 'exposure')).toEqual([{ type: 'exposure', key: undefined, experimentKey: 1 }])
  })

  it('useTrack tracks for the current user, with the same function across renders', () => {
    const { client, counts } = makeClient({ workspaceConfig: openWorkspace(), user: { id: 'user_1' } })
    const tracks: unknown[] = []
    function Buyer({ n }: { n: number }) {
      const track = useTrack()
      tracks.push(track)
      return h('button', { onClick: () => track({ key: 'purchase', value: n }) }, 'buy')
    }
    const { rerender } = render(h(HackleProvider, { hackleClient: client }, h(Buyer, { n: 1 })))
    rerender(h(HackleProvider, { hackleClient: client }, h(Buyer, { n: 2 })))
    act(() => screen.getByText('buy').click())
    expect(counts.events.filter((e) => e.type === 'track' && e.key === 'purchase')).toHaveLength(1)
    expect(new Set(tracks).size).toBe(1)
  })
})

describe('components', () => {
  const tree = (client: HackleReactSDKClient, children: ReactNode) => h(HackleProvider, { hackleClient: client, supportSSR: true }, children)

  it('HackleExperiment renders the matching HackleVariation, a default one, or a function child', async () => {
    const { client } = makeClient({ workspaceConfig: openWorkspace(), user: { id: 'user_1' } })
    const variation = client.variation(1)
    render(
      tree(
        client,
        h(
          'div',
          null,
          h(HackleExperiment, { experimentKey: 1 }, h(HackleVariation, { variation: 'A' }, h('span', null, 'shows A')), h(HackleVariation, { variation: 'B' }, h('span', null, 'shows B'))),
          h(HackleExperiment, { experimentKey: 1, children: (v: string) => h('span', null, `function ${v}`) }),
          h(HackleExperiment, { experimentKey: 999 }, h(HackleVariation, { default: true }, h('span', null, 'fallback')), h(HackleVariation, { variation: 'Z' }, h('span', null, 'never'))),
        ),
      ),
    )
    expect(screen.getByText(`shows ${variation}`)).toBeTruthy()
    expect(screen.queryByText(`shows ${variation === 'A' ? 'B' : 'A'}`)).toBeNull()
    expect(screen.getByText(`function ${variation}`)).toBeTruthy()
    expect(screen.getByText('fallback')).toBeTruthy()
  })

  it('HackleFeature calls its child with isOn once ready, nothing while loading', async () => {
    server.close()
    const { client } = makeClient({ user: { id: 'user_1' } })
    render(tree(client, h(HackleFeature, { featureKey: 5, children: (isOn: boolean) => h('p', null, `feature ${isOn}`) })))
    expect(screen.queryByText(/feature/)).toBeNull()
    server.release()
    await screen.findByText(`feature ${client.isFeatureOn(5)}`)
  })
})

describe('the React client', () => {
  it('createInstance gives the same client for the same key while it runs', () => {
    const key = freshKey()
    const client = createInstance(key, LOCAL)
    clients.push(client)
    expect(createInstance(key, LOCAL)).toBe(client)
  })

  it('on / off / emit, and user-updated after a user call that changed the user', async () => {
    const { client } = makeClient({ workspaceConfig: openWorkspace() })
    const heard: unknown[] = []
    const listener = (user: unknown) => heard.push(user)
    client.on('user-updated', listener)
    await client.setUserId('member-1')
    expect(heard).toHaveLength(1)
    expect(heard[0]).toMatchObject({ userId: 'member-1' })
    await client.setUserId('member-1')
    expect(heard).toHaveLength(1)
    client.emit('user-updated', null)
    expect(heard).toEqual([expect.objectContaining({ userId: 'member-1' }), null])
    client.off('user-updated', listener)
    await client.setUserId('member-2')
    expect(heard).toHaveLength(2)
  })

  it("the provider's context counts user updates (userVersion)", async () => {
    const { client } = makeClient({ workspaceConfig: openWorkspace() })
    const versions: number[] = []
    const Reader = () => h(HackleContext.Consumer, { children: (value: HackleContext) => (versions.push(value.userVersion), null) })
    render(h(HackleProvider, { hackleClient: client }, h(Reader)))
    await act(() => client.setUserId('member-9'))
    expect(versions.at(-1)).toBeGreaterThan(versions[0]!)
  })

  it('a provider without a usable client renders its tree with the defaults and logs', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(h(HackleProvider, { hackleClient: undefined as unknown as HackleReactSDKClient, supportSSR: true }, h(Probe)))
    expect(probe().variation).toBe('A')
    expect(errors).toHaveBeenCalled()
  })
})
