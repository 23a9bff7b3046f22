import type { inAppTools } from './toolbox'

/**
 * What the in-app decision engine and view use of the built-in plugins' toolbox. They are loaded later (`import()`),
 * and they take these from the first load (`toolbox.ts`, handed to `createEngine` and `openView`) instead of
 * importing them: a module both sides import would become a chunk of its own in an app's bundle, which the page then
 * loads first as a second file (about 1 kB more gzip than one file). So the engine's and view's modules import
 * nothing from outside the in-app plugin at run time (types only).
 */
export type InAppTools = typeof inAppTools

/** The toolbox the engine and view use; set by `createEngine` and `openView` before anything else of theirs runs. */
export let tools: InAppTools

/** Sets the toolbox (the same one for every client: it holds the built-in plugins' functions and classes). */
export function useTools(given: InAppTools): void {
  tools = given
}
