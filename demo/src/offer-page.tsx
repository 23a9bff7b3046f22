/**
 * The split-URL test's page (#4): a visitor in variation B is sent from /offer to /offer-b (once, keeping the query),
 * which the SDK decides as the page starts, before the app renders.
 */
export function OfferPage({ path }: { path: string }) {
  const variationB = path === '/offer-b'
  return (
    <section className="offer" data-testid="offer" data-variation={variationB ? 'B' : 'A'}>
      <h2>{variationB ? 'The spring offer, redesigned' : 'The spring offer'}</h2>
      <img src={variationB ? '/offer-2.svg' : '/offer-1.svg'} alt={variationB ? 'Offer, design B' : 'Offer, design A'} />
      <p className="muted">
        Split-URL test #4: you are on <code>{path + window.location.search}</code>
        {variationB ? ' (variation B: the SDK redirected you from /offer)' : ' (the original page)'}.
      </p>
    </section>
  )
}
