import { definePlugin } from '../../kernel'
import { manualOverrideKey } from '../../internal'
import { overrideEntries } from './list'

export { OVERRIDE_LIST_CAPACITY, asNumber, overrideEntries, parseOverrideList, withOverride, withoutOverride } from './list'

export { getManualOverrideHooks, type ManualOverrideHooks, type OverrideChange, type OverrideOperation, type OverrideType } from './hooks'

const NAME = 'manual-overrides'

/** The first item of a list that holds `key`, as the reference reads one. */
const firstOf = (list: Array<[string, unknown]>, key: string) => list.find(([name]) => name === key)?.[1]

/**
 * Applies the overrides a developer set with a DevTool: variation overrides (cookies `hackle-manual-override_ab_*` /
 * `_ff_*`, shared with the reference SDK; both lists apply to any experiment id, A/B list first) and remote-config
 * overrides (cookie `hackle-manual-override_rc_*`, hackle-kit's own: parameter key → a string, number or boolean).
 * The cookies are read by the first decision after each change of `client.version()` (a workspace or user change, or a
 * DevTool that rewrote them and called `kernel.invalidate()`), through the kernel's cookie store (where the DevTool
 * writes them; the page's cookie stores share one read of `document.cookie` in a synchronous run).
 */
export const manualOverrides = definePlugin(() => ({
  name: NAME,
  apply(kernel) {
    const names = (['ab', 'ff', 'rc'] as const).map((kind) => manualOverrideKey(kernel.sdkKey, kind))
    // Per cookie, its last text and that text's entries: a cookie read again unchanged is not parsed again.
    const texts: Array<string | null | undefined> = []
    let lists: Array<Array<[string, unknown]>> = []
    let readAt = NaN
    const read = () => {
      const version = kernel.client.version()
      if (version !== readAt) {
        readAt = version
        lists = names.map((name, at) => {
          const text = kernel.storage.cookies.get(name)
          return text === texts[at] ? lists[at]! : overrideEntries((texts[at] = text))
        })
      }
      return lists
    }
    // The first listed variation that belongs to the experiment wins, as in the reference.
    kernel.hooks.overrideVariation.tap(NAME, (experiment) => {
      const id = String(experiment.id)
      for (const list of read().slice(0, 2)) {
        // The first item holding the id counts, as in the reference.
        const variationId = Number(firstOf(list, id))
        if (variationId && experiment.variations.some((variation) => variation.id === variationId)) return variationId
      }
      return undefined
    })
    kernel.hooks.overrideRemoteConfig.tap(NAME, (parameter) => {
      const value = firstOf(read()[2]!, parameter.key)
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined
    })
  },
}))
