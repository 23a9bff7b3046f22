/** The panel's shell: header with the close button, the tabs (arrow keys move between them) and the open tab. */
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import type { PanelSource } from './contract'
import { DecisionSection, EventSection, MessageSection, PluginSection, RemoteConfigSection, UserSection } from './sections'
import { nextTab, tabsOf, type TabId } from './view-model'

export function Panel({ source }: { source: PanelSource }) {
  const data = useSyncExternalStore(source.subscribe, source.read)
  const [tab, setTab] = useState<TabId>('ab')
  const tabs = tabsOf(data)
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>())

  // Opening moves the focus to the open tab, so the keyboard is in the panel at once.
  useEffect(() => tabRefs.current.get(tab)?.focus({ preventScroll: true }), [])

  const onTabKey = (event: KeyboardEvent) => {
    const next = nextTab(tabs, tab, event.key)
    if (!next) return
    event.preventDefault()
    setTab(next)
    tabRefs.current.get(next)?.focus()
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    event.preventDefault()
    source.close()
  }

  return (
    <section className="panel" role="dialog" aria-modal="false" aria-labelledby="hk-devtool-title" onKeyDown={onKey}>
      <header>
        <h2 id="hk-devtool-title">
          Hackle DevTool
          <small>hackle-kit · SDK key {data.sdkKey.slice(0, 8)}…</small>
        </h2>
        <button type="button" className="close" aria-label="Close the DevTool" onClick={() => source.close()}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div role="tablist" aria-label="DevTool sections" onKeyDown={onTabKey}>
        {tabs.map((item) => (
          <button
            key={item.id}
            ref={(element) => void (element ? tabRefs.current.set(item.id, element) : tabRefs.current.delete(item.id))}
            type="button"
            role="tab"
            id={`hk-tab-${item.id}`}
            aria-selected={item.id === tab}
            aria-controls="hk-tabpanel"
            tabIndex={item.id === tab ? 0 : -1}
            onClick={() => setTab(item.id)}
          >
            {item.label}
            {item.count !== undefined ? <span className="count">{item.count}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="hk-tabpanel" aria-labelledby={`hk-tab-${tab}`} tabIndex={0}>
        {tab === 'user' ? (
          <UserSection data={data} />
        ) : tab === 'ab' || tab === 'ff' ? (
          <DecisionSection key={tab} data={data} source={source} kind={tab} />
        ) : tab === 'rc' ? (
          <RemoteConfigSection data={data} source={source} />
        ) : tab === 'events' ? (
          <EventSection data={data} />
        ) : tab === 'iam' ? (
          <MessageSection data={data} source={source} />
        ) : (
          <PluginSection data={data} />
        )}
      </div>
    </section>
  )
}
