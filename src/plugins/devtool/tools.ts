import type { devtoolTools } from './toolbox'

/**
 * What the lazily loaded part of the DevTool (explorer, panel data) uses of the client and the other plugins. It
 * takes these from the first load (`toolbox.ts`, handed over when it loads) instead of importing them: a module both
 * parts imported would become a chunk of its own in an app's bundle, which the page would then load first as a second
 * file (gzip compresses two files worse than one). So the lazy modules import nothing from outside the devtool plugin
 * at run time (types only).
 */
export type DevtoolTools = typeof devtoolTools

/** The toolbox handed over by the first load; set before any lazy module runs. */
export let tools: DevtoolTools

export function useTools(given: DevtoolTools): void {
  tools = given
}
