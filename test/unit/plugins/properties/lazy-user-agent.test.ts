import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type Kernel, type SdkEvent } from '../../../../src/kernel'
import { events } from '../../../../src/plugins/events'
import { properties, USER_AGENT_KEY } from '../../../../src/plugins/properties'
import { parseUserAgent } from '../../../../src/plugins/properties/user-agent'

/**
 * The properties plugin with an uncommon user agent: the full parser loads apart, the client is ready only once it has
 * answered, events made before wait for it (in order, nothing lost or sent twice), and its answer is kept in
 * localStorage for the next page. Each test uses its own user agent: the parse is remembered per page (module).
 */

let count = 0
/** An in-app web view's user agent (not one of the common shapes), unique per call. */
const uncommon = () =>
  `Mozilla/5.0 (Linux; Android 14; SM-S911N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 KAKAOTALK 10.4.${++count}`
const COMMON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

const windowWith = (userAgent: string) =>
  ({
    location: window.location,
    document: window.document,
    navigator: { userAgent, languages: ['ko-KR'] },
    screen: { width: 390, height: 844 },
  }) as unknown as Window

/** A client with the properties plugin and a plugin that takes every event (as the events plugin would). */
function start(userAgent: string) {
  const delivered: SdkEvent[] = []
  let kernel!: Kernel
  const take = definePlugin(() => ({
    name: 'take',
    apply(k) {
      kernel = k
      k.hooks.deliverEvent.tap('take', (event) => (delivered.push(event), true))
    },
  }))
  const client = createKernel('abcdefgh12345678', {
    plugins: [properties({ window: windowWith(userAgent) }), take()],
    workspaceConfig: {},
  } as never)
  const keys = () => delivered.map((event) => (event as { key?: string }).key)
  const browser = (i: number) => (delivered[i]!.user.hackleProperties as Record<string, unknown>).browserName
  return { client, kernel, delivered, keys, browser }
}

beforeEach(() => localStorage.clear())

describe('properties with an uncommon user agent', () => {
  it('holds events until the full parser answers, then delivers them in order with its answer', async () => {
    const ua = uncommon()
    const expected = parseUserAgent(ua)
    expect(expected.browserName).not.toBe('')
    const { client, delivered, keys, browser } = start(ua)
    client.track('first')
    client.track('second')
    expect(delivered).toHaveLength(0)

    await client.onInitialized()
    expect(keys()).toEqual(['first', 'second'])
    expect(delivered[0]!.user.hackleProperties).toMatchObject({
      userAgent: ua,
      browserName: expected.browserName,
      browserVersion: expected.browserVersion,
      osName: expected.osName,
      deviceModel: expected.deviceModel,
      deviceBrand: expected.deviceVendor,
      locale: 'ko-KR',
    })
    // the key order of the reference stays
    expect(Object.keys(delivered[0]!.user.hackleProperties)).toEqual(Object.keys(delivered[1]!.user.hackleProperties))

    // afterwards events go at once, and decisions see the answer
    client.track('third')
    expect(keys()).toEqual(['first', 'second', 'third'])
    expect(browser(2)).toBe(expected.browserName)
    client.close()
  })

  it('keeps the answer for the next page, which reads it at once', async () => {
    const ua = uncommon()
    const first = start(ua)
    await first.client.onInitialized()
    const stored = JSON.parse(localStorage.getItem(USER_AGENT_KEY)!)
    expect(stored[0]).toBe(ua)
    first.client.close()

    // a later page with another user agent that was stored: no wait
    const other = uncommon()
    localStorage.setItem(USER_AGENT_KEY, JSON.stringify([other, 'Stored', '1.2', '1', 'Android', '14', 'phone', 'SM-S911N', 'Samsung']))
    const next = start(other)
    next.client.track('now')
    expect(next.keys()).toEqual(['now'])
    expect(next.delivered[0]!.user.hackleProperties).toMatchObject({ browserName: 'Stored', browserMajorVersion: '1', deviceBrand: 'Samsung' })
    next.client.close()
  })

  it('ignores a stored answer for another user agent or in another form', async () => {
    for (const value of ['{', '[]', JSON.stringify(['x', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']), JSON.stringify([0, 1, 2, 3, 4, 5, 6, 7, 8])]) {
      const ua = uncommon()
      localStorage.setItem(USER_AGENT_KEY, value)
      const { client, delivered, browser } = start(ua)
      client.track('e')
      expect(delivered).toHaveLength(0)
      await client.onInitialized()
      expect(browser(0)).toBe(parseUserAgent(ua).browserName)
      client.close()
    }
  })

  it('sends what waits at once when the page may be going away, once', async () => {
    const { client, kernel, delivered, keys, browser } = start(uncommon())
    client.track('before leaving')
    kernel.hooks.flush.call('pagehide')
    expect(keys()).toEqual(['before leaving'])
    expect(browser(0)).toBe('')
    await client.onInitialized()
    expect(delivered).toHaveLength(1)
    client.close()
  })

  it('holds nothing and stores nothing for a common user agent', () => {
    const { client, keys, browser } = start(COMMON)
    client.track('now')
    expect(keys()).toEqual(['now'])
    expect(browser(0)).toBe('Chrome')
    expect(localStorage.getItem(USER_AGENT_KEY)).toBeNull()
    client.close()
  })

  it('changes version() when the answer arrives, for views that read decisions', async () => {
    const { client } = start(uncommon())
    const before = client.version()
    let heard = 0
    client.subscribe(() => heard++)
    await client.onInitialized()
    expect(client.version()).not.toBe(before)
    expect(heard).toBeGreaterThan(0)
    client.close()
  })

  it('with events(): an event made before opting out still goes, with the answer; one made after does not', async () => {
    const ua = uncommon()
    const bodies: string[] = []
    let kernel!: Kernel
    const transport = definePlugin(() => ({
      name: 'transport',
      apply(k) {
        kernel = k
        k.hooks.sendRequest.tap('transport', (request) => {
          if (request.method === 'POST') bodies.push(String(request.body))
          return Promise.resolve({ status: 200, body: '', header: () => null })
        })
        k.hooks.sendBeacon.tap('transport', (_url, data) => (bodies.push(data), true))
      },
    }))
    const client = createKernel('abcdefgh12345678', {
      plugins: [properties({ window: windowWith(ua) }), events(), transport()],
      workspaceConfig: {},
    } as never) as ReturnType<typeof createKernel> & { setOptOutTracking(value: boolean): void }
    client.track('made-before')
    client.setOptOutTracking(true)
    client.track('made-after')
    await client.onInitialized()
    client.setOptOutTracking(false)
    kernel.hooks.flush.call('manual')
    await vi.waitFor(() => expect(bodies.join('')).toContain('made-before'))
    const sent = bodies.join('')
    expect(sent).not.toContain('made-after')
    expect(sent).toContain(`"browserName":"${parseUserAgent(ua).browserName}"`)
    client.close()
  })
})
