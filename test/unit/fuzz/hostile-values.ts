// Values a page may pass to any public call: wrong types, special numbers, huge and reserved strings, cyclic and deep
// objects, throwing getters and Proxies, prototype keys, Symbols, BigInt, frozen objects, promises that never settle.
import type { Rng } from '../../conformance/rng'

const MB = 'x'.repeat(1 << 20)
const HUGE_ARRAY = Array.from({ length: 100_000 }, (_, i) => i)

function cyclic(): object {
  const o: Record<string, unknown> = { id: 'cyc', key: 'cyc' }
  o.self = o
  o.properties = o
  o.identifiers = o
  return o
}

function deep(depth = 2000): object {
  let o: Record<string, unknown> = { leaf: 1 }
  for (let i = 0; i < depth; i++) o = { next: o, id: `d${i}` }
  return o
}

function throwingGetters(): object {
  const o = {}
  for (const key of ['id', 'userId', 'deviceId', 'properties', 'identifiers', 'key', 'value', 'pageName', 'timeout', 'length', 'toJSON']) {
    Object.defineProperty(o, key, { enumerable: true, get: () => { throw new Error(`getter ${key}`) } })
  }
  return o
}

function throwingProxy(): object {
  const trap = () => {
    throw new Error('proxy trap')
  }
  return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, set: trap, defineProperty: trap, deleteProperty: trap })
}

const throwingToString = () => ({ toString: () => { throw new Error('toString') }, valueOf: () => { throw new Error('valueOf') } })

/** A fresh hostile value. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const makers: Array<() => unknown> = [
    () => undefined,
    () => null,
    () => NaN,
    () => Infinity,
    () => -0,
    () => 7,
    () => -1.5,
    () => 2 ** 53 + 2,
    () => true,
    () => false,
    () => '',
    () => 'user_1',
    () => MB,
    () => '__proto__',
    () => 'constructor',
    () => '$id',
    () => Symbol('s'),
    () => BigInt(12),
    () => HUGE_ARRAY,
    () => [1, 'a', null, {}, Symbol('e'), BigInt(1)],
    () => ({}),
    () => Object.create(null),
    () => JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"id":"p"}'),
    () => Object.freeze({ id: 'frozen', key: 'frozen', properties: Object.freeze({ a: 1 }) }),
    cyclic,
    () => deep(),
    throwingGetters,
    throwingProxy,
    throwingToString,
    () => new Promise(() => {}),
    () => () => {
      throw new Error('callback')
    },
    () => new Date(NaN),
    () => /re/g,
    () => new Map([['a', 1]]),
  ]
  if (depth < 2) {
    makers.push(
      () => ({ id: hostileValue(rng, depth + 1), userId: hostileValue(rng, depth + 1), deviceId: hostileValue(rng, depth + 1) }),
      () => ({ id: 'u', properties: { [String(rng.next())]: hostileValue(rng, depth + 1), $sys: hostileValue(rng, depth + 1), ok: 1 } }),
      () => ({ id: 'u', identifiers: { custom: hostileValue(rng, depth + 1), [MB]: 'x' } }),
      () => ({ key: hostileValue(rng, depth + 1), value: hostileValue(rng, depth + 1), properties: hostileValue(rng, depth + 1) }),
      () => ({ key: 'purchase', properties: { a: hostileValue(rng, depth + 1), $b: hostileValue(rng, depth + 1) } }),
      () => ({ pageName: hostileValue(rng, depth + 1), properties: hostileValue(rng, depth + 1) }),
      () => ({ timeout: hostileValue(rng, depth + 1) }),
    )
  }
  return makers[rng.next() % makers.length]!()
}

/** A short, safe description of a value for failure messages. */
export function describe(value: unknown): string {
  try {
    if (typeof value === 'string') return value.length > 40 ? `string(${value.length})` : JSON.stringify(value)
    if (typeof value === 'symbol' || typeof value === 'bigint') return `${typeof value}`
    if (Array.isArray(value)) return `array(${value.length})`
    if (typeof value === 'function') return 'function'
    if (value && typeof value === 'object') return `object(${Object.keys(value).slice(0, 4).join(',')})`
    return String(value)
  } catch {
    return 'unprintable'
  }
}
