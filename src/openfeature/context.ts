import type { EvaluationContext } from '@openfeature/web-sdk'
import type { Properties, User } from '../kernel'

/** Which Hackle user field the OpenFeature `targetingKey` fills. */
export type TargetingKeyField = 'userId' | 'id' | 'deviceId'

const ID_FIELDS = ['id', 'userId', 'deviceId'] as const
type PropertyValue = string | number | boolean

const isPrimitive = (value: unknown): value is PropertyValue =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))

/** A context value as a Hackle property: primitives, arrays of them, a `Date` as its ISO text; else undefined. */
function propertyValue(value: unknown): PropertyValue | PropertyValue[] | undefined {
  if (isPrimitive(value)) return value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString()
  if (Array.isArray(value) && value.every(isPrimitive)) return value
  return undefined
}

const idValue = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined

/**
 * The Hackle user an evaluation context describes:
 * - `targetingKey` → the `targetingKey` field (`userId` by default, or `id` / `deviceId`);
 * - `id`, `userId`, `deviceId` (string or number) → that field, over what `targetingKey` set;
 * - `identifiers` (an object of strings) → custom identifiers;
 * - every other attribute → a property: strings, numbers, booleans and arrays of them, a `Date` as its ISO text.
 * Attributes of another shape (nested objects, arrays of objects, `null`) are skipped and listed in `skipped`.
 * Without `userId` / `deviceId`, the user is this device's anonymous user.
 */
export function userFromContext(context: EvaluationContext, targetingKey: TargetingKeyField): { user: User; skipped: string[] } {
  const user: { -readonly [K in keyof User]: User[K] } = {}
  const properties: Properties = {}
  const skipped: string[] = []
  const target = idValue(context.targetingKey)
  if (target !== undefined) user[targetingKey] = target
  for (const [name, value] of Object.entries(context)) {
    if (name === 'targetingKey') continue
    if ((ID_FIELDS as readonly string[]).includes(name)) {
      const id = idValue(value)
      if (id !== undefined) user[name as (typeof ID_FIELDS)[number]] = id
      else skipped.push(name)
    } else if (name === 'identifiers' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const identifiers: Record<string, string> = {}
      for (const [type, id] of Object.entries(value)) {
        const text = idValue(id)
        if (text !== undefined) identifiers[type] = text
        else skipped.push(`identifiers.${type}`)
      }
      user.identifiers = identifiers
    } else {
      const property = propertyValue(value)
      if (property !== undefined) properties[name] = property
      else skipped.push(name)
    }
  }
  user.properties = properties
  return { user, skipped }
}

/** Whether a context says anything about the user (an empty global context leaves the client's user as it is). */
export const describesUser = (context: EvaluationContext | undefined): context is EvaluationContext =>
  !!context && Object.keys(context).length > 0
