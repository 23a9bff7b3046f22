import { afterEach, expect, it } from 'vitest'
import { createKernel } from '../../../../src/kernel'
import { identity } from '../../../../src/plugins/identity'
import { setUserId } from '../../../../src'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

afterEach(() => {
  delete (document as { visibilityState?: unknown }).visibilityState
  clearBrowserState()
})

const legacyId = () => /(?:^|; )_hackle_id=([^;]*)/.exec(document.cookie)?.[1]
const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
  document.dispatchEvent(new Event('visibilitychange'))
}

it.each([
  ['hidden', hide],
  ['pagehide', () => window.dispatchEvent(new Event('pagehide'))],
])('the legacy _hackle_id cookie (module-level setUserId) is deleted on %s', (_, leave) => {
  setUserId('legacy-1')
  const client = createKernel('abcdefgh12345678XYZ', { workspaceConfig: workspace, plugins: [identity()] })
  expect(client.getUser().deviceId).toBe('legacy-1') // read at start, in preference to _hackle_hid
  expect(legacyId()).toBe('legacy-1')
  leave()
  expect(legacyId()).toBeUndefined()
  expect(client.getUser().deviceId).toBe('legacy-1') // this page keeps the id it started with
  setUserId('legacy-2')
  client.close()
  window.dispatchEvent(new Event('pagehide')) // a closed client listens no more
  expect(legacyId()).toBe('legacy-2')
})
