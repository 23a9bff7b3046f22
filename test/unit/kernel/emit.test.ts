import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin, type Kernel, type SdkEvent } from '../../../src/kernel'
import { exposureEvents } from '../../../src/internal'

describe('kernel.emit', () => {
  it('hands a plugin-built event to the stream: filter, created, duplicate suppression, enrich, deliver, accepted', () => {
    const seen: string[] = []
    let kernel!: Kernel
    const probe = definePlugin(() => ({
      name: 'probe',
      apply(k) {
        kernel = k
        k.hooks.filterEvent.tap('probe', (e) => (e.type === 'exposure' && e.experimentKey === 13 ? false : undefined))
        k.hooks.eventCreated.tap('probe', (e) => void seen.push(`created ${e.insertId}`))
        k.hooks.enrichEvent.tap('probe', (e) => ({ ...e, properties: { ...e.properties, enriched: true } }))
        k.hooks.deliverEvent.tap('probe', () => true)
        k.hooks.eventAccepted.tap('probe', (e: SdkEvent, delivered) => void seen.push(`accepted ${e.insertId} ${String(e.properties.enriched)} ${delivered}`))
      },
    }))
    const client = createKernel('abcdefgh12345678', { log_disabled: true, plugins: [probe()] })
    const experiment = { id: 1, key: 12, version: 2, executionVersion: 3, type: 'AB_TEST' } as never
    const user = kernel.users.resolve()
    const [first] = exposureEvents([{ reason: 'TRAFFIC_ALLOCATED', experiment, variationId: 5, variationKey: 'B', targetEvaluations: [] }], user, 1, 'IN_APP_MESSAGE', 701)
    expect(first!.properties).toEqual({ $targetingRootType: 'IN_APP_MESSAGE', $targetingRootId: 701, $experiment_version: 2, $execution_version: 3 })
    kernel.emit(first!)
    // the same exposure again is a duplicate: created, not accepted
    const [again] = exposureEvents([{ reason: 'TRAFFIC_ALLOCATED', experiment, variationId: 5, variationKey: 'B', targetEvaluations: [] }], user, 2, 'IN_APP_MESSAGE', 701)
    kernel.emit(again!)
    // a filtered event is not even created
    kernel.emit({ ...first!, insertId: 'filtered', experimentKey: 13 })
    expect(seen).toEqual([`created ${first!.insertId}`, `accepted ${first!.insertId} true true`, `created ${again!.insertId}`])
    client.close()
  })
})
