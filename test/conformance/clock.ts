/**
 * A virtual clock for one page: `Date`, `setTimeout`/`setInterval` and their clear functions of the page are
 * replaced, and time only moves when the test says so (`advance`). Two pages driven by the same steps see the same
 * times and fire the same timers at the same moments, so batch boundaries (the SDKs' 500 ms flush timer), dedup
 * intervals and session timeouts are deterministic.
 */

/** 2026-01-15T09:00:00Z: the time every page starts at. */
export const CLOCK_START = Date.UTC(2026, 0, 15, 9, 0, 0)

interface Timer {
  id: number
  at: number
  seq: number
  run: () => void
  /** setInterval: the period; undefined for setTimeout. */
  every?: number
}

/** Lets the page's promise jobs run (they share Node's microtask queue); macrotask hops cover chained work. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export class VirtualClock {
  private time: number
  private readonly timers = new Map<number, Timer>()
  private nextId = 1
  private seq = 0

  constructor(start = CLOCK_START) {
    this.time = start
  }

  now(): number {
    return this.time
  }

  /** Replaces the time functions of `window` (before any script of the page runs). */
  install(window: Window): void {
    const clock = this
    const PageDate = (window as unknown as { Date: DateConstructor }).Date
    function VirtualDate(this: unknown, ...args: unknown[]): unknown {
      if (!new.target) return new PageDate(clock.time).toString()
      return args.length === 0 ? new PageDate(clock.time) : new (PageDate as unknown as new (...a: unknown[]) => Date)(...args)
    }
    VirtualDate.prototype = PageDate.prototype
    VirtualDate.now = () => clock.time
    VirtualDate.UTC = PageDate.UTC
    VirtualDate.parse = PageDate.parse
    const schedule = (handler: unknown, delay: unknown, args: unknown[], every: boolean): number => {
      const ms = Math.max(0, Number(delay) || 0)
      const id = this.nextId++
      const run = () => (typeof handler === 'function' ? handler(...args) : undefined)
      this.timers.set(id, { id, at: this.time + ms, seq: this.seq++, run, every: every ? Math.max(1, ms) : undefined })
      return id
    }
    const clear = (id: unknown) => void this.timers.delete(Number(id))
    const define = (name: string, value: unknown) => Object.defineProperty(window, name, { configurable: true, writable: true, value })
    define('Date', VirtualDate)
    define('setTimeout', (handler: unknown, delay?: unknown, ...args: unknown[]) => schedule(handler, delay, args, false))
    define('setInterval', (handler: unknown, delay?: unknown, ...args: unknown[]) => schedule(handler, delay, args, true))
    define('clearTimeout', clear)
    define('clearInterval', clear)
  }

  /** Moves time forward by `ms`, firing every timer due on the way in order, with the page's promise jobs in between. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms
    await settle()
    for (;;) {
      let due: Timer | undefined
      for (const timer of this.timers.values()) {
        if (timer.at <= target && (!due || timer.at < due.at || (timer.at === due.at && timer.seq < due.seq))) due = timer
      }
      if (!due) break
      this.time = Math.max(this.time, due.at)
      if (due.every === undefined) this.timers.delete(due.id)
      else Object.assign(due, { at: due.at + due.every, seq: this.seq++ })
      try {
        due.run()
      } catch {
        // an exception in a timer callback goes nowhere, as in a browser (the SDKs catch their own)
      }
      await settle()
    }
    this.time = target
  }
}
