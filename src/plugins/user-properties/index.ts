import { definePlugin, describeError, sanitizeProperties } from '../../kernel'
import { PropertyOperations, PropertyOperationsBuilder, type PropertyOperation } from './property-operations'

export { PropertyOperations, PropertyOperationsBuilder, type PropertyOperation } from './property-operations'

const NAME = 'user-properties'
const OPERATIONS = new Set(['$set', '$setOnce', '$unset', '$increment', '$append', '$appendOnce', '$prepend', '$prependOnce', '$remove', '$clearAll'])

/** Operations built by `PropertyOperationsBuilder`, or a plain `{ "$set": {…} }` record. */
function toOperations(input: unknown): PropertyOperations | undefined {
  if (input instanceof PropertyOperations) return input
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const entries: [PropertyOperation, Map<string, unknown>][] = []
  for (const [operation, operands] of Object.entries(input)) {
    if (!OPERATIONS.has(operation) || typeof operands !== 'object' || operands === null) return undefined
    entries.push([operation as PropertyOperation, new Map(Object.entries(operands))])
  }
  return new PropertyOperations(new Map(entries))
}

/**
 * User property calls (browser-behaviour §2.3–2.4): `updateUserProperties`, `setUserProperty`,
 * `setUserProperties`. Each tracks a `$properties` event for the current user, applies the operations to the
 * user's properties and asks for an asynchronous flush.
 */
export const userProperties = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const { client, logger, hooks } = kernel
    const update = (operations: unknown): Promise<void> => {
      try {
        const resolved = toOperations(operations)
        if (!resolved) {
          logger.warn('Invalid property operations.')
          return Promise.resolve()
        }
        client.track({ key: '$properties', properties: resolved.toRecord() })
        kernel.setUserProperties(resolved.apply(kernel.currentUser().properties))
        hooks.flush.call('manual')
      } catch (error) {
        logger.error(`Unexpected exception while update userProperties: ${describeError(error)}`)
      }
      return Promise.resolve()
    }
    kernel.extend({
      updateUserProperties: update,
      setUserProperty: (key, value) => update(new PropertyOperationsBuilder().set(key, value).build()),
      setUserProperties(properties) {
        const builder = new PropertyOperationsBuilder()
        for (const [key, value] of Object.entries(sanitizeProperties(properties))) builder.set(key, value)
        return update(builder.build())
      },
    })
  },
}))
