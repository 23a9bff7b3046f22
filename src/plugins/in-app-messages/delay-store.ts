import { tools } from './tools'
import type { KeyValueStore, Logger } from '../../kernel'
import type { DelayEntity } from './schedule'

type Stored = Record<string, DelayEntity[]>

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
      return JSON.parse(text)
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
      ;(stored[messageKey] ??= []).push(entity)
      write(stored)
    },
    remove(messageKey: number, dispatchId: string) {
      const stored = read()
      const list = stored?.[messageKey]
      if (!stored || !list) return
      const rest = list.filter((entity) => entity.schedule.dispatchId !== dispatchId)
      if (rest.length) stored[messageKey] = rest
      else delete stored[messageKey]
      write(stored)
    },
    values: (): DelayEntity[] => Object.values(read() ?? {}).flat(),
    clear: () => store.remove(key),
  }
}

export type DelayStore = ReturnType<typeof createDelayStore>
