import { useFeatureFlagDetail, useLoadableRemoteConfig, useVariationDetail } from 'hackle-kit/react'
import { hackle } from './client'
import { EventsFeed } from './events-feed'
import { useToast } from './toast'
import type { Visitor } from './use-visitor'

const EXPERIMENTS = [
  { key: 1, name: 'Checkout button' },
  { key: 2, name: 'Onboarding copy' },
  { key: 3, name: 'Recommendations' },
]
const FLAGS = [
  { key: 5, name: 'New checkout' },
  { key: 6, name: 'Dark mode' },
  { key: 7, name: 'Beta dashboard' },
]

function ExperimentRow({ experimentKey, name }: { experimentKey: number; name: string }) {
  const decision = useVariationDetail(experimentKey)
  return (
    <tr data-experiment={experimentKey}>
      <td>
        {name} <span className="muted">#{experimentKey}</span>
      </td>
      <td>
        <span className={`badge var-${decision.variation}`}>{decision.variation}</span>
      </td>
      <td className="reason">{decision.reason}</td>
    </tr>
  )
}

function FlagRow({ flagKey, name }: { flagKey: number; name: string }) {
  const decision = useFeatureFlagDetail(flagKey)
  return (
    <tr data-flag={flagKey}>
      <td>
        {name} <span className="muted">#{flagKey}</span>
      </td>
      <td>
        <span className={decision.isOn ? 'pill on' : 'pill off'}>{decision.isOn ? 'ON' : 'OFF'}</span>
      </td>
      <td className="reason">{decision.reason}</td>
    </tr>
  )
}

function RemoteConfigRows() {
  const { isLoading, remoteConfig } = useLoadableRemoteConfig()
  const values: Array<[string, unknown]> = [
    ['banner_text', remoteConfig.get('banner_text', 'Welcome!')],
    ['max_cart_items', remoteConfig.get('max_cart_items', 0)],
    ['show_promo_popup', remoteConfig.get('show_promo_popup', false)],
  ]
  return (
    <>
      {values.map(([key, value]) => (
        <tr key={key} data-param={key}>
          <td className="mono">{key}</td>
          <td colSpan={2} className="mono">
            {isLoading ? '…' : JSON.stringify(value)}
          </td>
        </tr>
      ))}
    </>
  )
}

/** What the SDK decided for this visitor, the error button, and the events the server received. */
export function UnderTheHood({ visitor, loaded }: { visitor: Visitor; loaded: boolean | undefined }) {
  const toast = useToast()
  return (
    <aside className="hood" aria-label="Under the hood">
      <section className="card">
        <h2>
          Under the hood{' '}
          <span data-testid="status" className={loaded === undefined ? 'pill wait' : loaded ? 'pill on' : 'pill bad'}>
            {loaded === undefined ? 'starting…' : loaded ? 'workspace loaded' : 'config timed out'}
          </span>
        </h2>
        <dl className="facts">
          <dt>Device id</dt>
          <dd className="mono" data-testid="device-id">
            {visitor.deviceId ?? '—'}
          </dd>
          <dt>User id</dt>
          <dd className="mono" data-testid="user-id">
            {visitor.userId ?? <span className="muted">anonymous</span>}
          </dd>
          <dt>Grade</dt>
          <dd className="mono">{visitor.grade ?? '—'}</dd>
          <dt>Session</dt>
          <dd className="mono">{hackle.getSessionId() || '—'}</dd>
        </dl>
        <table className="rows decisions">
          <thead>
            <tr>
              <th>A/B test · flag · config</th>
              <th>Answer</th>
              <th>Reason</th>
            </tr>
          </thead>
          <tbody>
            {EXPERIMENTS.map((e) => (
              <ExperimentRow key={e.key} experimentKey={e.key} name={e.name} />
            ))}
            {FLAGS.map((f) => (
              <FlagRow key={f.key} flagKey={f.key} name={f.name} />
            ))}
            <RemoteConfigRows />
          </tbody>
        </table>
        <div className="actions">
          <button
            type="button"
            className="danger"
            data-action="throw"
            onClick={() => {
              setTimeout(() => {
                throw new Error('Demo error button')
              })
              toast('Threw an error: sent as $trace')
            }}
          >
            Throw an error ($trace)
          </button>
          <a className="button" href="/?utm_source=newsletter&utm_campaign=spring" data-testid="campaign-link">
            Campaign link (utm_*)
          </a>
        </div>
      </section>
      <EventsFeed />
    </aside>
  )
}
