import { properties } from './plugins/properties'
import { campaign } from './plugins/campaign'
import { manualOverrides } from './plugins/manual-overrides'
import { events } from './plugins/events'
import { sync } from './plugins/sync'
import { identity } from './plugins/identity'
import { sessions, type HackleSessionPolicy } from './plugins/sessions'

/** The reference's flat `createInstance` options that configure built-in plugins. */
export interface PresetOptions {
  /** sync: poll the config, cohorts and user targets this often (at least 60000 ms; default: no polling). */
  pollingIntervalMillis?: number
  /** sessions: `{ timeoutMillis, persistCondition }`. */
  sessionPolicy?: HackleSessionPolicy
  /** @deprecated sessions: use `sessionPolicy.timeoutMillis`. */
  sessionTimeoutMillis?: number
  /** events: start opted out of tracking. */
  optOutTracking?: boolean
}

/**
 * Every built-in plugin, in the order they should apply, configured from the reference's flat option names (the one
 * place that maps them). The only module that imports all plugins.
 */
export function preset(options: PresetOptions = {}) {
  const { pollingIntervalMillis, sessionPolicy, sessionTimeoutMillis, optOutTracking } = options
  return [
    properties(),
    campaign(),
    manualOverrides(),
    sync({ pollingIntervalMillis }),
    identity(),
    sessions({ sessionPolicy, sessionTimeoutMillis }),
    events({ optOutTracking }),
  ] as const
}

/** The preset's plugins, as `createInstance` passes them to a `plugins` function. */
export type PresetPlugins = ReturnType<typeof preset>
