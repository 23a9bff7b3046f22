// The in-app plugin's inspector for a DevTool (`inspectMessages`): eligibility without side effects, and a preview.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inAppWorkspace, messageDto } from '../../../fixtures/in-app-workspace'
import { inAppClient, SDK_KEY } from './harness'

const clients: Array<{ close(): void }> = []
afterEach(() => {
  for (const c of clients.splice(0)) c.close()
  vi.restoreAllMocks()
  localStorage.clear()
})

function start(config: unknown) {
  const made = inAppClient(config)
  clients.push(made.client)
  return made
}

describe('in-app messages: inspectMessages (a DevTool’s look)', () => {
  it('describes every message with its eligibility for the current user now, and records or reports nothing', async () => {
    const { seen } = start(inAppWorkspace([messageDto({ id: 1, key: 1, status: 'PAUSE' }), messageDto({ id: 2, key: 2 })]))
    const inspector = await seen.inspect!()
    expect(inspector).toBeDefined()
    expect(inspector!.describe()).toEqual([
      { id: 1, key: 1, status: 'PAUSE', displayType: 'MODAL', triggers: ['show_iam'], eligible: false, reason: 'IN_APP_MESSAGE_PAUSED' },
      { id: 2, key: 2, status: 'ACTIVE', displayType: 'MODAL', triggers: ['show_iam'], eligible: true, reason: 'IN_APP_MESSAGE_TARGET' },
    ])
    expect(seen.evaluated).toEqual([])
    expect(seen.exposures).toEqual([])
    expect(seen.presentations).toEqual([])
  })

  it('previews a message now as OVERRIDDEN (even an ineligible one) without adding an impression; false for an unknown key', async () => {
    const { seen } = start(inAppWorkspace([messageDto({ id: 1, key: 1, status: 'PAUSE' })]))
    const inspector = (await seen.inspect!())!
    expect(inspector.preview(1)).toBe(true)
    expect(seen.presentations.map((p) => [p.message, p.reason, p.triggerEvent.key])).toEqual([[{ id: 1, key: 1 }, 'OVERRIDDEN', '$devtool_preview']])
    expect(localStorage.getItem(`hackle-iam-impression_${SDK_KEY.slice(0, 8)}_1`)).toBeNull()
    expect(inspector.preview(99)).toBe(false)
  })

  it('answers undefined when the workspace has no messages', async () => {
    const { seen } = start(inAppWorkspace([]))
    await expect(seen.inspect!()).resolves.toBeUndefined()
  })
})
