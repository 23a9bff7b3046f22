import { fail, identifierOf, type EvaluationContext } from './context'
import type { Action, Bucket, Experiment, Variation } from './model'
import { slotOf } from './murmur'
import { variationById } from './outcome'

/** Action resolution and mutual-exclusion containers. */

/** The bucket with that id; throws `Bucket[<id>]` (remote-config rules pass the label `bucket`). */
export const bucketOf = (ctx: EvaluationContext, id: number | undefined, label = 'Bucket'): Bucket =>
  ctx.ws.buckets.get(id!) || fail(`${label}[${id}]`)

export function resolveAction(ctx: EvaluationContext, experiment: Experiment, action: Action): Variation | undefined {
  if (action.type === 'VARIATION') return variationById(experiment, action.variationId)
  const identifier = identifierOf(ctx, experiment.identifierType)
  const slot = identifier && slotOf(bucketOf(ctx, action.bucketId), identifier)
  return slot ? variationById(experiment, slot.variationId) : undefined
}

/** Mutual exclusion; the A/B flow calls it only once the identifier is known to be present. */
export function isInContainerGroup(ctx: EvaluationContext, experiment: Experiment): boolean {
  const container = ctx.ws.containers.get(experiment.containerId!) || fail(`container[${experiment.containerId}]`)
  const slot = slotOf(bucketOf(ctx, container.bucketId), identifierOf(ctx, experiment.identifierType))
  if (!slot) return false
  const group = container.groups.find((g) => g.id === slot.variationId) || fail(`ContainerGroup[${slot.variationId}]`)
  return group.experiments.includes(experiment.id)
}
