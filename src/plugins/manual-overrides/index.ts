import { definePlugin } from '../../kernel'
import { manualOverrideKey, readCookies } from '../../internal'
import { overrideEntries } from './list'

export { OVERRIDE_LIST_CAPACITY, asNumber, overrideEntries, parseOverrideList, withOverride, withoutOverride } from './list'

export { getManualOverrideHooks, type ManualOverrideHooks, type OverrideChange, type OverrideOperation, type OverrideType } from './hooks'

const NAME = 'manual-overrides'

/**
 * Applies the variation overrides a developer set with the Hackle DevTool (cookies `hackle-manual-override_ab_*` /
 * `_ff_*`, shared with the reference SDK). Both lists apply to any experiment id, A/B list first.
 * The cookies are read by the first decision after each change of `client.version()` (a workspace or user change, or a
 * DevTool that rewrote them and called `kernel.invalidate()`), each time with one read of `document.cookie`.
 */
export const manualOverrides = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const names = [manualOverrideKey(kernel.sdkKey, 'ab'), manualOverrideKey(kernel.sdkKey, 'ff')]
    let lists: Array<Array<[string, unknown]>> = []
    let readAt = NaN
    // The first listed variation that belongs to the experiment wins, as in the reference.
    kernel.hooks.overrideVariation.tap(NAME, (experiment) => {
      const version = kernel.client.version()
      if (version !== readAt) {
        readAt = version
        lists = readCookies(names).map(overrideEntries)
      }
      const id = String(experiment.id)
      for (const list of lists) {
        // The first item holding the id counts, as in the reference.
        const variationId = Number(list.find(([key]) => key === id)?.[1])
        if (variationId && experiment.variations.some((variation) => variation.id === variationId)) return variationId
      }
      return undefined
    })
  },
}))
