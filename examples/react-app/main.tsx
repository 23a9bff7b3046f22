// A React app on `hackle-kit/react`, written as for `@hackler/react-sdk` (only the import differs). Rendered on the
// server with the workspace config the server already has, so the markup holds the real decisions and a browser that
// hydrates it with the same config and user changes nothing.
// Run: node main.js <workspace.json>. Prints the markup for two users and what the hooks answered, as JSON.
import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { createInstance, HackleFeature, HackleProvider, useRemoteConfig, useVariationDetail } from 'hackle-kit/react'

function CheckoutButton() {
  const { variation, reason } = useVariationDetail(1)
  return (
    <button type="button" data-variation={variation} data-reason={reason}>
      {variation === 'B' ? 'Buy now' : 'Add to cart'}
    </button>
  )
}

function Banner() {
  const text = useRemoteConfig().get('banner_text', 'Welcome')
  return <p className="banner">{text}</p>
}

function Shop() {
  return (
    <main>
      <Banner />
      <CheckoutButton />
      <HackleFeature featureKey={5}>{(isOn: boolean) => (isOn ? <aside>gold checkout</aside> : null)}</HackleFeature>
    </main>
  )
}

const workspaceConfig: unknown = JSON.parse(readFileSync(process.argv[2] ?? 'workspace.json', 'utf8'))
const local = 'http://127.0.0.1:9' // unreachable: the server-side client's background requests fail at once
const hackle = createInstance('example-sdk-key', { workspaceConfig, sdkUrl: local, eventUrl: local, log_disabled: true })

const render = (userId: string) =>
  renderToString(
    <HackleProvider hackleClient={hackle} user={{ userId }}>
      <Shop />
    </HackleProvider>,
  )

const pages = { 'member-1': render('member-1'), 'member-2': render('member-2') }
const direct = { 'member-1': hackle.variation(1, { userId: 'member-1' }), 'member-2': hackle.variation(1, { userId: 'member-2' }) }
hackle.close()
console.log(JSON.stringify({ pages, direct }))
