// What both public-API fuzzers (happy-dom and the Chromium page) check around their calls: that no built-in was
// changed, and which answers are promises. Plain code with no test-runner import, so the page fuzzer can bundle it.

/** The classes of window.Hackle a page constructs without arguments (the others are results the SDK makes). */
export const NO_ARGUMENT_CLASSES = new Set([
  'Logger', 'EmptyParameterConfig', 'EmptyHackleRemoteConfig', 'DefaultBrowserPropertyProvider', 'IdentifiersBuilder',
  'PropertyOperationsBuilder', 'HackleSubscriptionOperationsBuilder',
])

/** The own members of the built-ins a careless SDK could change, by identity; `extra` adds the page's DOM ones. */
export function builtIns(extra: Array<[string, object]> = []): Array<[string, object]> {
  return [
    ['Object', Object], ['Object.prototype', Object.prototype], ['Array', Array], ['Array.prototype', Array.prototype],
    ['Function.prototype', Function.prototype], ['String.prototype', String.prototype], ['Number.prototype', Number.prototype],
    ['Boolean.prototype', Boolean.prototype], ['Symbol.prototype', Symbol.prototype], ['Promise', Promise],
    ['Promise.prototype', Promise.prototype], ['Map.prototype', Map.prototype], ['Set.prototype', Set.prototype],
    ['Date.prototype', Date.prototype], ['RegExp.prototype', RegExp.prototype], ['Error.prototype', Error.prototype],
    ['JSON', JSON], ['Math', Math], ['Reflect', Reflect],
    ...extra,
  ]
}

/** Every own member (value, getter, setter) of `targets`, by identity: compare two snapshots to find a change. */
export function snapshotBuiltIns(targets: Array<[string, object]>): Map<string, unknown> {
  const snapshot = new Map<string, unknown>()
  for (const [name, target] of targets) {
    for (const key of Reflect.ownKeys(target)) {
      const d = Object.getOwnPropertyDescriptor(target, key)!
      const at = `${name}.${String(key)}`
      if ('value' in d) snapshot.set(at, d.value)
      else snapshot.set(`${at} get`, d.get).set(`${at} set`, d.set)
    }
  }
  return snapshot
}

/** `instanceof Promise` that a Proxy answer (a default value handed back) cannot make throw. */
export function isPromise(value: unknown): value is Promise<unknown> {
  try {
    return value instanceof Promise
  } catch {
    return false
  }
}
