import type { UsablePageReact } from './read'

let current: UsablePageReact | undefined

/**
 * Gives the React-free views (their chunks, built with `react`, `react/jsx-runtime`, `react-dom` and
 * `react-dom/client` replaced by the modules beside this one) the page's React. Call it before they draw anything;
 * the first one given stays: components, contexts and roots already made belong to it.
 */
export function setPageReact(page: UsablePageReact): void {
  current ??= page
}

/** The page's React the views draw with; throws before `setPageReact`. */
export function pageReact(): UsablePageReact {
  if (!current) throw new Error('hackle-kit: the page’s React was not given to this view')
  return current
}
