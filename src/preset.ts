import type { Plugin } from './kernel'
import { properties } from './plugins/properties'
import { campaign } from './plugins/campaign'
import { manualOverrides } from './plugins/manual-overrides'
import { events } from './plugins/events'
import { sync } from './plugins/sync'
import { identity } from './plugins/identity'
import { sessions } from './plugins/sessions'

/** Every built-in plugin, in the order they should apply. The only module that imports all plugins. */
export function preset(): Plugin[] {
  return [properties(), campaign(), manualOverrides(), sync(), identity(), sessions(), events()]
}
