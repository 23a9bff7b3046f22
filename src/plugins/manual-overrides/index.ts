import { definePlugin, definePluginHooks, SyncHook, type Kernel } from '../../kernel'
import { manualOverrideKey, readCookies } from '../../internal'
import { overrideEntries } from './list'

export { OVERRIDE_LIST_CAPACITY, asNumber, overrideEntries, parseOverrideList, withOverride, withoutOverride } from './list'

const NAME = 'manual-overrides'

/**
 * The manual-overrides plugin's hooks: `changed()` tells it that the override cookies were rewritten (a DevTool set or
 * reset an override), so it reads them again before the next decision.
 */
export const getManualOverrideHooks: (kernel: Kernel) => { readonly changed: SyncHook<[]> } = /* @__PURE__ */ definePluginHooks(
  NAME,
  () => ({ changed: new SyncHook<[]>() }),
)

/** One override list as id → variation id text; the first item holding an id wins, as in the reference. */
function parseOverrides(text: string | null): Map<string, string> {
  const overrides = new Map<string, string>()
  for (const [id, value] of overrideEntries(text)) if (!overrides.has(id)) overrides.set(id, String(value))
  return overrides
}

/**
 * Applies the variation overrides a developer set with the Hackle DevTool (cookies `hackle-manual-override_ab_*` /
 * `_ff_*`, shared with the reference SDK). Both lists apply to any experiment id, A/B list first.
 * The cookies are read at start, when the user changes and when `getManualOverrideHooks(kernel).changed` is called,
 * each time with one read of `document.cookie`.
 */
export const manualOverrides = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const names = [manualOverrideKey(kernel.sdkKey, 'ab'), manualOverrideKey(kernel.sdkKey, 'ff')]
    let lists: Map<string, string>[] = []
    const load = () => {
      lists = readCookies(names).map(parseOverrides)
    }
    load()
    kernel.hooks.userChanged.tap(NAME, load)
    getManualOverrideHooks(kernel).changed.tap(NAME, load)
    // The first listed variation that belongs to the experiment wins, as in the reference.
    kernel.hooks.overrideVariation.tap(NAME, (experiment) => {
      const id = String(experiment.id)
      for (const list of lists) {
        const variationId = Number(list.get(id))
        if (variationId && experiment.variations.some((variation) => variation.id === variationId)) return variationId
      }
      return undefined
    })
  },
}))
