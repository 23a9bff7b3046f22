import { type User } from '../../kernel'
import { forEachIdentifier, isValidIdentifierType, sanitizeIdentifierValue, sanitizeProperties } from '../../internal'

/** What `setUser` accepts, or undefined for a user with nothing to identify it. */
export function sanitizeUser(input: unknown): User | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const given = input as Record<string, unknown>
  const user: User = {
    id: sanitizeIdentifierValue(given.id),
    userId: sanitizeIdentifierValue(given.userId),
    deviceId: sanitizeIdentifierValue(given.deviceId),
  }
  if (typeof given.properties === 'object' && given.properties !== null) user.properties = sanitizeProperties(given.properties)
  if (typeof given.identifiers === 'object' && given.identifiers !== null) {
    const identifiers: Record<string, string> = {}
    const custom = given.identifiers
    forEachIdentifier(custom, (type, value) => {
      if (!Object.prototype.hasOwnProperty.call(custom, type)) return
      const sanitized = sanitizeIdentifierValue(value)
      if (isValidIdentifierType(type) && sanitized !== undefined) identifiers[type] = sanitized
    })
    user.identifiers = identifiers
  }
  const identified = user.id || user.userId || user.deviceId || Object.keys(user.identifiers ?? {}).length > 0
  return identified ? user : undefined
}
