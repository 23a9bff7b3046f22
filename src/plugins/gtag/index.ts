import { definePlugin, type ExposureEvent, type PluginDefinition, type Workspace } from '../../kernel'

const NAME = 'gtag'

/** The GA integration switch of a config (`{ workspace: { attributes: { integration_ga_experiment } } }`, this plugin's section). */
type GaConfig = { workspace?: { attributes?: { integration_ga_experiment?: unknown } } } | undefined

/** Whether an accepted exposure goes to Google Analytics: the workspace's GA integration is on, and the experiment
 * is a running one that allocated traffic. */
function isForwarded(workspace: Workspace | undefined, config: Readonly<Record<string, unknown>> | undefined, event: ExposureEvent): boolean {
  if (!workspace || !(config as GaConfig)?.workspace?.attributes?.integration_ga_experiment) return false
  const experiments = event.kind === 'ab-test' ? workspace.experiments : workspace.featureFlags
  return experiments.get(event.experimentKey)?.status === 'RUNNING' && event.decisionReason === 'TRAFFIC_ALLOCATED'
}

/**
 * Google Analytics forwarding: every exposure the kernel accepted (`hooks.eventAccepted`: after duplicate
 * suppression, also while tracking is opted out) of a `RUNNING` experiment or flag decided `TRAFFIC_ALLOCATED`,
 * while the workspace attribute `integration_ga_experiment` is on, calls
 * the page's `window.gtag("event", "experience_impression", { exp_variant_string: "HACKLE-EXPERIMENT_<key>_V<version>-<variation>", event_callback })`.
 * A failure (no `gtag` on the page, a throwing one) is logged
 * `Unexpected exception while sending an event to Google Analytics with gtag: <error>`.
 *
 * Beyond the reference: until Google Analytics calls `event_callback` (it does once the hit is sent, or after its own
 * timeout), a navigation the SDK makes (a split-URL redirect, `hooks.prepareNavigation`) waits for it, within the
 * navigation's time limit, so the exposure reaches GA before the page goes away.
 */
export const gtag = definePlugin(
  (): PluginDefinition => ({
    name: NAME,
    apply(kernel) {
      /** Hits handed to gtag that GA has not confirmed yet. */
      const unconfirmed = new Set<Promise<void>>()
      kernel.hooks.eventAccepted.tap(NAME, (event) => {
        if (event.type !== 'exposure' || !isForwarded(kernel.workspaces.current(), kernel.workspaces.config(), event)) return
        const exp_variant_string = `HACKLE-EXPERIMENT_${event.experimentKey}_V${event.experimentVersion}-${event.variationKey}`
        let confirm!: () => void
        const confirmed = new Promise<void>((resolve) => (confirm = resolve)).then(() => void unconfirmed.delete(confirmed))
        unconfirmed.add(confirmed)
        try {
          ;(window as unknown as { gtag: (...args: unknown[]) => unknown }).gtag('event', 'experience_impression', {
            exp_variant_string,
            event_callback: () => confirm(),
          })
        } catch (error) {
          confirm()
          kernel.logger.error(`Unexpected exception while sending an event to Google Analytics with gtag: ${error}`)
        }
      })
      kernel.hooks.prepareNavigation.tap(NAME, (navigation) => {
        if (unconfirmed.size) navigation.waitFor(Promise.all(unconfirmed))
      })
    },
  }),
)
