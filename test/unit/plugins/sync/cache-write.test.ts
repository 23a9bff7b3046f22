import { afterEach, expect, it, vi } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { SDK_KEY, SDK_URL, useSyncServer } from './server'

useSyncServer()
afterEach(() => vi.restoreAllMocks())

it('a cache write that throws (the page replaced JSON.stringify, which the write uses for its small members) only skips the cache: the fetched config is used', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const original = JSON.stringify
  vi.spyOn(JSON, 'stringify').mockImplementation(function (this: unknown, value: unknown, ...rest: unknown[]) {
    // the cache write serializes the Last-Modified text and the version (the config's own text is reused as it is)
    if (typeof value === 'string') throw new TypeError('page broke stringify')
    return (original as (...args: unknown[]) => string).call(JSON, value, ...rest)
  } as typeof JSON.stringify)
  const client = createKernel(SDK_KEY, { sdkUrl: SDK_URL, user: { id: 'u-1', deviceId: 'device-1' }, plugins: [sync()] })
  expect(await client.onInitialized()).toEqual({ success: true })
  expect(client.featureFlagDetail(5).reason).toBe('DEFAULT_RULE')
  expect(warn.mock.calls.map((call) => String(call[0]))).toContain('[WARN] Hackle: Failed to cache workspace: TypeError: page broke stringify')
  expect(error).not.toHaveBeenCalled()
  expect(localStorage.length === 0 || !Object.keys(localStorage).some((key) => key.includes('workspace'))).toBe(true)
  client.close()
})
