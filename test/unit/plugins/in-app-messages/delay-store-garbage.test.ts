// Garbage another script left under the persisted delays' key (wrong JSON types, lists that are not lists, entries
// without their times) counts as nothing stored: reading, adding and removing never throw, and only well-formed
// delays are restored (a malformed one threw an unhandled rejection at start-up in Chromium).
import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../../../../src/kernel/storage/key-value'
import { createDelayStore } from '../../../../src/plugins/in-app-messages/delay-store'
import type { DelayEntity } from '../../../../src/plugins/in-app-messages/schedule'
import { useTools } from '../../../../src/plugins/in-app-messages/tools'
import { inAppTools } from '../../../../src/plugins/in-app-messages/toolbox'

useTools(inAppTools)

const logger = { debug() {}, info() {}, warn() {}, error() {} }
const SDK_KEY = 'garbage-sdk-key'
const entity = (key: number, dispatchId: string): DelayEntity =>
  ({ schedule: { dispatchId, inAppMessageKey: key, identifiers: {}, time: { startedAt: 1, deliverAt: 2 }, reason: 'r', eventBasedContext: {} }, requestedAt: 1 }) as unknown as DelayEntity

describe('persisted in-app delays holding garbage', () => {
  for (const garbage of ['"text"', '42', 'null', '[1,2]', '{"config":"x","version":5}', '{"7":"x","8":[null,1,{"schedule":{}}]}', '{']) {
    it(`${garbage}: no delay is restored, and adding and removing work`, () => {
      const memory = createMemoryStore()
      const store = createDelayStore(memory, SDK_KEY, logger)
      memory.set(`hackle-campaign-delay_${SDK_KEY.slice(0, 8)}_iam-delay`, garbage)
      expect(store.values()).toEqual([])
      store.add(entity(7, 'd1'))
      store.add(entity(8, 'd2'))
      expect(store.values().map((e) => e.schedule.dispatchId).sort()).toEqual(['d1', 'd2'])
      store.remove(7, 'd1')
      store.remove(9, 'none')
      expect(store.values().map((e) => e.schedule.dispatchId)).toEqual(['d2'])
    })
  }
})
