/**
 * The panel's view in the npm build: built apart with the in-app renderer (they share one React chunk), so this
 * import stays an import of that build's file. This module is an entry of the main build, so that an `import()` of it
 * lands on a stable file wherever the code that imports it ends up.
 */
export { mountPanel } from './panel/index'
