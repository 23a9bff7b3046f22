/**
 * The override list a cookie holds: a JSON array of one-entry objects `[{"<experimentId>":"<variationId>"}, …]`,
 * read and written as the reference SDK does so both SDKs share it. Pure text in, text out.
 */

/** The JSON text of a list may take this many characters (a cookie's 4096 less 6 the reference reserves). */
export const OVERRIDE_LIST_CAPACITY = 4090

/** The list's items; anything that is not a JSON array reads as an empty list. */
export function parseOverrideList(text: string | null | undefined): unknown[] {
  try {
    // (null reads as JSON null, undefined and '' throw: each an empty list)
    const list: unknown = JSON.parse(text as string)
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

const holds = (item: unknown, key: string) => typeof item === 'object' && item !== null && Object.prototype.hasOwnProperty.call(item, key)
const size = (value: unknown) => JSON.stringify(value).length

/** Every `[key, value]` of the list's items, in list order (an item that is no object has none). */
export const overrideEntries = (text: string | null | undefined): Array<[string, unknown]> =>
  parseOverrideList(text).flatMap((item) => Object.entries(Object(item)))

/** The list without the items holding `key`, as JSON text. */
export const withoutOverride = (text: string | null | undefined, key: string): string =>
  JSON.stringify(parseOverrideList(text).filter((item) => !holds(item, key)))

/**
 * The list with `{key: value}` moved to the end, as JSON text (the reference writes string values; remote-config
 * overrides keep their JSON type). When it does not fit the capacity, the oldest items are
 * dropped, with the reference's arithmetic: drop up to the first item at which the sizes of the dropped items plus the
 * room left reach the new item's size. When no drop makes room, the list only loses the old entry for `key`.
 */
export function withOverride(text: string | null | undefined, key: string, value: unknown): string {
  const removed = withoutOverride(text, key)
  let items = JSON.parse(removed) as unknown[]
  const next = { [key]: value }
  const room = OVERRIDE_LIST_CAPACITY - removed.length
  if (!(room > size(next))) {
    let dropped = 0
    const victim = items.findIndex((item) => (dropped += size(item)) + room >= size(next))
    if (victim < 0) return removed
    items = items.slice(victim + 1)
  }
  return JSON.stringify([...items, next])
}

/** A number as the reference reads one: a finite number, or a string that converts to one; else undefined. */
export function asNumber(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(number) ? number : undefined
}
