import { type HackleEvent, type Properties } from '../kernel'
import { MAX_ARRAY_LENGTH, sanitizeProperties, sanitizePropertyValue } from '../kernel/events/sanitize'

/** A user-property operation, as its key in the `$properties` event. */
export type PropertyOperation =
  | '$set' | '$setOnce' | '$unset' | '$increment' | '$append' | '$appendOnce'
  | '$prepend' | '$prependOnce' | '$remove' | '$clearAll'

const MAX_PROPERTIES = 128
const MAX_KEY_LENGTH = 128

/**
 * Adds a property the way the reference's properties builder does: at most 128 entries (a full map takes
 * no writes at all), string keys of at most 128 characters, values sanitized. A key that is not a string (`7`,
 * `null`) is kept as it is, a key of its own (`7` is not `"7"`), and becomes its string form (`"7"`, `"null"`) when
 * the map turns into properties.
 */
function put(target: Map<string, unknown>, key: string, value: unknown, once = false): void {
  if ((once && target.has(key)) || target.size >= MAX_PROPERTIES || (typeof key == 'string' && key.length > MAX_KEY_LENGTH)) return
  const sanitized = sanitizePropertyValue(typeof key == 'string' ? key : '', value)
  if (sanitized !== undefined) target.set(key, sanitized)
}

/** An operand or a stored value as a list, cut to the longest array a property keeps (huge ones are not copied). */
const toArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value.slice(0, MAX_ARRAY_LENGTH) : [value]

/** `base` then each value (with `once`, only values it does not hold yet), in one copy. */
function appendAll(base: unknown[], values: unknown[], once: boolean): unknown[] {
  const out = base.slice()
  for (const value of values) if (!once || !out.includes(value)) out.push(value)
  return out
}

/** The values (with `once`, each once and only those `base` does not hold), then `base`. */
const prependAll = (base: unknown[], values: unknown[], once: boolean): unknown[] =>
  once ? [...appendAll([], values, true).filter((value) => !base.includes(value)), ...base] : [...values, ...base]

type Compute = (base: unknown, operand: unknown) => unknown

const COMPUTE: Partial<Record<PropertyOperation, Compute>> = {
  $increment: (base, operand) =>
    typeof operand !== 'number' ? base : typeof base === 'number' ? base + operand : base ?? operand,
  $append: (base, operand) => appendAll(toArray(base), toArray(operand), false),
  $appendOnce: (base, operand) => appendAll(toArray(base), toArray(operand), true),
  $prepend: (base, operand) => prependAll(toArray(base), toArray(operand), false),
  $prependOnce: (base, operand) => prependAll(toArray(base), toArray(operand), true),
  $remove: (base, operand) => {
    const removed = toArray(operand)
    return toArray(base).filter((e) => !removed.includes(e))
  },
}

function operate(operation: PropertyOperation, base: Map<string, unknown>, operands: Map<string, unknown>): Map<string, unknown> {
  if (operation === '$clearAll') return new Map()
  if (operation === '$unset') {
    const next = new Map(base)
    for (const key of operands.keys()) next.delete(key)
    return next
  }
  if (operation === '$set' || operation === '$setOnce') {
    if (base.size === 0) return operands
    const next = new Map(base)
    for (const [key, value] of operands) put(next, key, value, operation === '$setOnce')
    return next
  }
  const compute = COMPUTE[operation]!
  const next = new Map(base)
  for (const [key, operand] of operands) {
    const value = compute(next.get(key), operand)
    if (value !== null && value !== undefined) put(next, key, value)
    else next.delete(key)
  }
  return next
}

/** Property operations in the order each operation was first used. */
export class PropertyOperations {
  constructor(
    /** Operation → (property key → operand), in the order the operations were first used. */
    readonly operations: ReadonlyMap<PropertyOperation, ReadonlyMap<string, unknown>> = new Map(),
  ) {}

  /** Applies the operations to a user's properties and returns the new properties. */
  apply(properties: Properties | undefined): Properties {
    let current = new Map(Object.entries(properties ?? {}))
    for (const [operation, operands] of this.operations) current = operate(operation, current, new Map(operands))
    return Object.fromEntries(current)
  }

  /** `{ "$set": {…}, … }`, the `$properties` event's properties. */
  toRecord(): Record<string, Properties> {
    const record: Record<string, Properties> = {}
    for (const [operation, operands] of this.operations) record[operation] = Object.fromEntries(operands)
    return record
  }

  /** The `$properties` event: each operation's properties sanitized. */
  toEvent(): HackleEvent {
    return this.event('$properties')
  }

  /** The same as a `$secured_properties` event (phone numbers: not kept as user properties). */
  toSecuredEvent(): HackleEvent {
    return this.event('$secured_properties')
  }

  /** How many operations there are (not how many properties). */
  get size(): number {
    return this.operations.size
  }

  private event(key: string): HackleEvent {
    if (this.operations.size === 0) return { key }
    const properties: Record<string, Properties> = {}
    for (const [operation, operands] of this.operations) properties[operation] = sanitizeProperties(Object.fromEntries(operands))
    return { key, properties }
  }
}

/** The reference's `PropertyOperationsBuilder`: a key may appear in one operation only; later uses are ignored. */
export class PropertyOperationsBuilder {
  private readonly operations = new Map<PropertyOperation, Map<string, unknown>>()

  /** Sets property `key` to `value`. Each method returns the builder; at most 128 keys of at most 128 characters are kept, values are sanitized. */
  set = (key: string, value: unknown) => this.add('$set', key, value)
  /** Sets `key` only when the user has no value for it yet. */
  setOnce = (key: string, value: unknown) => this.add('$setOnce', key, value)
  /** Removes property `key`. */
  unset = (key: string) => this.add('$unset', key, '-')
  /** Adds `value` to the number in `key`. */
  increment = (key: string, value: number) => this.add('$increment', key, value)
  /** Appends `value` (or each item of an array) to the list in `key`. */
  append = (key: string, value: unknown) => this.add('$append', key, value)
  /** Appends the values the list in `key` does not hold yet. */
  appendOnce = (key: string, value: unknown) => this.add('$appendOnce', key, value)
  /** Puts `value` (or each item of an array) in front of the list in `key`. */
  prepend = (key: string, value: unknown) => this.add('$prepend', key, value)
  /** Puts in front the values the list in `key` does not hold yet. */
  prependOnce = (key: string, value: unknown) => this.add('$prependOnce', key, value)
  /** Removes `value` (or each item of an array) from the list in `key`. */
  remove = (key: string, value: unknown) => this.add('$remove', key, value)
  /** Removes every user property. */
  clearAll = () => this.add('$clearAll', 'clearAll', '-')

  /** The operations collected so far (a copy: the builder can go on). */
  build(): PropertyOperations {
    return new PropertyOperations(new Map([...this.operations].map(([op, map]) => [op, new Map(map)])))
  }

  private add(operation: PropertyOperation, key: string, value: unknown): this {
    for (const operands of this.operations.values()) if (operands.has(key)) return this
    let operands = this.operations.get(operation)
    if (!operands) this.operations.set(operation, (operands = new Map()))
    put(operands, key, value)
    return this
  }
}
