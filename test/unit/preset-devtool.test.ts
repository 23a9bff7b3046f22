// createInstance maps the reference's flat DevTool options (and hackle-kit's `devToolPanel`) onto the preset's devtool
// plugin.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createInstance, type InstanceConfig } from '../../src/index'
import workspace from '../fixtures/example-workspace.json'

const clients: Array<{ close(): void }> = []
afterEach(() => {
  for (const c of clients.splice(0)) c.close()
  vi.restoreAllMocks()
})
const start = (key: string, options: InstanceConfig) => {
  const client = createInstance(key, { workspaceConfig: workspace, sdkUrl: 'http://127.0.0.1:9', eventUrl: 'http://127.0.0.1:9', ...options })
  clients.push(client)
  return client
}

describe('the preset\'s DevTool options', () => {
  it('devTool: showUserExplorer hands the reference-shaped explorer to the page\'s DevTool', async () => {
    const opened: Array<{ currentUser(): unknown }> = []
    const client = start('preset-devtool-key-1', { devTool: { userExplorer: (explorer) => void opened.push(explorer as never) } })
    client.showUserExplorer()
    await vi.waitFor(() => expect(opened).toHaveLength(1))
    expect(opened[0]!.currentUser()).toMatchObject({ identifiers: expect.any(Object), hackleProperties: expect.any(Object) })
  })

  it('devToolPanel: false keeps the reference\'s behaviour without a DevTool (a logged message, no panel)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const client = start('preset-devtool-key-2', { devToolPanel: false })
    client.showUserExplorer()
    await vi.waitFor(() => expect(error.mock.calls.map((args) => args.map(String).join(' ')).join('\n')).toContain('UserExplorer is not provided'))
    expect(document.querySelector('[data-hackle-devtool], .hackle-devtool')).toBeNull()
  })
})
