import { type EvaluationUser, type HackleUser, type Kernel, type TargetEvent } from '../../kernel'
import { describeError, isSameUser, transportOf } from '../../internal'
import { createCohortStore, parseCohorts } from './cohorts'
import { requestIdentifiers } from './user-header'
import { fetchForUser } from './user-request'
import { parseUserTargets } from './user-targets'

/** Any identifier value of `current` is new or different from `previous` . */
export function hasNewIdentifiers(previous: HackleUser, current: HackleUser): boolean {
  const before = requestIdentifiers(previous)
  const after = requestIdentifiers(current)
  for (const type in after) if (before[type] !== after[type]) return true
  return false
}

/**
 * Cohorts and user targets of the current user : fetched on request, kept, and put on every
 * evaluation user. Failures are logged and leave the known data as it was.
 */
export function createUserSync(kernel: Kernel) {
  const { config, logger } = kernel
  const cohorts = createCohortStore()
  let targetEvents: TargetEvent[] = []

  const transport = transportOf(kernel)
  const get = (path: string) => fetchForUser(transport, config.sdkUrl, path, kernel.users.current(), logger)

  async function syncCohorts(): Promise<void> {
    try {
      const fetched = parseCohorts(await get('cohorts'))
      const before = String(cohorts.idsFor(kernel.users.current()))
      cohorts.merge(fetched, kernel.users.current())
      // Answers change only when the current user's cohorts did: polling the same cohorts wakes no subscriber.
      if (String(cohorts.idsFor(kernel.users.current())) !== before) kernel.invalidate()
    } catch (error) {
      logger.error(`Failed to sync cohorts: ${describeError(error)}`)
    }
  }

  async function syncUserTargets(): Promise<void> {
    try {
      const fetched = parseUserTargets(await get('user-targets'))
      const changed = JSON.stringify(fetched) !== JSON.stringify(targetEvents)
      targetEvents = fetched
      if (changed) kernel.invalidate()
    } catch (error) {
      logger.error(`Failed to sync userTargets: ${describeError(error)}`)
    }
  }

  return {
    /** Both, in parallel (start-up, polling, `fetch()`). */
    sync: (): Promise<unknown> => Promise.all([syncCohorts(), syncUserTargets()]),

    /** After a user update, one after the other as in the reference: cohorts on new identifiers, targets on a new user. */
    async syncAfterUpdate(previous: HackleUser, current: HackleUser): Promise<void> {
      if (hasNewIdentifiers(previous, current)) await syncCohorts()
      if (!isSameUser(previous, current)) await syncUserTargets()
    },

    /** Re-filters the known cohorts to the current user (call whenever the user may have changed). */
    refilter: (): void => cohorts.keepFor(kernel.users.current()),

    /** Fills an evaluation user of the current user (`hooks.resolveUser`). */
    fill(user: EvaluationUser): void {
      const ids = cohorts.idsFor(kernel.users.current())
      if (ids.length) user.cohorts = ids.slice() as number[]
      user.targetEvents = targetEvents
    },
  }
}
