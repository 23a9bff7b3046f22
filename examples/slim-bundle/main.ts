// A slim client: decisions, the device id and event delivery, nothing else (no sessions, page views, campaigns,
// in-app messages). Its minified, gzipped size is what `npm run size:table` reports for these plugins.
// The `captureBatches` plugin answers the kernel's transport seam (`sendRequest`): every batch the events plugin
// would POST is handed to it instead, which is how a test or a native shell takes over the network.
// Run: node main.js <workspace.json>. Prints the decisions and the batches as JSON.
import { readFileSync } from 'node:fs'
import { createKernel, definePlugin, type HttpRequest, type Plugin } from 'hackle-kit/kernel'
import { events } from 'hackle-kit/plugins/events'
import { identity } from 'hackle-kit/plugins/identity'

const captureBatches = definePlugin(
  (into: HttpRequest[]): Plugin => ({
    name: 'capture-batches',
    apply({ hooks }) {
      hooks.sendRequest.tap('capture-batches', (request) => {
        into.push(request)
        return Promise.resolve({ status: 200, body: '', header: () => null })
      })
    },
  }),
)

const workspaceConfig = JSON.parse(readFileSync(process.argv[2] ?? 'workspace.json', 'utf8'))
const batches: HttpRequest[] = []
const hackle = createKernel('example-sdk-key', {
  workspaceConfig,
  user: { userId: 'member-1' },
  log_disabled: true,
  plugins: [identity(), events(), captureBatches(batches)],
})

const variation = hackle.variation(1)
const isOn = hackle.isFeatureOn(5)
hackle.track({ key: 'purchase', value: 39.9 })
hackle.close() // flushes the queue through the transport seam

// close() hands the last batch over synchronously or on the next turn; wait one turn before printing.
setTimeout(() => {
  const sent = batches.filter((b) => b.method === 'POST').map((b) => JSON.parse(b.body ?? '{}'))
  console.log(JSON.stringify({ variation, isOn, sent }))
}, 0)
