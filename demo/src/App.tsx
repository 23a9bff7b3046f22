import { useCallback, useEffect, useState } from 'react'
import { useFeature, useTrack } from 'hackle-kit/react'
import { CartPage, cartCount, type Cart } from './cart-page'
import type { Product } from './catalog'
import { Header } from './header'
import { OfferPage } from './offer-page'
import { usePath } from './router'
import { ShopPage } from './shop-page'
import { ToastProvider, useToast } from './toast'
import { UnderTheHood } from './under-the-hood'
import { useVisitor, useWorkspaceLoaded } from './use-visitor'

function Shop() {
  const path = usePath()
  const visitor = useVisitor()
  const loaded = useWorkspaceLoaded()
  const dark = useFeature(6)
  const track = useTrack()
  const toast = useToast()
  const [cart, setCart] = useState<Cart>({})
  const add = useCallback(
    (product: Product) => {
      setCart((current) => ({ ...current, [product.sku]: (current[product.sku] ?? 0) + 1 }))
      track({ key: 'add_to_cart', properties: { sku: product.sku } })
      toast(`${product.name} added: tracked add_to_cart`)
    },
    [track, toast],
  )
  // Flag #6 (a 50% rollout) picks the theme.
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark)
  }, [dark])
  useEffect(() => {
    if (loaded !== undefined) document.body.setAttribute('data-ready', 'true')
  }, [loaded])

  let page
  if (path === '/cart') page = <CartPage cart={cart} onEmpty={() => setCart({})} />
  else if (path === '/offer' || path === '/offer-b') page = <OfferPage path={path} />
  else page = <ShopPage onAdd={add} />

  return (
    <>
      <Header path={path} cartCount={cartCount(cart)} visitor={visitor} />
      <div className="wrap layout">
        <main data-testid="route" data-path={path}>
          {page}
        </main>
        <UnderTheHood visitor={visitor} loaded={loaded} />
      </div>
      <footer className="wrap foot muted">
        React + hackle-kit/react on the demo workspace (demo/workspace.json), served with <code>script-src 'self'</code>.
        Messages: “See today's offer” opens a modal, “Add to cart” a banner, a purchase a bottom sheet, and the cart a
        welcome 2 s after its page view.
      </footer>
    </>
  )
}

/** The demo shop: routes, the cart, and a panel of what the SDK did. */
export function App() {
  return (
    <ToastProvider>
      <Shop />
    </ToastProvider>
  )
}
