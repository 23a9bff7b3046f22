import { describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, definePluginHooks, prepareNavigation, Stage, SyncHook, type DecisionInfo, type Plugin, type SdkEvent } from '../../../src/kernel'
import { createInstance } from '../../../src'
import { sync } from '../../../src/plugins/sync'
import { events } from '../../../src/plugins/events'
import { EXAMPLE, SDK_KEY, SDK_URL, useWorkspaceServer } from '../client/helpers'

const server = useWorkspaceServer()
const USER = { id: 'user_1', deviceId: 'user_1' }

/** A logger that keeps what the kernel says (the kernel logs through `console`). */
function captureLogs() {
  const lines: string[] = []
  const spies = (['warn', 'error', 'info', 'debug', 'log'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
  )
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) }
}

describe('the event stream is a kernel contract', () => {
  it('a consent plugin drops every event before sessions, suppression and delivery see it', async () => {
    let consent = false
    const seen: string[] = []
    const consentPlugin = definePlugin(() => ({
      name: 'consent',
      apply: ({ hooks }) => {
        hooks.filterEvent.tap('consent', () => consent)
        hooks.eventCreated.tap('consent', (event) => void seen.push(`created:${event.type}`))
        hooks.eventAccepted.tap('consent', (event, delivered) => void seen.push(`accepted:${event.type}:${delivered}`))
      },
    }))
    const posted: string[] = []
    const client = createInstance(`${SDK_KEY}-consent`, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      eventUrl: SDK_URL,
      workspaceConfig: EXAMPLE,
      plugins: [consentPlugin()],
    })
    const sendBeacon = vi.fn((_url: string, data: unknown) => {
      posted.push(String(data))
      return true
    })
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon })
    client.track('purchase')
    client.variation(1, USER)
    expect(seen).toEqual([])
    consent = true
    client.track('purchase')
    expect(seen).toEqual(['created:track', 'accepted:track:true'])
    client.close()
    // Only the event tracked with consent reached delivery (the close beacons what is queued).
    const body = decodeURIComponent(posted.join('\n'))
    expect(body.match(/"eventTypeKey":"purchase"/g)).toHaveLength(1)
    // The session events the sessions plugin made before consent were dropped too.
    expect(body).not.toContain('$session_start')
  })

  it('a slim client without the events plugin forwards exposures after duplicate suppression', () => {
    const forwarded: Array<[string, boolean]> = []
    const forward = definePlugin(() => ({
      name: 'forward-exposures',
      apply: ({ hooks }) =>
        hooks.eventAccepted.tap('forward-exposures', (event, delivered) => {
          if (event.type === 'exposure') forwarded.push([`${event.kind}:${event.experimentKey}:${event.variationKey}`, delivered])
        }),
    }))
    const client = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: EXAMPLE, plugins: [forward()] })
    client.variation(1, USER)
    client.variation(1, USER)
    client.isFeatureOn(5, USER)
    expect(forwarded.map(([label]) => label.split(':').slice(0, 2).join(':'))).toEqual(['ab-test:1', 'feature-flag:5'])
    // Nothing delivers in a slim client, and the plugin is told so.
    expect(forwarded.every(([, delivered]) => delivered === false)).toBe(true)
    client.close()
  })

  it('exposures are a public view: plain values, never the parsed experiment', () => {
    const exposures: SdkEvent[] = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [{ name: 'keep', apply: ({ hooks }) => hooks.eventCreated.tap('keep', (event) => void exposures.push(event)) }],
    })
    client.isFeatureOn(5, USER)
    const [exposure] = exposures
    expect(exposure).toMatchObject({ type: 'exposure', kind: 'feature-flag', experimentKey: 5 })
    if (exposure?.type !== 'exposure') throw new Error('no exposure')
    expect(typeof exposure.experimentId).toBe('number')
    expect(exposure.isOn).toBe(exposure.variationKey !== 'A')
    expect(exposure.rootType).toBeUndefined()
    expect(exposure).not.toHaveProperty('experiment')
    client.close()
  })

  it('enrichEvent returns a changed copy and deliverEvent answers whether the event will be sent', () => {
    const accepted: Array<[string | number | undefined, boolean]> = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [
        {
          name: 'stream',
          apply: ({ hooks }) => {
            hooks.enrichEvent.tap('stream', (event) => ({ ...event, user: { ...event.user, identifiers: { ...event.user.identifiers, $tag: 't' } } }))
            hooks.deliverEvent.tap('stream', (event) => event.type === 'track')
            hooks.eventAccepted.tap('stream', (event, delivered) => void accepted.push([event.user.identifiers.$tag, delivered]))
          },
        },
      ],
    })
    client.track('purchase', USER)
    client.variation(1, USER)
    expect(accepted).toEqual([
      ['t', true],
      ['t', false],
    ])
    client.close()
  })
})

