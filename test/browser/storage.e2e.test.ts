// Device-id cookie persistence, and resilience to a localStorage that throws.
import { expect, it } from 'vitest'
import { describeChromium, newContext } from './chromium'
import { SDK_KEY, USER_1_EXPECTED, appResult, expectUser1Decided, watchPage, useBrowserPages } from './harness'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describeChromium('browser storage', () => {
  const session = useBrowserPages({ csp: null })

  const hid = async () => (await session.context.cookies(session.server.url)).find((c) => c.name === '_hackle_hid')?.value

  it('device id cookie _hackle_hid persists across reloads and is the id the SDK uses', async () => {
    const diag = watchPage(session.page)
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}`)
    const first = await appResult(session.page)
    expect(first.stage).toBe('done')

    const id = await hid()
    expect(id).toMatch(UUID)
    expect(first.user).toMatchObject({ id, deviceId: id })
    expect(await session.page.evaluate(() => document.cookie)).toContain(`_hackle_hid=${id}`)

    await session.page.reload()
    const second = await appResult(session.page)
    expect(second.stage).toBe('done')
    expect(await hid()).toBe(id)
    expect(second.user).toMatchObject({ id, deviceId: id })
    // Same visitor → same bucket.
    expect(second.variation).toEqual(first.variation)

    const other = await session.context.newPage()
    await other.goto(`${session.server.url}/app.html?key=${SDK_KEY}`)
    expect((await appResult(other)).user).toMatchObject({ id, deviceId: id })
    expect(diag.pageErrors).toEqual([])

    // A different browser profile is a different visitor.
    const fresh = await newContext(session.browser)
    const freshPage = await fresh.newPage()
    await freshPage.goto(`${session.server.url}/app.html?key=${SDK_KEY}`)
    const freshUser = (await appResult(freshPage)).user
    await fresh.close()
    expect(freshUser?.deviceId).toMatch(UUID)
    expect(freshUser?.deviceId).not.toBe(id)
  })

  it('caches the workspace: the next load revalidates with If-Modified-Since and a 304 keeps the decisions', async () => {
    const configPath = `/api/v2/workspaces/${SDK_KEY}/config`
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect(await appResult(session.page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    const first = session.server.requests.filter((r) => r.path === configPath)
    expect(first).toHaveLength(1)
    expect(first[0].headers['if-modified-since']).toBeUndefined()

    await session.page.reload()
    expect(await appResult(session.page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    const fetches = session.server.requests.filter((r) => r.path === configPath)
    expect(fetches).toHaveLength(2)
    expect(fetches[0].status).toBe(200)
    expect(fetches[1].headers['if-modified-since']).toMatch(/GMT$/)
    expect(fetches[1].status).toBe(304)
  })

  it('a user plugin listed after sync hears the cached workspace on a load answered 304', async () => {
    const configPath = `/api/v2/workspaces/${SDK_KEY}/config`
    await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1&listen=1`)
    const first = await appResult(session.page)
    expect(first).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    // The first visit has no cache: the plugin hears the fetched workspace.
    expect((first as { heard?: number[] }).heard).toEqual([1])

    await session.page.reload()
    const second = await appResult(session.page)
    expect(second).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    const fetches = session.server.requests.filter((r) => r.path === configPath)
    expect(fetches.map((r) => r.status)).toEqual([200, 304])
    // Cached config, then a 304: the plugin still heard the workspace, once.
    expect((second as { heard?: number[] }).heard).toEqual([1])
  })

  const throwingStorage = {
    'window.localStorage getter throws (storage blocked)': () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        },
      })
    },
    'every Storage method throws (quota / private mode)': () => {
      const fail = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      for (const m of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
        Object.defineProperty(Storage.prototype, m, { configurable: true, value: fail })
      }
      Object.defineProperty(Storage.prototype, 'length', { configurable: true, get: fail })
    },
  }

  for (const [name, script] of Object.entries(throwingStorage)) {
    it(`still decides correctly when ${name}`, async () => {
      await session.context.addInitScript(script)
      const diag = watchPage(session.page)
      await session.page.goto(`${session.server.url}/app.html?key=${SDK_KEY}&user=user_1`)
      const probe = await session.page.evaluate(() => {
        try {
          window.localStorage.getItem('x')
          return 'no throw'
        } catch (e) {
          return (e as Error).name
        }
      })
      expect(probe).not.toBe('no throw')

      const result = await appResult(session.page)
      expectUser1Decided(result, diag.pageErrors)

      // Without a config cache the next load has to fetch (and still works).
      await session.page.reload()
      expect(await appResult(session.page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
      const fetches = session.server.requests.filter((r) => r.path === `/api/v2/workspaces/${SDK_KEY}/config`)
      expect(fetches.length).toBe(2)
      expect(fetches.every((r) => !r.headers['if-modified-since'])).toBe(true)
    })
  }
})
