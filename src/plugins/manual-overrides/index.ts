import { definePlugin } from '../../kernel'
import { manualOverrideKey, readCookies } from '../../internal'

export { getManualOverrideHooks, type ManualOverrideHooks, type OverrideChange, type OverrideOperation, type OverrideType } from './hooks'

const NAME = 'manual-overrides'

/** Parses one override list: a JSON array of one-entry objects `[{"<experimentId>":"<variationId>"}, …]`. */
function parseOverrides(text: string | null): Map<string, string> {
  const overrides = new Map<string, string>()
  try {
    const list: unknown = JSON.parse(text ?? '[]')
    if (Array.isArray(list)) {
      for (const entry of list) {
        if (entry && typeof entry === 'object') for (const [id, value] of Object.entries(entry)) overrides.set(id, String(value))
      }
    }
  } catch {
    // A corrupt cookie means no overrides.
  }
  return overrides
}

/**
 * Applies the variation overrides a developer set with the Hackle DevTool (cookies `hackle-manual-override_ab_*` /
 * `_ff_*`, shared with the reference SDK). Both lists apply to any experiment id, A/B list first.
 * The cookies are read at start and when the user changes, both with one read of `document.cookie`.
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