describe('decisions are told to plugins', () => {
  it('every decision reaches hooks.decided, also those without an event', () => {
    const decided: DecisionInfo[] = []
    const listen: Plugin = { name: 'listen', apply: ({ hooks }) => hooks.decided.tap('listen', (info) => void decided.push(info)) }
    const notReady = createKernel(SDK_KEY, { log_disabled: true, plugins: [listen] })
    notReady.variation(1, USER)
    notReady.remoteConfig(USER).get('banner_text', 'x')
    notReady.close()
    const ready = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: EXAMPLE, plugins: [listen] })
    ready.variation(404, USER)
    ready.isFeatureOn(5, USER)
    ready.variation(0 as number, USER)
    ready.close()
    expect(decided.map((info) => `${info.kind}:${info.key}:${info.reason}`)).toEqual([
      'ab-test:1:SDK_NOT_READY',
      'remote-config:banner_text:SDK_NOT_READY',
      'ab-test:404:EXPERIMENT_NOT_FOUND',
      `feature-flag:5:${decided[3]!.reason}`,
      'ab-test:0:INVALID_INPUT',
    ])
    expect(decided[3]!.user?.identifiers.$id).toBe('user_1')
  })

  it('overrideRemoteConfig answers with OVERRIDDEN and no event, when the value fits the default type', () => {
    const eventTypes: string[] = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [
        {
          name: 'override',
          apply: ({ hooks }) => {
            hooks.overrideRemoteConfig.tap('override', (parameter) => (parameter.key === 'banner_text' ? 'forced' : undefined))
            hooks.eventCreated.tap('override', (event) => void eventTypes.push(event.type))
          },
        },
      ],
    })
    expect(client.remoteConfig(USER).getDetail('banner_text', 'default')).toEqual({ value: 'forced', reason: 'OVERRIDDEN' })
    expect(eventTypes).toEqual([])
    // A number default does not take a string override: the normal evaluation answers.
    expect(client.remoteConfig(USER).getDetail('banner_text', 0).reason).not.toBe('OVERRIDDEN')
    client.close()
  })
})

describe('start-up state reaches every plugin', () => {
  const hears = (heard: string[], name = 'listener') =>
    ({
      name,
      apply: ({ hooks }) => hooks.workspaceLoaded.tap(name, (workspace, config) => void heard.push(`${workspace.experiments.size}:${typeof config}`)),
    }) satisfies Plugin

  it('a plugin hears a workspace given as workspaceConfig', () => {
    const heard: string[] = []
    createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: EXAMPLE, plugins: [hears(heard)] }).close()
    expect(heard).toEqual(['1:object'])
  })

  it('a plugin listed after sync hears the cached workspace, and again only when a new one arrives (304: once)', async () => {
    const first = createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync()] })
    await first.onInitialized()
    first.close()
    server.status = 304
    const heard: string[] = []
    const client = createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync(), hears(heard)] })
    expect(heard).toEqual(['1:object'])
    await client.onInitialized()
    expect(heard).toEqual(['1:object'])
    client.close()
  })

  it('a tap added after start-up hears the current workspace at once, and applied / initialized too', async () => {
    let late: { workspaces: number; applied: number; initialized: boolean[] } = { workspaces: 0, applied: 0, initialized: [] }
    let kernelRef: Parameters<Plugin['apply']>[0] | undefined
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [{ name: 'keeper', apply: (kernel) => void (kernelRef = kernel) }],
    })
    await client.onInitialized()
    kernelRef!.hooks.workspaceLoaded.tap('late', () => void late.workspaces++)
    kernelRef!.hooks.applied.tap('late', () => void late.applied++)
    kernelRef!.hooks.initialized.tap('late', (ready) => void late.initialized.push(ready))
    expect(late).toEqual({ workspaces: 1, applied: 1, initialized: [true] })
    client.close()
  })

  it('a plugin that taps during apply hears the workspace after its apply, with its state ready', () => {
    const heard: string[] = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [
        {
          name: 'late-state',
          apply: ({ hooks }) => {
            hooks.workspaceLoaded.tap('late-state', () => void heard.push(state.label))
            const state = { label: 'ready' }
          },
        },
      ],
    })
    expect(heard).toEqual(['ready'])
    client.close()
  })

  it('warns once, by name, about a missing required plugin, unowned plugin hooks and a missing workspace source', () => {
    const logs = captureLogs()
    try {
      const getFooHooks = definePluginHooks('foo', () => ({ ready: new SyncHook<[]>() }))
      createKernel(SDK_KEY, {
        plugins: [
          { name: 'needs-sessions', requires: ['sessions'], apply: () => undefined },
          { name: 'taps-foo', apply: (kernel) => getFooHooks(kernel).ready.tap('taps-foo', () => undefined) },
        ],
      }).close()
    } finally {
      logs.restore()
    }
    const text = logs.lines.join('\n')
    expect(text).toContain('Plugin [needs-sessions] requires plugin [sessions], which is not installed')
    expect(text).toContain('Plugin [taps-foo] taps hooks of plugin [foo], which is not installed')
    expect(text.match(/No workspace source: pass `workspaceConfig` or add sync\(\)/g)).toHaveLength(1)
  })
})

