import { tools } from './tools'
import type { InAppContext } from './context'
import type { DelayStore } from './delay-store'
import { deliver } from './deliver'
import type { Display } from './model'
import { scheduleAction, type DelayEntity, type ScheduleRequest } from './schedule'
import type { InAppScheduleInfo } from './hooks'

interface DelayTask {
  delay: DelayEntity
  cancel(): void
}

/**
 * Runs schedule requests, with the in-memory delay tasks (by dispatch id) and their persisted entries:
 *
 * | request | DELIVER | DELAY | IGNORE |
 * |---|---|---|---|
 * | TRIGGERED | deliver | persist the delay, start a timer | nothing |
 * | DELAYED, STORED | remove task and entry (the task must exist, else `InAppMessageDelay not found`), deliver | start a timer | remove task and entry |
 *
 * A timer fires `deliverAt − requestedAt` ms after the request with a DELAYED request at that time. A STORED request comes from
 * `restore` (persisted delays after start-up): nothing is in memory then, so one due at that very moment fails with
 * `InAppMessageDelay not found`, as in the reference. Errors are logged and answered with `EXCEPTION`; every outcome
 * is reported on `hooks.scheduled`.
 */
export function createScheduler(context: InAppContext, display: Display, delays: DelayStore) {
  const { logger } = context.kernel
  const tasks = new Map<string, DelayTask>()

  const startDelay = (request: ScheduleRequest) => {
    const delay: DelayEntity = { schedule: request.schedule, requestedAt: request.requestedAt }
    // Due `deliverAt − requestedAt` after the request; a replayed request was made a while ago already.
    const wait = delay.schedule.time.deliverAt - delay.requestedAt - (Date.now() - context.now())
    const timer = setTimeout(() => process({ schedule: delay.schedule, type: 'DELAYED', requestedAt: Date.now() }), wait)
    tasks.set(delay.schedule.dispatchId, { delay, cancel: () => clearTimeout(timer) })
  }

  const removeDelay = ({ schedule }: ScheduleRequest): DelayEntity | undefined => {
    const task = tasks.get(schedule.dispatchId)
    tasks.delete(schedule.dispatchId)
    delays.remove(schedule.inAppMessageKey, schedule.dispatchId)
    return task?.delay
  }

  function run(request: ScheduleRequest): InAppScheduleInfo['code'] {
    const action = scheduleAction(request)
    const { schedule } = request
    if (request.type !== 'TRIGGERED' && action !== 'DELAY') {
      const found = removeDelay(request)
      if (action === 'IGNORE') return action
      if (!found) throw new Error(`InAppMessageDelay not found (inAppMessageKey=${schedule.inAppMessageKey})`)
    }
    if (action === 'DELIVER') deliver(context, display, schedule, request.requestedAt)
    if (action === 'DELAY') {
      if (request.type === 'TRIGGERED') delays.add({ schedule, requestedAt: request.requestedAt })
      startDelay(request)
    }
    return action
  }

  function process(request: ScheduleRequest): InAppScheduleInfo['code'] {
    let code: InAppScheduleInfo['code']
    try {
      code = run(request)
    } catch (error) {
      logger.error(`Failed to process InAppMessageSchedule: ${tools.describeError(error)}`)
      code = 'EXCEPTION'
    }
    const { dispatchId, inAppMessageKey: messageKey } = request.schedule
    logger.debug(`InAppMessage Schedule Response: InAppMessageScheduleResponse(dispatchId=${dispatchId}, inAppMessageKey=${messageKey}, code=${code})`)
    context.hooks.scheduled.call({ dispatchId, messageKey, type: request.type, code })
    return code
  }

  return {
    process,
    /**
     * Every persisted delay of an earlier page becomes a STORED request now (started now, due when it was due). A
     * delay this page already runs (triggered before start-up completed) keeps its timer: restoring it too would
     * start a second timer whose firing finds no delay.
     */
    restore() {
      const now = context.now()
      for (const delay of delays.values()) {
        const { schedule } = delay
        if (tasks.has(schedule.dispatchId)) continue
        process({ schedule: { ...schedule, time: { startedAt: now, deliverAt: schedule.time.deliverAt } }, type: 'STORED', requestedAt: now })
      }
    },
    /** Stops every timer and forgets every delay, in memory and persisted. */
    cancelAll() {
      for (const task of tasks.values()) task.cancel()
      tasks.clear()
      delays.clear()
    },
    /** Stops the timers, keeping the persisted delays for the next page (client close). */
    dispose() {
      for (const task of tasks.values()) task.cancel()
      tasks.clear()
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
