import { tools } from './tools'
import type { KeyValueStore, Logger } from '../../kernel'
import type { DelayEntity } from './schedule'

type Stored = Record<string, DelayEntity[]>

const isDelayEntity = (entity: unknown): entity is DelayEntity => {
  const e = entity as Partial<DelayEntity> | null
  return typeof e?.requestedAt === 'number' && typeof e.schedule?.time?.deliverAt === 'number' && typeof e.schedule.inAppMessageKey === 'number'
}

/**
 * The persisted delays: one localStorage entry, a JSON object of message key → delay entities in the order they were
 * added. A key whose list empties is deleted (`{}` once all are gone); unreadable JSON counts as nothing stored.
 */
export function createDelayStore(store: KeyValueStore, sdkKey: string, logger: Logger) {
  const key = tools.inAppDelayKey(sdkKey)
  const read = (): Stored | null => {
    const text = store.get(key)
    if (text === null) return null
    try {
      const stored: unknown = JSON.parse(text)
      // anything but an object of lists (another script's garbage under the key) counts as nothing stored
      return stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Stored) : null
    } catch (error) {
      logger.warn(`Failed to get delay storage item: ${String(error)}`)
      return null
    }
  }
  const write = (stored: Stored) => store.set(key, JSON.stringify(stored))
  return {
    add(entity: DelayEntity) {
      const stored = read() ?? {}
      const messageKey = entity.schedule.inAppMessageKey
      const list = stored[messageKey]
      stored[messageKey] = [...(Array.isArray(list) ? list : []), entity]
      write(stored)
    },
    remove(messageKey: number, dispatchId: string) {
      const stored = read()
      const list = stored?.[messageKey]
      if (!stored || !Array.isArray(list)) return
      const rest = list.filter((entity) => entity?.schedule?.dispatchId !== dispatchId)
      if (rest.length) stored[messageKey] = rest
      else delete stored[messageKey]
      write(stored)
    },
    /** The stored delays that are well formed (a list that is not a list, an entry without its times, is skipped). */
    values: (): DelayEntity[] => Object.values(read() ?? {}).flatMap((list) => (Array.isArray(list) ? list.filter(isDelayEntity) : [])),
    clear: () => store.remove(key),
  }
}

export type DelayStore = ReturnType<typeof createDelayStore>
