/**
 * The hook runtime: tapable's API (tap / tapAsync / tapPromise / stage / before / intercept / isUsed) and its hook classes, dispatched by plain loops. tapable itself compiles every hook with
 * `new Function`, which a page with `script-src 'self'` forbids; nothing here generates code.
 *
 * This is the only module that implements or imports a hook runtime: everything else imports hooks from here.
 */

/** How a tap is registered: its name, and where it runs among the hook's other taps. */
export interface TapOptions {
  /** The tap's name (a plugin's name): required (`tap` throws `Missing name for tap` without one); `untap(name)` removes by it. */
  name: string
  /** Lower stages run first; equal stages keep registration order. */
  stage?: number
  /** Run before the taps with these names. */
  before?: string | string[]
}

/** How a tap's function answers: by returning (`sync`), through a callback (`async`) or with a promise (`promise`). */
export type TapType = 'sync' | 'async' | 'promise'

/** A registered tap: its options, how it answers and its function. */
export interface Tap extends TapOptions {
  /** How `fn` answers. */
  type: TapType
  /** The function the hook calls with its arguments (and, for `async`, a callback last). */
  fn: (...args: any[]) => any
}

/** A node-style callback: an error, or no error and the result. */
type Callback<R> = (error?: unknown, result?: R) => void

/** Listens to a hook's registrations and calls (`hook.intercept(interceptor)`); every handler is optional. */
export interface HookInterceptor<T extends unknown[], R> {
  /** Called for each tap as it is registered; may return a replacement tap (used to isolate plugin errors). */
  register?: (tap: Tap) => Tap | void
  /** Called once per hook invocation, before any tap runs. */
  call?: (...args: T) => void
  /** Called before each tap runs. */
  tap?: (tap: Tap) => void
  /** Called when a tap throws or rejects; the error is still raised to the caller. */
  error?: (error: unknown) => void
  /** Called with the result of a bail or waterfall hook. */
  result?: (result: R) => void
  /** Called when every tap ran without a result. */
  done?: () => void
}

/** Mode of a hook whose taps all run and whose return values are ignored. */
const ALL = 0
/** Mode of a hook that stops at the first tap returning something other than `undefined`. */
const BAIL = 1
/** Mode of a hook that passes each tap's return value on as the next tap's first argument. */
const WATERFALL = 2
/** How a hook uses its taps' return values. */
type Mode = typeof ALL | typeof BAIL | typeof WATERFALL

/**
 * The base of every hook class: its taps in run order, its interceptors, and registration. `T` is the argument
 * tuple, `R` what a tap returns.
 */
export class Hook<T extends unknown[], R> {
  /** The registered taps in the order they run (by stage, then `before`, then registration). */
  readonly taps: Tap[] = []
  /** The registered interceptors, in registration order. */
  readonly interceptors: HookInterceptor<T, R>[] = []

  constructor(
    /** The names of the hook's arguments (documentation only: arguments are never dropped by count). */
    readonly argNames: string[] = [],
    /** The hook's name, used in error reports. */
    readonly name?: string,
  ) {}

  /** Whether anything taps or intercepts the hook. */
  isUsed(): boolean {
    return this.taps.length + this.interceptors.length > 0
  }

  /** Adds an interceptor; its `register` also rewrites the taps already registered. */
  intercept(interceptor: HookInterceptor<T, R>): void {
    this.interceptors.push(interceptor)
    const register = interceptor.register
    if (register) this.taps.forEach((tap, i) => (this.taps[i] = register(tap) ?? tap))
  }

  /** Removes every tap registered under `name` (used when a plugin is torn down). */
  untap(name: string): void {
    for (let i = this.taps.length; i--; ) if (this.taps[i]!.name === name) this.taps.splice(i, 1)
  }

  protected add(options: string | TapOptions, type: TapType, fn: Tap['fn']): void {
    if (typeof options === 'string') options = { name: options }
    if (!options?.name) throw new Error('Missing name for tap')
    let tap: Tap = { ...options, type, fn }
    for (const interceptor of this.interceptors) tap = interceptor.register?.(tap) ?? tap
    const before = new Set(typeof tap.before === 'string' ? [tap.before] : tap.before)
    const stage = tap.stage ?? 0
    let i = this.taps.length
    for (; i > 0; i--) {
      const previous = this.taps[i - 1]!
      if (before.size) before.delete(previous.name)
      else if ((previous.stage ?? 0) <= stage) break
    }
    this.taps.splice(i, 0, tap)
  }

  /** Calls the interceptors' handlers for `event` with `args`. */
  protected notify(event: keyof HookInterceptor<T, R>, ...args: unknown[]): void {
    for (const interceptor of this.interceptors) (interceptor[event] as ((...args: unknown[]) => void) | undefined)?.(...args)
  }

  /** Tells the interceptors how a call ended: `result` for a bail or waterfall hook's answer, else `done`. */
  protected settle(mode: Mode, result: unknown): void {
    this.notify(mode !== ALL && (mode === WATERFALL || result !== undefined) ? 'result' : 'done', result)
  }
}

/**
 * Whether an interceptor listens to calls (the kernel's isolation only wraps registrations). Errors are told to every
 * interceptor in any case.
 */
const listens = (interceptor: HookInterceptor<any, any>): unknown =>
  interceptor.call || interceptor.tap || interceptor.result || interceptor.done

