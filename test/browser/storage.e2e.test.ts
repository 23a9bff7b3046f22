// Device-id cookie persistence, and resilience to a localStorage that throws.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { LocalServer } from '../../demo/server-core.mjs'
import { assertBundle, describeChromium, hasBundle, launch, newContext } from './chromium'
import { SDK_KEY, USER_1_EXPECTED, appResult, startTestServer, watchPage } from './harness'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describeChromium('browser storage', () => {
  let browser: Browser
  let server: LocalServer
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    if (!hasBundle()) return
    server = await startTestServer({ csp: null })
    browser = await launch()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    assertBundle()
    server.requests.length = 0
    context = await newContext(browser)
    page = await context.newPage()
  })
  afterEach(async () => {
    await context?.close()
  })

  const hid = async () => (await context.cookies(server.url)).find((c) => c.name === '_hackle_hid')?.value

  it('device id cookie _hackle_hid persists across reloads and is the id the SDK uses', async () => {
    const diag = watchPage(page)
    await page.goto(`${server.url}/app.html?key=${SDK_KEY}`)
    const first = await appResult(page)
    expect(first.stage).toBe('done')

    const id = await hid()
    expect(id).toMatch(UUID)
    expect(first.user).toMatchObject({ id, deviceId: id })
    expect(await page.evaluate(() => document.cookie)).toContain(`_hackle_hid=${id}`)

    await page.reload()
    const second = await appResult(page)
    expect(second.stage).toBe('done')
    expect(await hid()).toBe(id)
    expect(second.user).toMatchObject({ id, deviceId: id })
    // Same visitor → same bucket.
    expect(second.variation).toEqual(first.variation)

    const other = await context.newPage()
    await other.goto(`${server.url}/app.html?key=${SDK_KEY}`)
    expect((await appResult(other)).user).toMatchObject({ id, deviceId: id })
    expect(diag.pageErrors).toEqual([])

    // A different browser profile is a different visitor.
    const fresh = await newContext(browser)
    const freshPage = await fresh.newPage()
    await freshPage.goto(`${server.url}/app.html?key=${SDK_KEY}`)
    const freshUser = (await appResult(freshPage)).user
    await fresh.close()
    expect(freshUser?.deviceId).toMatch(UUID)
    expect(freshUser?.deviceId).not.toBe(id)
  })

  it('caches the workspace: the next load revalidates with If-Modified-Since and a 304 keeps the decisions', async () => {
    const configPath = `/api/v2/workspaces/${SDK_KEY}/config`
    await page.goto(`${server.url}/app.html?key=${SDK_KEY}&user=user_1`)
    expect(await appResult(page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    const first = server.requests.filter((r) => r.path === configPath)
    expect(first).toHaveLength(1)
    expect(first[0].headers['if-modified-since']).toBeUndefined()

    await page.reload()
    expect(await appResult(page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
    const fetches = server.requests.filter((r) => r.path === configPath)
    expect(fetches).toHaveLength(2)
    expect(fetches[0].status).toBe(200)
    expect(fetches[1].headers['if-modified-since']).toMatch(/GMT$/)
    expect(fetches[1].status).toBe(304)
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
      await context.addInitScript(script)
      const diag = watchPage(page)
      await page.goto(`${server.url}/app.html?key=${SDK_KEY}&user=user_1`)
      const probe = await page.evaluate(() => {
        try {
          window.localStorage.getItem('x')
          return 'no throw'
        } catch (e) {
          return (e as Error).name
        }
      })
      expect(probe).not.toBe('no throw')

      const result = await appResult(page)
      expect(result.error).toBeUndefined()
      expect(result.stage).toBe('done')
      expect(result.init).toEqual({ success: true })
      expect(result).toMatchObject(USER_1_EXPECTED)
      expect(diag.pageErrors).toEqual([])

      // Without a config cache the next load has to fetch (and still works).
      await page.reload()
      expect(await appResult(page)).toMatchObject({ stage: 'done', ...USER_1_EXPECTED })
      const fetches = server.requests.filter((r) => r.path === `/api/v2/workspaces/${SDK_KEY}/config`)
      expect(fetches.length).toBe(2)
      expect(fetches.every((r) => !r.headers['if-modified-since'])).toBe(true)
    })
  }
})
