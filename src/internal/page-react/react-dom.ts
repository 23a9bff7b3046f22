/** `react-dom` in the React-free builds of hackle-kit's views: the page's `flushSync`. */
import { pageReact } from './holder'

export const flushSync = <T>(work: () => T): T => pageReact().flushSync(work)
