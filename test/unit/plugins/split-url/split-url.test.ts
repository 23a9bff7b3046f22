import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin, type SdkEvent } from '../../../../src/kernel'
import { gtag } from '../../../../src/plugins/gtag'
import { pages } from '../../../../src/plugins/pages'
import { startup } from '../../../../src/plugins/startup'
import { loadUserAgentInfo, properties } from '../../../../src/plugins/properties'
import { redirectUrlOf, splitUrl, SPLIT_URL_REDIRECTED_COOKIE } from '../../../../src/plugins/split-url'
import { experiment, urlContains, workspaceConfig } from '../pages/workspace'

const redirect = (value: string, extra: object = {}) => JSON.stringify({ needRedirect: true, properties: { type: 'MANUAL', value }, ...extra })
const opened: Array<{ close(): void }> = []
let replaced: string[]
let events: string[]

const recorder = definePlugin(() => ({
  name: 'recorder',
  apply(kernel) {
    kernel.hooks.eventCreated.tap('recorder', () => undefined)
    kernel.hooks.eventAccepted.tap('recorder', (event: SdkEvent) => {
      if (event.type === 'track') events.push(event.key)
      else if (event.type === 'exposure') events.push(`exposure ${event.experimentKey}:${event.variationKey}`)
    })
    kernel.hooks.flush.tap('recorder', (reason) => void events.push(`flush ${reason}`))
  },
}))

function client(options: Parameters<typeof splitUrl>[0], config: unknown, extra: ReturnType<typeof gtag>[] = []) {
  const hackle = createKernel('abcdefgh12345678', {
    log_disabled: !process.env.DBG,
    workspaceConfig: config,
    plugins: [
      properties(),
      pages(),
      splitUrl(options),
      startup(),
      recorder(),
      ...extra,
    ],
  })
  opened.push(hackle)
  return hackle
}

// The test environment's user agent is not a common one: its full parse is loaded (once per file) before the start-up
// timing under test, as a visitor's next page reads it from localStorage.
beforeAll(() => loadUserAgentInfo(navigator.userAgent, undefined, () => undefined))

beforeEach(() => {
  replaced = []
  events = []
  document.documentElement.style.removeProperty('visibility')
  vi.useFakeTimers()
  vi.spyOn(location, 'replace').mockImplementation((url) => void replaced.push(String(url)))
  history.replaceState(null, '', '/landing?utm_source=naver&utm_campaign=c1&x=1')
  document.cookie = `${SPLIT_URL_REDIRECTED_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
})
afterEach(() => {
  for (const hackle of opened.splice(0)) hackle.close()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('split-url', () => {
  it('the redirect URL: MANUAL absolute URLs only, campaign parameters set in place then appended in key order', () => {
    expect(redirectUrlOf(redirect('https://www.example.com/landing-b?ref=1&utm_source=old'), '?utm_source=naver&utm_campaign=c1')).toBe(
      'https://www.example.com/landing-b?ref=1&utm_source=naver&utm_campaign=c1',
    )
    expect(redirectUrlOf(redirect('/relative'), '')).toBeUndefined()
    expect(redirectUrlOf(redirect('https://x.example/', { needRedirect: false }), '')).toBeUndefined()
    expect(redirectUrlOf(JSON.stringify({ needRedirect: true, properties: { type: 'AUTO', value: 'https://x.example/' } }), '')).toBeUndefined()
    expect(redirectUrlOf('not json', '')).toBeUndefined()
  })

  it('reference timing: on page start, after $page_view: exposure, flush, cookie, replace; no hackle-initialize-done', async () => {
    const done = vi.fn()
    window.addEventListener('hackle-initialize-done', done)
    client({ decideAtStart: false }, workspaceConfig([experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/landing') })], { redirectUrl: redirect('https://www.example.com/landing-b?ref=1') }))
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['$page_view', 'exposure 5:B', 'flush redirect', 'flush redirect'])
    expect(replaced).toEqual(['https://www.example.com/landing-b?ref=1&utm_campaign=c1&utm_source=naver'])
    expect(document.cookie).toContain(`${SPLIT_URL_REDIRECTED_COOKIE}=true`)
    // the page that leaves is hidden while the variation loads
    expect(document.documentElement.style.getPropertyValue('visibility')).toBe('hidden')
    expect(done).not.toHaveBeenCalled()
    window.removeEventListener('hackle-initialize-done', done)
  })

  it('gtag: the redirect waits until GA confirms the exposure (event_callback), at most the navigation time limit', async () => {
    const config = workspaceConfig([experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/landing') })], { ga: true, redirectUrl: redirect('https://www.example.com/b') })
    const calls: Array<[string, string, { exp_variant_string: string; event_callback(): void }]> = []
    vi.stubGlobal('gtag', (...args: (typeof calls)[number]) => void calls.push(args))
    client({}, config, [gtag()])
    await vi.advanceTimersByTimeAsync(500)
    expect(calls.map(([command, name, { exp_variant_string }]) => [command, name, exp_variant_string])).toEqual([['event', 'experience_impression', 'HACKLE-EXPERIMENT_5_V2-B']])
    expect(replaced).toEqual([])
    calls[0][2].event_callback()
    await vi.advanceTimersByTimeAsync(0)
    expect(replaced).toEqual(['https://www.example.com/b?utm_campaign=c1&utm_source=naver'])

    // a gtag that never confirms (GA not loaded): the page still leaves at the time limit (default 1000 ms)
    for (const hackle of opened.splice(0)) hackle.close()
    replaced = []
    document.cookie = `${SPLIT_URL_REDIRECTED_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
    client({}, config, [gtag()])
    await vi.advanceTimersByTimeAsync(999)
    expect(replaced).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(replaced).toEqual(['https://www.example.com/b?utm_campaign=c1&utm_source=naver'])
  })

  it('with the config at hand: decided and redirected inside createInstance (before the first paint)', async () => {
    client({}, workspaceConfig([experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/landing') })], { redirectUrl: redirect('https://www.example.com/b') }))
    expect(events).toEqual(['exposure 5:B', 'flush redirect', 'flush redirect'])
    // microtasks only: no timer, no new task (the e2e test shows no painted frame in Chromium)
    for (let i = 0; i < 20 && !replaced.length; i++) await Promise.resolve()
    expect(replaced).toEqual(['https://www.example.com/b?utm_campaign=c1&utm_source=naver'])
  })

  it('the landing page of a redirect evaluates nothing and removes the cookie (no loop)', async () => {
    document.cookie = `${SPLIT_URL_REDIRECTED_COOKIE}=true; path=/`
    client({}, workspaceConfig([experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/landing') })], { redirectUrl: redirect('https://www.example.com/b') }))
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['$page_view'])
    expect(replaced).toEqual([])
    expect(document.cookie).not.toContain(`${SPLIT_URL_REDIRECTED_COOKIE}=true`)
  })

  it('no match, or a variation without a redirect: no navigation; anti-flicker shows the page again', async () => {
    client({ antiFlicker: true }, workspaceConfig([experiment({ key: 5, implementationType: 'SPLIT_URL', targetUrls: urlContains('/elsewhere') })]))
    await vi.advanceTimersByTimeAsync(0)
    expect(replaced).toEqual([])
    expect(document.documentElement.style.getPropertyValue('visibility')).toBe('')
  })
})
