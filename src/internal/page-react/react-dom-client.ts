/**
 * `react-dom/client` in the React-free builds of hackle-kit's views: a root of the page's React DOM (its
 * `createRoot`, or before React 18 the legacy `render` / `unmountComponentAtNode` on the container).
 */
import { pageReact } from './holder'

export const createRoot = (container: Element) => pageReact().createRoot(container)
