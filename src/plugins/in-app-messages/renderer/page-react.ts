/**
 * hackle-kit's in-app renderer without React: the npm build's chunk of this entry is built with its `react` and
 * `react-dom` imports replaced by the page's React (see `src/internal/page-react`), so it carries only the renderer's
 * own code. `installWithPageReact(win, given, logger)` checks the page's React (`hooks.pageReact`'s answer), gives it
 * to the renderer and installs it like `installRenderer`; false (logged) when that React cannot be used.
 */
import type { Logger, PageReact } from '../../../kernel'
import { readPageReact, setPageReact } from '../../../internal'
import { installRenderer } from './index'

export function installWithPageReact(win: Window & { HackleInAppMessageRenderer?: unknown }, given: PageReact, logger: Logger): boolean {
  const page = readPageReact(given, logger)
  if (!page) return false
  setPageReact(page)
  installRenderer(win)
  return true
}
