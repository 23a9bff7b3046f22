import { useEffect, useState } from 'react'

/** One event as the demo server's `/__demo/events` lists it. */
interface ServerEvent {
  type: string
  key: string | number
  detail: string
  user?: string
  timestamp: number
}

const POLL_MS = 1500
const time = (ts: number) => new Date(ts).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
const shortId = (id = '') => (id.length > 14 ? `${id.slice(0, 8)}…` : id)

/** The events that reached the local server, newest first: polled while the page is visible. */
export function EventsFeed() {
  const [events, setEvents] = useState<ServerEvent[]>([])
  useEffect(() => {
    let live = true
    const poll = () => {
      if (document.visibilityState !== 'visible') return
      fetch('/__demo/events', { cache: 'no-store' })
        .then((response) => (response.ok ? response.json() : []))
        .then((list: ServerEvent[]) => live && setEvents(list))
        .catch(() => undefined) // the demo server is gone
    }
    poll()
    const timer = setInterval(poll, POLL_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [])
  return (
    <section className="card events" aria-labelledby="events-title">
      <h2 id="events-title">
        Received by the server <span className="muted">(batched every ~0.5 s)</span>
      </h2>
      <ol className="feed" data-testid="server-events">
        {events.length === 0 && <li className="muted">nothing yet</li>}
        {events.map((e, i) => (
          <li key={`${e.timestamp}-${e.type}-${e.key}-${i}`}>
            <span className={`type type-${e.type.split(' ')[0]}`}>{e.type}</span>
            <span className="what">
              <b>{String(e.key)}</b>
              {e.detail ? ` · ${e.detail}` : ''}
            </span>
            <span className="who" title={e.user ?? ''}>
              {shortId(e.user)}
            </span>
            <time>{time(e.timestamp)}</time>
          </li>
        ))}
      </ol>
    </section>
  )
}