/** The synchronous hooks' base: `tap` and `call`. */
abstract class SyncBase<T extends unknown[], R, Ret> extends Hook<T, R> {
  protected abstract get mode(): Mode

  /** Registers `fn` under `options` (a name, or name, stage and `before`); throws without a name. */
  tap(options: string | TapOptions, fn: (...args: T) => R | void): void {
    this.add(options, 'sync', fn)
  }

  /** Runs the taps with `args` and answers as the hook's kind says; a tap's error is told to the interceptors and thrown. */
  call(...args: T): Ret {
    const { taps, mode } = this
    // Without an interceptor that listens, the taps run bare (the hot path of every decision).
    const told = this.interceptors.some(listens)
    if (told) this.notify('call', ...args)
    let result: unknown = mode === WATERFALL ? args[0] : undefined
    try {
      for (let i = 0; i < taps.length; i++) {
        if (told) this.notify('tap', taps[i]!)
        const value = taps[i]!.fn(...args)
        if (value === undefined || mode === ALL) continue
        result = value
        if (mode === BAIL) break
        args[0] = value
      }
    } catch (error) {
      this.notify('error', error)
      throw error
    }
    if (told) this.settle(mode, result)
    return result as Ret
  }
}

/** Calls every tap in order; return values are ignored. */
export class SyncHook<T extends unknown[] = [], R = void> extends SyncBase<T, R, void> {
  protected get mode(): Mode {
    return ALL
  }
}

/** Calls taps in order until one returns something other than `undefined`, and returns that. */
export class SyncBailHook<T extends unknown[] = [], R = unknown> extends SyncBase<T, R, R | undefined> {
  protected get mode(): Mode {
    return BAIL
  }
}

/** Passes the first argument through every tap; a tap returning `undefined` leaves it unchanged. */
export class SyncWaterfallHook<T extends [unknown, ...unknown[]], R = T[0]> extends SyncBase<T, R, R> {
  protected get mode(): Mode {
    return WATERFALL
  }
}

/** The asynchronous hooks' base: taps of all three types, `promise` and `callAsync`. */
abstract class AsyncBase<T extends unknown[], R, Ret> extends Hook<T, R> {
  protected abstract readonly mode: Mode
  protected parallel = false

  /** Registers a tap that answers by returning; throws without a name. */
  tap(options: string | TapOptions, fn: (...args: T) => R | void): void {
    this.add(options, 'sync', fn)
  }

  /** Registers a tap that answers with a promise; throws without a name. */
  tapPromise(options: string | TapOptions, fn: (...args: T) => Promise<R | void>): void {
    this.add(options, 'promise', fn)
  }

  /** Registers a tap that answers through the callback it gets last; throws without a name. */
  tapAsync(options: string | TapOptions, fn: (...args: [...T, Callback<R>]) => void): void {
    this.add(options, 'async', fn)
  }

  /** Runs one tap of any type and settles with its result. */
  private run(tap: Tap, args: T): Promise<unknown> {
    this.notify('tap', tap)
    return new Promise((resolve, reject) => {
      if (tap.type === 'async') tap.fn(...args, (error?: unknown, value?: unknown) => (error ? reject(error) : resolve(value)))
      else resolve(tap.fn(...args))
    })
  }

  /** Runs the taps with `args` (in series, or all at once for a parallel hook); rejects with the first tap's error. */
  async promise(...args: T): Promise<Ret> {
    const taps = this.taps.slice()
    const mode = this.mode
    this.notify('call', ...args)
    let result: unknown = mode === WATERFALL ? args[0] : undefined
    try {
      if (this.parallel) await Promise.all(taps.map((tap) => this.run(tap, args)))
      else
        for (const tap of taps) {
          const value = await this.run(tap, args)
          if (value === undefined || mode === ALL) continue
          result = value
          if (mode === BAIL) break
          args[0] = value
        }
    } catch (error) {
      this.notify('error', error)
      throw error
    }
    this.settle(mode, result)
    return result as Ret
  }

  /** `promise` with a node-style callback last instead of a returned promise. */
  callAsync(...argsAndCallback: [...T, Callback<Ret>]): void {
    const callback = argsAndCallback.pop() as Callback<Ret>
    this.promise(...(argsAndCallback as unknown as T)).then(
      (result) => callback(undefined, result),
      (error) => callback(error ?? new Error('hook failed')),
    )
  }
}

/** Runs taps one after another, waiting for each. */
export class AsyncSeriesHook<T extends unknown[] = []> extends AsyncBase<T, void, void> {
  protected readonly mode = ALL
}

/** Runs taps one after another until one resolves to something other than `undefined`. */
export class AsyncSeriesBailHook<T extends unknown[] = [], R = unknown> extends AsyncBase<T, R, R | undefined> {
  protected readonly mode = BAIL
}

/** Passes the first argument through every tap in turn; `undefined` leaves it unchanged. */
export class AsyncSeriesWaterfallHook<T extends [unknown, ...unknown[]], R = T[0]> extends AsyncBase<T, R, R> {
  protected readonly mode = WATERFALL
}

/** Starts every tap at once and waits for all of them; the first failure rejects. */
export class AsyncParallelHook<T extends unknown[] = []> extends AsyncBase<T, void, void> {
  protected readonly mode = ALL
  protected override parallel = true
}

/** A hook of any arguments and result (for code that handles hooks generically). */
export type AnyHook = Hook<any, any>
