// @vitest-environment node
// Server rendering in node, without window or document: a client made with the server's workspace config renders
// the decisions for the provider's user at once; without a config, supportSSR renders the loading state and the
// plain provider renders nothing (the reference's server output).
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createInstance, HackleExperiment, HackleFeature, HackleProvider, HackleVariation, useLoadableVariation, useRemoteConfig, useVariation, type HackleReactSDKClient } from '../../../src/react'
import { LOCAL, freshKey, openWorkspace } from './helpers'

const clients: HackleReactSDKClient[] = []
let errors: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  // the server's client sends its events somewhere: nowhere here
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('/cohorts')) return Response.json({ cohorts: [] })
      if (String(url).includes('/user-targets')) return Response.json({ events: [] })
      if (String(url).includes('/config')) return new Promise<Response>(() => undefined) // never answers
      return new Response('', { status: 200 })
    }),
  )
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  clients.splice(0).forEach((client) => client.close())
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function Page() {
  const variation = useVariation(1)
  const loadable = useLoadableVariation(1)
  const banner = useRemoteConfig().get('banner_text', 'none')
  return h(
    'main',
    null,
    h('p', { id: 'variation' }, `${variation}/${loadable.isLoading ? 'loading' : loadable.variation}/${banner}`),
    h(HackleExperiment, { experimentKey: 1 }, h(HackleVariation, { variation: 'A' }, h('b', null, 'copy A')), h(HackleVariation, { variation: 'B' }, h('b', null, 'copy B'))),
    h(HackleFeature, { featureKey: 5, children: (isOn: boolean) => h('i', null, isOn ? 'on' : 'off') }),
  )
}

describe('server render (node, no window)', () => {
  it('runs without a DOM', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it("with the server's workspace config: the decisions for the provider's user", () => {
    const client = createInstance(freshKey(), { ...LOCAL, workspaceConfig: openWorkspace() })
    clients.push(client)
    const html = renderToString(h(HackleProvider, { hackleClient: client, user: { id: 'user_1' } }, h(Page)))
    const variation = client.variationDetail(1)
    expect(client.getUser().id).toBe('user_1')
    expect(variation.reason).toBe('TRAFFIC_ALLOCATED')
    const v = variation.variation
    expect(html).toBe(`<main><p id="variation">${v}/${v}/Hello</p><b>copy ${v}</b><i>${client.isFeatureOn(5) ? 'on' : 'off'}</i></main>`)
    expect(errors).not.toHaveBeenCalled()
  })

  it('two users in a row on one server client each get their own answers', () => {
    const client = createInstance(freshKey(), { ...LOCAL, workspaceConfig: openWorkspace() })
    clients.push(client)
    const markup = (id: string) => renderToString(h(HackleProvider, { hackleClient: client, user: { id } }, h(Page)))
    const expected = (id: string) => client.variation(1, { id })
    const users = Array.from({ length: 12 }, (_, i) => `user_${i}`)
    for (const id of users) expect(markup(id)).toContain(`<p id="variation">${expected(id)}/`)
    expect(new Set(users.map(expected)).size).toBe(2)
  })

  it('without a config: supportSSR renders the loading state and defaults, the plain provider nothing', () => {
    const client = createInstance(freshKey(), { ...LOCAL })
    clients.push(client)
    expect(renderToString(h(HackleProvider, { hackleClient: client, user: { id: 'user_1' }, supportSSR: true }, h(Page)))).toBe(
      '<main><p id="variation">A/loading/none</p></main>',
    )
    expect(renderToString(h(HackleProvider, { hackleClient: client, user: { id: 'user_1' } }, h(Page)))).toBe('')
  })
})
