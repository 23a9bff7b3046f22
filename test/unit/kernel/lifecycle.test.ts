import { afterEach, describe, expect, it } from 'vitest'
import { SyncWaterfallHook, type EvaluationUser, type Kernel } from '../../../src/kernel'
import { isSafariBrowserName, watchPageLifecycle } from '../../../src/internal'

/** A kernel whose `users.resolve()` runs `resolveUser` taps that report this browser name (as the properties plugin does). */
function kernelIn(browserName: () => string): Pick<Kernel, 'users'> {
  const resolveUser = new SyncWaterfallHook<[EvaluationUser]>()
  resolveUser.tap('browser', (user) => ({ ...user, hackleProperties: { browserName: browserName() } }))
  const users = { resolve: () => resolveUser.call({ identifiers: {}, properties: {}, hackleProperties: {}, cohorts: [], targetEvents: [] }) }
  return { users } as unknown as Pick<Kernel, 'users'>
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('watchPageLifecycle', () => {
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState
  })

  it('reports hidden (leaving on pagehide) and shown, and stops when removed', () => {
    const heard: string[] = []
    const unwatch = watchPageLifecycle(kernelIn(() => 'Chrome'), { hidden: (leaving) => void heard.push(`hidden ${leaving}`), shown: () => void heard.push('shown') })
    setVisibility('hidden')
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new Event('pageshow'))
    setVisibility('visible')
    document.dispatchEvent(new Event('resume'))
    window.dispatchEvent(new Event('beforeunload'))
    expect(heard).toEqual(['hidden false', 'hidden true', 'shown', 'shown', 'shown'])
    unwatch()
    window.dispatchEvent(new Event('pagehide'))
    setVisibility('hidden')
    expect(heard).toHaveLength(5)
  })

  it('counts beforeunload as hidden only in Safari, asking the kernel\'s users.resolve() when it happens', () => {
    let safari = false
    const heard: boolean[] = []
    const unwatch = watchPageLifecycle(kernelIn(() => (safari ? 'Mobile Safari' : 'Chrome')), { hidden: (leaving) => void heard.push(leaving) })
    window.dispatchEvent(new Event('beforeunload'))
    safari = true
    window.dispatchEvent(new Event('beforeunload'))
    unwatch()
    expect(heard).toEqual([false])
  })

  it('needs only the listeners it is given', () => {
    const unwatch = watchPageLifecycle(kernelIn(() => ''), {})
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow()
    unwatch()
  })
})

describe('isSafariBrowserName', () => {
  it('matches the names the reference treats as Safari', () => {
    expect(['Safari', 'Mobile Safari', 'safari'].map(isSafariBrowserName)).toEqual([true, true, true])
    expect(['Chrome Mobile', 'WebKit', '', undefined, 3].map(isSafariBrowserName)).toEqual([false, false, false, false, false])
  })
})
