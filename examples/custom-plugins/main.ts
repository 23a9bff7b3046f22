// Three plugins a site writes for itself, on the kernel alone (no preset):
// - `consent`: drops every event until the visitor accepts (a veto on `filterEvent`);
// - `forwardExposures`: hands each exposure that survived duplicate suppression to another analytics tool
//   (`eventAccepted`), with the public exposure view, never the parsed workspace;
// - `experimentLabels`: adds a client method (`label(key)`) and declares it in its type, so the client's type has it.
// Run: node main.js <workspace.json>. Prints what each plugin saw as JSON.
import { readFileSync } from 'node:fs'
import { createKernel, definePlugin, type ExposureEvent, type Plugin, type PluginDefinition } from 'hackle-kit/kernel'

const consent = definePlugin(
  (hasConsent: () => boolean): Plugin => ({
    name: 'consent',
    apply({ hooks }) {
      hooks.filterEvent.tap('consent', () => hasConsent())
    },
  }),
)

const forwardExposures = definePlugin(
  (send: (name: string, payload: Record<string, unknown>) => void): Plugin => ({
    name: 'forward-exposures',
    apply({ hooks }) {
      hooks.eventAccepted.tap('forward-exposures', (event) => {
        if (event.type !== 'exposure') return
        const exposure: ExposureEvent = event
        send('experiment_viewed', { kind: exposure.kind, key: exposure.experimentKey, variation: exposure.variationKey, reason: exposure.decisionReason })
      })
    },
  }),
)

const experimentLabels = definePlugin(
  (names: Record<number, string>): PluginDefinition<{ label(experimentKey: number): string }> => ({
    name: 'experiment-labels',
    apply(kernel) {
      kernel.extend({
        // Reads the current user's variation through the client, so overrides and targeting apply.
        label: (experimentKey: number) => `${names[experimentKey] ?? `experiment ${experimentKey}`}: ${kernel.client.variation(experimentKey)}`,
      })
    },
  }),
)

const workspaceConfig = JSON.parse(readFileSync(process.argv[2] ?? 'workspace.json', 'utf8'))
let accepted = false
const forwarded: Array<[string, Record<string, unknown>]> = []
const hackle = createKernel('example-sdk-key', {
  workspaceConfig,
  user: { userId: 'member-1' },
  log_disabled: true,
  plugins: [consent(() => accepted), forwardExposures((name, payload) => void forwarded.push([name, payload])), experimentLabels({ 1: 'checkout button' })],
})

const before = hackle.variation(1) // decided, but the exposure is vetoed: no consent yet
accepted = true
const after = hackle.variation(1) // decided and forwarded
hackle.variation(1) // the same exposure again within a minute: suppressed, not forwarded twice
const label = hackle.label(1)
hackle.close()

console.log(JSON.stringify({ before, after, label, forwarded }))
