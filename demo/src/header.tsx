import { HackleFeature, useLoadableRemoteConfig } from 'hackle-kit/react'
import { hackle } from './client'
import { navigate } from './router'
import { useToast } from './toast'
import type { Visitor } from './use-visitor'

function NavLink({ to, path, children }: { to: string; path: string; children: React.ReactNode }) {
  return (
    <a
      href={to}
      aria-current={path === to ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault()
        navigate(to)
      }}
    >
      {children}
    </a>
  )
}

/** The banner line from remote config (`banner_text`, "Hello, gold member" for grade gold). */
function PromoBar() {
  const { isLoading, remoteConfig } = useLoadableRemoteConfig()
  const text = remoteConfig.get('banner_text', 'Welcome!')
  const promo = remoteConfig.get('show_promo_popup', false)
  return (
    <p className={promo ? 'promo promo-on' : 'promo'} data-testid="banner-text">
      {isLoading ? '\u00a0' : text}
      {promo && <span className="muted"> · staff promo on</span>}
    </p>
  )
}

/** Brand, routes, the visitor's sign-in, and the DevTool button. */
export function Header({ path, cartCount, visitor }: { path: string; cartCount: number; visitor: Visitor }) {
  const toast = useToast()
  const act = (label: string, call: () => Promise<unknown>) => () => {
    call().then(() => toast(label), (error) => toast(`Error: ${String(error)}`))
  }
  const gold = visitor.grade === 'gold'
  return (
    <header className="top">
      <PromoBar />
      <div className="wrap top-inner">
        <a className="brand" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
          hackle-kit <span>shop</span>
        </a>
        <nav aria-label="Pages">
          <NavLink to="/" path={path}>
            Shop
          </NavLink>
          <NavLink to="/cart" path={path}>
            Cart <span className="count" data-testid="cart-count">{cartCount}</span>
          </NavLink>
          {/* A full page load: the split-URL test decides as a page starts. */}
          <a href="/offer" data-testid="offer-link" aria-current={path.startsWith('/offer') ? 'page' : undefined}>
            Offer
          </a>
          <HackleFeature featureKey={7}>
            {(on) => on && <span className="pill beta" data-testid="beta">Beta dashboard</span>}
          </HackleFeature>
        </nav>
        <div className="who">
          {visitor.userId ? (
            <button type="button" data-action="signout" onClick={act('Signed out', () => hackle.setUserId(null))}>
              Sign out <b>{visitor.userId}</b>
            </button>
          ) : (
            <>
              <button type="button" data-action="signin-member" onClick={act('Signed in as member-42', () => hackle.setUserId('member-42'))}>
                Sign in
              </button>
              <button type="button" data-action="signin-staff" onClick={act('Signed in as emp-1 (staff)', () => hackle.setUserId('emp-1'))}>
                Staff
              </button>
            </>
          )}
          <button
            type="button"
            data-action="toggle-gold"
            aria-pressed={gold}
            onClick={act(gold ? 'grade = silver' : 'grade = gold', () => hackle.setUserProperty('grade', gold ? 'silver' : 'gold'))}
          >
            Gold
          </button>
          <button type="button" data-action="devtool" className="devtool" onClick={() => hackle.showUserExplorer()}>
            DevTool
          </button>
        </div>
      </div>
    </header>
  )
}
