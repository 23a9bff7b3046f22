// `client.version()` / `subscribe()` change with every user change that can change an answer: the bucketing keys
// (`id`, identifiers) as well as userId, deviceId and properties; the same user again changes nothing.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../../src/kernel'
import example from '../../fixtures/example-workspace.json'

describe('version after a user change', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>, boolean]> = [
    ['another id', { id: 'a' }, { id: 'b' }, true],
    ['another userId', { id: 'a', userId: 'm1' }, { id: 'a', userId: 'm2' }, true],
    ['other identifiers', { id: 'a', identifiers: { custom: '1' } }, { id: 'a', identifiers: { custom: '2' } }, true],
    ['other properties', { id: 'a', properties: { grade: 'gold' } }, { id: 'a', properties: { grade: 'silver' } }, true],
    ['the same user again', { id: 'a', properties: { grade: 'gold' } }, { id: 'a', properties: { grade: 'gold' } }, false],
  ]
  for (const [name, first, second, changes] of cases) {
    it(`${name}: ${changes ? 'a new version and one notification' : 'no new version'}`, async () => {
      const client = createKernel('version-user-key', { workspaceConfig: example, user: first })
      let heard = 0
      client.subscribe(() => heard++)
      const before = client.version()
      client.variation(1, second)
      await Promise.resolve()
      expect(client.version() !== before).toBe(changes)
      expect(heard).toBe(changes ? 1 : 0)
      client.close()
    })
  }
})
