// In-page half of bench/events-chromium.bench.mjs. Installed with addInitScript, so it runs before the SDK bundle
// loads: it wraps setTimeout/setInterval (every SDK timer callback is timed), counts requests in flight, watches
// long tasks, and exposes window.__bench for the node side to drive. The harness's own waits use the unwrapped
// setTimeout and a MessageChannel, so they are never counted as SDK work.
;(() => {
  const now = () => performance.now()
  const plainSetTimeout = window.setTimeout.bind(window)
  const sleep = (ms) => new Promise((r) => plainSetTimeout(r, ms))

  // ---- the SDK's timer callbacks (synchronous part: promise callbacks they queue run after the wrapper returns)
  const timers = { on: false, max: 0 }
  const wrapTimer = (original) =>
    function (fn, ms, ...args) {
      if (typeof fn !== 'function') return original.call(window, fn, ms, ...args)
      const timed = (...a) => {
        const t = now()
        try {
          fn(...a)
        } finally {
          if (timers.on) timers.max = Math.max(timers.max, now() - t)
        }
      }
      return original.call(window, timed, ms, ...args)
    }
  window.setTimeout = wrapTimer(window.setTimeout)
  window.setInterval = wrapTimer(window.setInterval)

  // ---- requests in flight (fetch, XHR), so "the batch has gone out" is a condition, not a guess
  let inFlight = 0
  const done = () => void inFlight--
  const plainFetch = window.fetch
  window.fetch = function (...args) {
    inFlight++
    const p = plainFetch.apply(this, args)
    p.then(done, done)
    return p
  }
  const plainSend = XMLHttpRequest.prototype.send
  XMLHttpRequest.prototype.send = function (...args) {
    inFlight++
    this.addEventListener('loadend', done, { once: true })
    return plainSend.apply(this, args)
  }

  // ---- phases and long tasks (> 50 ms, Chromium's threshold)
  const phases = [[0, 'load']]
  const setPhase = (name) => phases.push([now(), name])
  /** The phase that covers most of [from, to] (a task can start in one phase and switch to the next). */
  const phaseOf = (from, to) => {
    let best = ['load', -1]
    phases.forEach(([start, name], i) => {
      const overlap = Math.min(to, phases[i + 1]?.[0] ?? Infinity) - Math.max(from, start)
      if (overlap > best[1]) best = [name, overlap]
    })
    return best[0]
  }
  const longTasks = []
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ phase: phaseOf(e.startTime, e.startTime + e.duration), start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {}

  // ---- the next task: a MessageChannel message (no timer clamping; every promise callback queued before has run)
  const channel = new MessageChannel()
  const waiting = []
  channel.port1.onmessage = () => waiting.shift()()
  const nextTask = () => new Promise((r) => { waiting.push(r); channel.port2.postMessage(0) })
  /** Runs fn at the start of a task of its own; ms from its start until the next task (fn + its promise callbacks). */
  const timeTask = async (label, fn) => {
    await nextTask()
    performance.mark(`bench:${tag}:task:${label}`)
    const t = now()
    fn()
    await nextTask()
    return now() - t
  }
  /** Lets the SDK work: 600 ms (past the 500 ms flush timer), then until no request has been in flight for 100 ms. */
  const settle = async () => {
    await sleep(600)
    for (let quiet = 0; quiet < 100; quiet = inFlight ? 0 : quiet + 10) await sleep(10)
  }
  /** settle(), between two marks: the node side takes the longest main-thread task between them from the trace. */
  const batchGoesOut = async (open = true) => {
    if (open) performance.mark(`bench:${tag}:out:start`)
    await settle()
    performance.mark(`bench:${tag}:out:end`)
  }

  let client
  let users
  let props
  let tag = 'sdk'
  const CASES = {
    'track(event, props)': () => client.track({ key: 'purchase', value: 9.9, properties: props }),
    'variation + exposure': (i) => client.variation(1, users[i]),
  }

  window.__bench = {
    /** Starts the SDK against this origin; `props` and `users` are the workload of bench/shared.mjs. */
    async start(options) {
      ;({ tag, props, users } = options)
      const origin = location.origin
      client = window.Hackle.createInstance(options.sdkKey, { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin })
      const init = await client.onInitialized({ timeout: 5000 })
      await settle()
      return init
    },

    /** Calls `name` for `ms` of wall time, yielding a task every 50 calls (the SDK's timers, sends and answers run in
     *  between), then lets the SDK finish what they queued. Returns the calls made, the wall time of the loop and the
     *  time spent inside the calls themselves. */
    async throughput(name, ms) {
      setPhase(`throughput ${name}`)
      const fn = CASES[name]
      let ops = 0
      let i = 0
      let inCalls = 0
      const start = now()
      for (;;) {
        const t = now()
        for (let k = 0; k < 50; k++) {
          fn(i)
          i = (i + 1) % users.length
        }
        inCalls += now() - t
        ops += 50
        await nextTask()
        const elapsed = now() - start
        if (elapsed >= ms) {
          setPhase('settle')
          await settle()
          return { ops, ms: elapsed, inCalls }
        }
      }
    },

    /** One sample of each task measure, with realistic events (full hackle properties, user and event properties). */
    async sample(s) {
      const user = users[0]
      const track = (i) => client.track({ key: 'purchase', value: i, properties: props }, user)
      const queue = (n) => { for (let i = 0; i < n; i++) track(i) }
      const out = {}
      // 99 queued; the 500 ms timer sends them; then 99 more and the 100th, which flushes; until all has gone out.
      setPhase('queueing (harness)')
      queue(99)
      timers.on = true
      timers.max = 0
      setPhase('batch out')
      await batchGoesOut()
      setPhase('queueing (harness)')
      queue(99)
      setPhase('track() that flushes 100')
      // The second window opens inside the timed task, so the tasks before the next one are in it too.
      out.flushAt100 = await timeTask(`flushAt100:${s}`, () => { track(99); performance.mark(`bench:${tag}:out:start`) })
      setPhase('batch out')
      await batchGoesOut(false)
      timers.on = false
      out.timers = timers.max
      // pagehide with 99 queued (beacons), then back from the back-forward cache, as a page that stays alive would be.
      setPhase('queueing (harness)')
      queue(99)
      setPhase('pagehide, 99 queued')
      out.pagehide = await timeTask(`pagehide:${s}`, () => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })))
      setPhase('settle')
      dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
      await settle()
      // For scale: 100 track() calls in one task (this includes a flush at 100).
      setPhase('100 track() in a row')
      out.track100 = await timeTask(`track100:${s}`, () => queue(100))
      setPhase('settle')
      await settle()
      return out
    },

    longTasks: () => longTasks,
    close: () => client.close?.(),
  }
})()
