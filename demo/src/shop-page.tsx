import { useLoadableVariation, useTrack, useVariation, useVariationDetail } from 'hackle-kit/react'
import { ORDER_LABEL, money, recommend, type Product } from './catalog'
import { useToast } from './toast'

/** A/B test #1's `buttonColor` names, as shades that carry white text. */
const SHADES: Record<string, string> = { blue: '#2563eb', red: '#dc2626', green: '#16a34a', gray: '#4b5563' }

const HEADLINE: Record<string, string> = {
  A: 'Everything for a calm desk',
  B: 'Set up your desk in minutes',
}

/** The product list: the headline (A/B test #2), the order (A/B test #3) and the buttons' colour (A/B test #1). */
export function ShopPage({ onAdd }: { onAdd: (product: Product) => void }) {
  const headline = useLoadableVariation(2)
  const order = useVariation(3)
  const checkout = useVariationDetail(1)
  const colorName = checkout.get('buttonColor', 'gray')
  const buttonColor = SHADES[colorName] ?? SHADES.gray
  const track = useTrack()
  const toast = useToast()
  return (
    <>
      <section className="hero">
        <h2 data-testid="headline">{headline.isLoading ? '…' : HEADLINE[headline.variation] ?? HEADLINE.A}</h2>
        <p className="muted">
          Headline from A/B test #2 (variation <b>{headline.variation}</b>); products in the order of A/B test #3
          (<b>{order}</b>: {ORDER_LABEL[order] ?? 'default'}); the buttons' colour from A/B test #1 (
          <b>{checkout.variation}</b>: {colorName}).
        </p>
        <button
          type="button"
          data-action="show-offer"
          onClick={() => {
            track({ key: 'show_offer' })
            toast('Tracked show_offer: the offer modal opens')
          }}
        >
          See today's offer
        </button>
      </section>
      <ul className="products" data-testid="products">
        {recommend(order).map((product) => (
          <li key={product.sku} className={`product product-${product.sku}`}>
            <div className="thumb" aria-hidden="true">
              {product.name.slice(0, 1)}
            </div>
            <div className="info">
              <h3>{product.name}</h3>
              <p className="muted">{product.blurb}</p>
              <p className="price">{money(product.price)}</p>
            </div>
            <button
              type="button"
              className="add"
              data-action="add-to-cart"
              data-sku={product.sku}
              style={{ backgroundColor: buttonColor }}
              onClick={() => onAdd(product)}
            >
              Add to cart
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}
