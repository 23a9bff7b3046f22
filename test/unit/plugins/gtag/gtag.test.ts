import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, prepareNavigation, type Kernel } from '../../../../src/kernel'
import { gtag } from '../../../../src/plugins/gtag'
import { experiment, workspaceConfig } from '../pages/workspace'

const opened: Array<{ close(): void }> = []
afterEach(() => {
  for (const hackle of opened.splice(0)) hackle.close()
  vi.unstubAllGlobals()
})

const client = (experiments: unknown[], ga = true, plugin = gtag()) => {
  const hackle = createKernel('abcdefgh12345678', { log_disabled: true, workspaceConfig: workspaceConfig(experiments, { ga }), plugins: [plugin] })
  opened.push(hackle)
  return hackle
}

describe('gtag', () => {
  it('sends the exact string for a RUNNING, TRAFFIC_ALLOCATED exposure, once per accepted exposure (dedup), also in a slim client', () => {
    const send = vi.fn()
    vi.stubGlobal('gtag', send)
    const hackle = client([experiment({ key: 7 })])
    hackle.variation(7)
    hackle.variation(7)
    expect(send.mock.calls).toEqual([['event', 'experience_impression', { exp_variant_string: 'HACKLE-EXPERIMENT_7_V2-B', event_callback: expect.any(Function) }]])
  })

  it('a navigation the SDK makes waits for GA to confirm the hit (event_callback), and only within its time limit', async () => {
    const calls: Array<{ event_callback(): void }> = []
    vi.stubGlobal('gtag', (_command: string, _name: string, params: { event_callback(): void }) => void calls.push(params))
    let kernel!: Kernel
    const spy = { name: 'spy', apply: (k: Kernel) => void (kernel = k) }
    const hackle = createKernel('abcdefgh12345678', {
      log_disabled: true,
      workspaceConfig: workspaceConfig([experiment({ key: 7 }), experiment({ key: 8 })], { ga: true }),
      plugins: [gtag(), spy],
    })
    opened.push(hackle)
    hackle.variation(7)
    let settled = false
    const navigation = prepareNavigation(kernel, 'https://example.test/b', 60_000).then(() => (settled = true))
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    calls[0].event_callback()
    await navigation
    expect(settled).toBe(true)

    // GA never answers: the navigation's time limit still lets the page go
    hackle.variation(8)
    expect(calls).toHaveLength(2)
    await expect(prepareNavigation(kernel, 'https://example.test/c', 30)).resolves.toBeUndefined()
  })

  it('nothing without the integration, for other statuses or reasons', () => {
    const send = vi.fn()
    vi.stubGlobal('gtag', send)
    client([experiment({ key: 7 })], false).variation(7)
    client([experiment({ key: 8, status: 'PAUSED' })], true).variation(8)
    client([experiment({ key: 9 })], true).variation(10)
    expect(send).not.toHaveBeenCalled()
  })

  it('logs the reference line when gtag is missing, and the decision is unaffected', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const hackle = createKernel('abcdefgh12345678', { workspaceConfig: workspaceConfig([experiment({ key: 7 })], { ga: true }), plugins: [gtag()] })
    opened.push(hackle)
    expect(hackle.variation(7)).toBe('B')
    expect(error.mock.calls.flat().join(' ')).toContain('Unexpected exception while sending an event to Google Analytics with gtag: ')
  })
})