describe('plugins and the client', () => {
  it('a plugin whose apply throws is undone: its taps on any hook and its client methods', () => {
    const getFooHooks = definePluginHooks('foo-owner', () => ({ ping: new SyncHook<[]>() }))
    const calls: string[] = []
    let kernelRef: Parameters<Plugin['apply']>[0] | undefined
    const logs = captureLogs()
    const client = createKernel(SDK_KEY, {
      workspaceConfig: EXAMPLE,
      plugins: [
        { name: 'foo-owner', apply: (kernel) => void (kernelRef = kernel) },
        {
          name: 'broken',
          apply: (kernel) => {
            kernel.hooks.resolveUser.tap('other-name', (user) => {
              calls.push('resolve')
              return user
            })
            getFooHooks(kernel).ping.tap('broken', () => void calls.push('ping'))
            kernel.extend({ brokenMethod: () => 'x' })
            throw new Error('boom')
          },
        },
      ],
    })
    logs.restore()
    expect(logs.lines.join('\n')).toContain('Failed to apply plugin [broken]: Error: boom')
    client.variation(1, USER)
    getFooHooks(kernelRef!).ping.call()
    expect(calls).toEqual([])
    expect('brokenMethod' in client).toBe(false)
    expect(kernelRef!.has('broken')).toBe(false)
    // the installed plugins, in the order they apply: the undone one is not among them
    expect(kernelRef!.plugins()).toEqual(['foo-owner'])
    client.close()
  })

  it('a method name two plugins add is reported with both names; the first is kept', () => {
    const logs = captureLogs()
    const client = createKernel(SDK_KEY, {
      workspaceConfig: EXAMPLE,
      plugins: [
        { name: 'first', apply: (kernel) => kernel.extend({ hello: () => 'first' }) },
        { name: 'second', apply: (kernel) => kernel.extend({ hello: () => 'second', variation: () => 'hijacked' }) },
      ],
    })
    logs.restore()
    const text = logs.lines.join('\n')
    expect(text).toContain('Plugin [second] adds client method [hello] that plugin [first] has')
    expect(text).toContain('Plugin [second] adds client method [variation] that the kernel has')
    expect((client as unknown as { hello(): string }).hello()).toBe('first')
    expect(client.variation(1, USER)).not.toBe('hijacked')
    client.close()
  })

  it('methods added after start-up reach the client createInstance returned', async () => {
    let kernelRef: Parameters<Plugin['apply']>[0] | undefined
    const client = createInstance(`${SDK_KEY}-late-methods`, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      eventUrl: SDK_URL,
      workspaceConfig: EXAMPLE,
      plugins: [{ name: 'later', apply: (kernel) => void (kernelRef = kernel) }],
    })
    kernelRef!.extend({ later: () => 42 })
    expect((client as unknown as { later(): number }).later()).toBe(42)
    expect(createInstance(`${SDK_KEY}-late-methods`)).toBe(client)
    client.close()
    const again = createInstance(`${SDK_KEY}-late-methods`, { log_disabled: true, sdkUrl: SDK_URL, eventUrl: SDK_URL, workspaceConfig: EXAMPLE })
    expect(again).not.toBe(client)
    again.close()
  })

  it('subscribe and version follow the workspace, the user and invalidations, once per microtask', async () => {
    let kernelRef: Parameters<Plugin['apply']>[0] | undefined
    const client = createKernel(SDK_KEY, { log_disabled: true, plugins: [{ name: 'keeper', apply: (kernel) => void (kernelRef = kernel) }] })
    const listener = vi.fn()
    const unsubscribe = client.subscribe(listener)
    const v0 = client.version()
    kernelRef!.workspaces.set(EXAMPLE)
    kernelRef!.users.update(USER)
    expect(client.version()).toBeGreaterThan(v0)
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(1)
    // The same user again changes nothing.
    const v1 = client.version()
    client.variation(1, USER)
    expect(client.version()).toBe(v1)
    kernelRef!.invalidate()
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    kernelRef!.invalidate()
    await Promise.resolve()
    expect(listener).toHaveBeenCalledTimes(2)
    client.close()
  })
})

