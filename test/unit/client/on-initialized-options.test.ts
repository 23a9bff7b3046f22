import { afterEach, expect, it, vi } from 'vitest'
import { createKernel, definePlugin } from '../../../src/kernel'
import { sync } from '../../../src/plugins/sync'
import { SDK_KEY, SDK_URL, useWorkspaceServer } from './helpers'

useWorkspaceServer()
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const unreadable = () => [
  Object.defineProperty({}, 'timeout', { get: () => { throw new Error('no timeout here') } }),
  new Proxy({}, { get: () => { throw new Error('no timeout here') } }),
] as { timeout?: number }[]

it('an unreadable timeout (a throwing getter, a Proxy) is warned about; the call settles as with the default', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const client = createKernel(SDK_KEY, { sdkUrl: SDK_URL, plugins: [sync()] })
  for (const options of unreadable()) expect(await client.onInitialized(options)).toEqual({ success: true })
  expect(warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('onInitialized'))).toEqual([
    '[WARN] Hackle: Failed to onInitialized: Error: no timeout here',
    '[WARN] Hackle: Failed to onInitialized: Error: no timeout here',
  ])
  const block = vi.fn()
  client.onReady(block, new Proxy({}, {}) as unknown as number)
  await vi.waitFor(() => expect(block).toHaveBeenCalledOnce())
  client.close()
})

it('with an unreadable timeout and no config, the default 3000 ms applies', async () => {
  vi.useFakeTimers()
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const never = definePlugin(() => ({
    name: 'never',
    apply: ({ hooks }) => hooks.loadWorkspace.tap('never', () => new Promise<never>(() => undefined)),
  }))
  const client = createKernel(SDK_KEY, { sdkUrl: SDK_URL, plugins: [never(), sync()] })
  const settled = vi.fn()
  void client.onInitialized(unreadable()[1]).then(settled)
  await vi.advanceTimersByTimeAsync(2_999)
  expect(settled).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(settled).toHaveBeenCalledWith({ success: false })
  expect(error.mock.calls.map((call) => String(call[0]))).toContain('[ERROR] Hackle: Failed to onInitialized: Error: timeout (3000ms)')
  client.close()
})
