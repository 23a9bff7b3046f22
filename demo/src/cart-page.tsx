import { useFeature, useRemoteConfig, useTrack } from 'hackle-kit/react'
import { PRODUCTS, money } from './catalog'
import { navigate } from './router'
import { useToast } from './toast'

export type Cart = Record<string, number>

export const cartCount = (cart: Cart) => Object.values(cart).reduce((sum, n) => sum + n, 0)

/**
 * The cart: its limit from remote config (`max_cart_items`), the checkout behind feature flag #5 ("New checkout", on
 * for grade gold), and the purchase that opens the bottom sheet.
 */
export function CartPage({ cart, onEmpty }: { cart: Cart; onEmpty: () => void }) {
  const newCheckout = useFeature(5)
  const maxItems = useRemoteConfig().get('max_cart_items', 10)
  const track = useTrack()
  const toast = useToast()
  const lines = PRODUCTS.filter((p) => cart[p.sku])
  const total = lines.reduce((sum, p) => sum + p.price * cart[p.sku], 0)
  const count = cartCount(cart)
  const purchase = () => {
    track({ key: 'purchase', value: Number(money(total || 39.9)), properties: { currency: 'USD', items: lines.map((p) => p.sku) } })
    toast('Tracked purchase: the order sheet opens')
    onEmpty()
  }
  return (
    <section className="cart">
      <h2>Your cart</h2>
      {lines.length === 0 ? (
        <p className="muted">
          Empty. <a href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>Back to the shop</a>, or buy the demo
          order below.
        </p>
      ) : (
        <table className="rows">
          <tbody>
            {lines.map((p) => (
              <tr key={p.sku}>
                <td>{p.name}</td>
                <td className="num">× {cart[p.sku]}</td>
                <td className="num">{money(p.price * cart[p.sku])}</td>
              </tr>
            ))}
            <tr className="total">
              <td>Total</td>
              <td className="num">{count}</td>
              <td className="num">{money(total)}</td>
            </tr>
          </tbody>
        </table>
      )}
      <p className="hint">
        Up to <b data-testid="max-items">{maxItems}</b> items per order (remote config <code>max_cart_items</code>).
      </p>
      <div className={newCheckout ? 'checkout checkout-new' : 'checkout'} data-testid="checkout">
        <h3>{newCheckout ? 'One-page checkout' : 'Checkout'}</h3>
        <p className="muted">
          {newCheckout
            ? 'Feature flag #5 is on for you (grade gold): address, payment and review on one page.'
            : 'Feature flag #5 is off for you: the classic three-step checkout. Try “Grade gold”.'}
        </p>
        <button type="button" className="primary" data-action="purchase" onClick={purchase}>
          {lines.length ? `Buy for ${money(total)}` : 'Buy the demo order (39.90)'}
        </button>
      </div>
    </section>
  )
}