describe('seams and signals', () => {
  it('a plugin can answer the config load before sync, and send requests instead of HTTP', async () => {
    const requests: string[] = []
    const bridge: Plugin = {
      name: 'bridge',
      apply: ({ hooks }) => {
        hooks.loadWorkspace.tap('bridge', () => Promise.resolve(EXAMPLE))
        hooks.sendRequest.tap('bridge', (request) => {
          requests.push(request.url)
          return Promise.resolve({ status: 200, body: '{"cohorts":[],"events":[]}', header: () => null })
        })
      },
    }
    const client = createKernel(SDK_KEY, { log_disabled: true, sdkUrl: SDK_URL, plugins: [sync(), bridge] })
    expect(await client.onInitialized()).toEqual({ success: true })
    expect(client.variationDetail(1, USER).reason).not.toBe('SDK_NOT_READY')
    expect(server.requests).toEqual([])
    expect(requests.some((url) => url.endsWith('/api/v1/cohorts'))).toBe(true)
    client.close()
  })

  it('prepareNavigation flushes, waits for the taps and gives up at its time limit', async () => {
    vi.useFakeTimers()
    try {
      let kernelRef: Parameters<Plugin['apply']>[0] | undefined
      const order: string[] = []
      let finish: () => void = () => undefined
      const client = createKernel(SDK_KEY, {
        log_disabled: true,
        workspaceConfig: EXAMPLE,
        plugins: [
          {
            name: 'nav',
            apply: (kernel) => {
              kernelRef = kernel
              kernel.hooks.flush.tap('nav', (reason) => void order.push(`flush:${reason}`))
              kernel.hooks.prepareNavigation.tap('nav', (navigation) => {
                order.push(`prepare:${navigation.url}`)
                navigation.waitFor(new Promise<void>((resolve) => (finish = resolve)))
              })
            },
          },
        ],
      })
      let done = false
      void prepareNavigation(kernelRef!, 'https://x.test/b', 500).then(() => (done = true))
      expect(order).toEqual(['flush:redirect', 'prepare:https://x.test/b'])
      await vi.advanceTimersByTimeAsync(100)
      expect(done).toBe(false)
      finish()
      await vi.advanceTimersByTimeAsync(0)
      expect(done).toBe(true)

      let never = false
      void prepareNavigation(kernelRef!, 'https://x.test/c', 500).then(() => (never = true))
      await vi.advanceTimersByTimeAsync(499)
      expect(never).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(never).toBe(true)
      client.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('the page signal reaches pageChanged taps and the hackle properties', () => {
    const changed: string[] = []
    let kernelRef: Parameters<Plugin['apply']>[0] | undefined
    const client = createInstance(`${SDK_KEY}-page`, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      eventUrl: SDK_URL,
      workspaceConfig: EXAMPLE,
      plugins: [
        {
          name: 'pages-probe',
          apply: (kernel) => {
            kernelRef = kernel
            kernel.hooks.pageChanged.tap('pages-probe', (page, previous) => void changed.push(`${previous?.pageName ?? '-'}>${page.pageName}`))
          },
        },
      ],
    })
    const page = {
      pageName: 'Checkout',
      properties: {},
      url: 'https://shop.test/checkout?utm_source=news',
      pagePath: '/checkout',
      host: 'shop.test',
      hostname: 'shop.test',
      referrer: '',
      queryParameter: '?utm_source=news',
      protocol: 'https',
    }
    kernelRef!.pages.set(page)
    const resolved = kernelRef!.users.resolve()
    expect(changed).toEqual(['->Checkout'])
    expect(resolved.hackleProperties).toMatchObject({ pageTitle: 'Checkout', url: page.url, pagePath: '/checkout' })
    expect(resolved.properties).toMatchObject({ utm_source: 'news' })
    client.close()
  })

  it('named stages order taps across plugins', () => {
    const order: string[] = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      workspaceConfig: EXAMPLE,
      plugins: [
        { name: 'late', apply: ({ hooks }) => hooks.decided.tap({ name: 'late', stage: Stage.LATE }, () => void order.push('late')) },
        { name: 'first', apply: ({ hooks }) => hooks.decided.tap({ name: 'first', stage: Stage.FIRST }, () => void order.push('first')) },
        { name: 'plain', apply: ({ hooks }) => hooks.decided.tap('plain', () => void order.push('plain')) },
      ],
    })
    client.variation(1, USER)
    expect(order).toEqual(['first', 'plain', 'late'])
    client.close()
  })

  it('events() alone delivers through the transport seam', async () => {
    const bodies: string[] = []
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      eventUrl: SDK_URL,
      workspaceConfig: EXAMPLE,
      plugins: [
        events(),
        {
          name: 'proxy',
          apply: ({ hooks }) =>
            hooks.sendRequest.tap('proxy', (request) => {
              bodies.push(request.body ?? '')
              return Promise.resolve({ status: 200, body: '', header: () => null })
            }),
        },
      ],
    })
    client.track('purchase', USER)
    await vi.waitFor(() => expect(bodies.join()).toContain('"eventTypeKey":"purchase"'), { timeout: 5000 })
    client.close()
  })
})
