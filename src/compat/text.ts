/**
 * `String(value)` (an Error's message alone when `errorMessage`), or the value's type when that throws: a Symbol
 * inside an array, a throwing `toString`, a Proxy.
 */
export function textOf(value: unknown, errorMessage = false): string {
  try {
    return String(errorMessage && value instanceof Error ? value.message : value)
  } catch {
    return typeof value
  }
}
