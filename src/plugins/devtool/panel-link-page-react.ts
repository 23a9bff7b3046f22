/**
 * The panel's view without React (npm build, when the page's React is known): built apart from the main build (see
 * `panel/page-react.ts`), so this import stays an import of that build's file. Like `panel-link.ts`, an entry of the
 * main build, so that an `import()` of it lands on a stable file.
 */
export { withPageReact } from './panel/page-react'
