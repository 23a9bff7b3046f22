/** The panel's tab contents: one component per tab, each drawing a part of the snapshot and calling the source. */
import { useState, type FormEvent } from 'react'
import type { DecisionRow, MessageRow, PanelData, PanelSource, RemoteConfigRow } from './contract'
import { filterDecisions, filterEvents, filterRemoteConfigs, formatValue, overrideDraft, parseOverride, reasonTone, timeOf, variationLabel } from './view-model'

function Reason({ reason }: { reason: string }) {
  const tone = reasonTone(reason)
  return <span className={`badge${tone === 'plain' ? '' : ` ${tone}`}`}>{reason}</span>
}

function Search({ value, onChange, label }: { value: string; onChange(value: string): void; label: string }) {
  return <input type="search" aria-label={label} placeholder={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
}

export function UserSection({ data }: { data: PanelData }) {
  const { user } = data
  const ids = Object.entries(user.identifiers)
  return (
    <>
      <h3>Identifiers</h3>
      <dl>
        {[...ids.map(([type, id]): [string, string] => [type, String(id)]), ['session', user.sessionId ?? '—'], ['cohorts', user.cohorts.length ? user.cohorts.join(', ') : 'none known']].map(
          ([term, value]) => (
            <div key={term} className="pair">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      <h3>Properties</h3>
      <pre>{JSON.stringify(user.properties, null, 2)}</pre>
      <h3>Hackle properties</h3>
      <pre>{JSON.stringify(user.hackleProperties, null, 2)}</pre>
    </>
  )
}

function DecisionCard({ row, source }: { row: DecisionRow; source: PanelSource }) {
  const noun = row.kind === 'ab' ? 'A/B test' : 'flag'
  const selectId = `override-${row.kind}-${row.id}`
  const overridden = row.overrideId !== undefined
  return (
    <li className={`card${overridden ? ' overridden' : ''}`}>
      <div className="row">
        <span className="name">
          {noun} {row.key}
        </span>
        <span className="meta">
          id {row.id} · {row.status}
        </span>
      </div>
      <div className="answer">
        <span className="meta">{row.kind === 'ff' ? row.answer : 'variation'}</span>
        <span className="value">{row.kind === 'ff' ? `variation ${row.variationKey}` : row.answer}</span>
        <Reason reason={row.reason} />
      </div>
      <div className="controls">
        <label htmlFor={selectId}>Override</label>
        <select
          id={selectId}
          value={overridden ? String(row.overrideId) : ''}
          onChange={(event) => {
            const id = Number(event.currentTarget.value)
            if (event.currentTarget.value === '') source.resetOverride(row.kind, row.id)
            else source.setOverride(row.kind, row.id, id)
          }}
        >
          <option value="">not overridden</option>
          {row.variations.map((variation) => (
            <option key={variation.id} value={String(variation.id)}>
              {variationLabel(row, variation)}
            </option>
          ))}
        </select>
        <button type="button" className="btn" disabled={!overridden} aria-label={`Reset the override of ${noun} ${row.key}`} onClick={() => source.resetOverride(row.kind, row.id)}>
          Reset
        </button>
      </div>
    </li>
  )
}

export function DecisionSection({ data, source, kind }: { data: PanelData; source: PanelSource; kind: 'ab' | 'ff' }) {
  const [query, setQuery] = useState('')
  const rows = kind === 'ab' ? data.experiments : data.flags
  const shown = filterDecisions(rows, query)
  const noun = kind === 'ab' ? 'A/B tests' : 'flags'
  return (
    <>
      <div className="toolbar">
        <Search value={query} onChange={setQuery} label={`Filter ${noun}`} />
        <button type="button" className="btn" disabled={!rows.some((row) => row.overrideId !== undefined)} onClick={() => source.resetAllOverrides(kind)}>
          Reset all
        </button>
      </div>
      {!data.ready ? <p className="empty">No workspace loaded yet.</p> : !shown.length ? <p className="empty">No {noun}{query ? ' match' : ''}.</p> : null}
      <ul>
        {shown.map((row) => (
          <DecisionCard key={row.id} row={row} source={source} />
        ))}
      </ul>
    </>
  )
}

function RemoteConfigCard({ row, source }: { row: RemoteConfigRow; source: PanelSource }) {
  const [draft, setDraft] = useState(() => overrideDraft(row))
  const [error, setError] = useState<string | null>(null)
  const fieldId = `rc-${row.key}`
  const overridden = row.override !== undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseOverride(row.type, draft)
    if ('error' in parsed) return setError(parsed.error)
    setError(null)
    source.setRemoteConfigOverride(row.key, parsed.value)
  }
  return (
    <li className={`card${overridden ? ' overridden' : ''}`}>
      <div className="row">
        <span className="name">{row.key}</span>
        <span className="meta">{row.type}</span>
      </div>
      <div className="answer">
        <span className="value">{formatValue(row.value)}</span>
        <Reason reason={row.reason} />
      </div>
      <form className="controls" onSubmit={submit}>
        <label htmlFor={fieldId}>Override</label>
        {row.type === 'BOOLEAN' ? (
          <select id={fieldId} value={draft} onChange={(event) => setDraft(event.currentTarget.value)}>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : (
          <input
            id={fieldId}
            value={draft}
            inputMode={row.type === 'NUMBER' ? 'decimal' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
        )}
        <button type="submit" className="btn primary" aria-label={`Set the override of ${row.key}`}>
          Set
        </button>
        <button type="button" className="btn" disabled={!overridden} aria-label={`Reset the override of ${row.key}`} onClick={() => source.resetRemoteConfigOverride(row.key)}>
          Reset
        </button>
      </form>
      {error ? (
        <p className="error" id={`${fieldId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}

export function RemoteConfigSection({ data, source }: { data: PanelData; source: PanelSource }) {
  const [query, setQuery] = useState('')
  const shown = filterRemoteConfigs(data.remoteConfigs, query)
  return (
    <>
      <div className="toolbar">
        <Search value={query} onChange={setQuery} label="Filter parameters" />
        <button type="button" className="btn" disabled={!data.remoteConfigs.some((row) => row.override !== undefined)} onClick={() => source.resetAllOverrides('rc')}>
          Reset all
        </button>
      </div>
      <p className="meta">Values as decided without a default; an override answers calls whose default has the same type.</p>
      {!shown.length ? <p className="empty">No parameters{query ? ' match' : ''}.</p> : null}
      <ul>
        {shown.map((row) => (
          <RemoteConfigCard key={row.key} row={row} source={source} />
        ))}
      </ul>
    </>
  )
}

export function EventSection({ data }: { data: PanelData }) {
  const [query, setQuery] = useState('')
  const shown = filterEvents(data.events, query)
  return (
    <>
      <div className="toolbar">
        <Search value={query} onChange={setQuery} label="Filter events" />
      </div>
      <p className="meta" aria-live="polite">
        {data.events.length ? `The last ${data.events.length} events, newest first.` : 'No events yet.'}
      </p>
      <ul>
        {shown.map((row) => (
          <li key={row.seq} className="event">
            <span className="time">{timeOf(row.timestamp)}</span>
            <span className="row">
              <span className="badge">{row.type}</span>
              <span className="name">{row.name}</span>
              {row.delivered ? null : <span className="badge problem">not sent</span>}
            </span>
            {row.detail ? <span className="meta event-detail">{row.detail}</span> : null}
          </li>
        ))}
      </ul>
    </>
  )
}

function MessageCard({ row, source }: { row: MessageRow; source: PanelSource }) {
  return (
    <li className="card">
      <div className="row">
        <span className="name">message {row.key}</span>
        <span className="meta">
          id {row.id} · {row.displayType} · {row.status}
        </span>
      </div>
      <div className="answer">
        <span className={`badge ${row.eligible ? 'yes' : 'no'}`}>{row.eligible ? 'eligible' : 'not eligible'}</span>
        <Reason reason={row.reason} />
      </div>
      <div className="controls">
        <span className="meta">Triggers: {row.triggers.length ? row.triggers.join(', ') : '—'}</span>
        <button type="button" className="btn" aria-label={`Preview message ${row.key}`} onClick={() => source.previewMessage(row.key)}>
          Preview
        </button>
      </div>
    </li>
  )
}

export function MessageSection({ data, source }: { data: PanelData; source: PanelSource }) {
  if (data.messages === undefined) return <p className="empty">The in-app messages plugin is not installed.</p>
  return (
    <>
      <div className="toolbar">
        <button type="button" className="btn" onClick={() => source.refreshMessages()}>
          Check eligibility again
        </button>
      </div>
      <p className="meta" aria-live="polite">
        {data.messages === null
          ? 'Loading…'
          : data.messagesError
            ? `The in-app messages could not be loaded: ${data.messagesError}`
            : data.messages.length
              ? 'Eligibility for this visitor now (no events are sent).'
              : 'The workspace has no in-app messages.'}
      </p>
      <ul>
        {data.messages?.map((row) => (
          <MessageCard key={row.key} row={row} source={source} />
        ))}
      </ul>
    </>
  )
}

export function PluginSection({ data }: { data: PanelData }) {
  return (
    <ul className="plugins">
      {data.plugins.map((name) => (
        <li key={name}>
          <span className="badge">{name}</span>
        </li>
      ))}
    </ul>
  )
}
