/**
 * hackle-kit's DevTool panel view without React: the npm build's chunk of this entry is built with its `react` and
 * `react-dom` imports replaced by the page's React (see `src/internal/page-react`), so it carries only the panel's own
 * code. `withPageReact(given, logger)` checks the page's React (`hooks.pageReact`'s answer) and gives it to the view:
 * the view to mount, or undefined (logged) when that React cannot be used.
 */
import type { Logger, PageReact } from '../../../kernel'
import { readPageReact, setPageReact } from '../../../internal'
import type { PanelModule } from './contract'
import { mountPanel } from './index'

export function withPageReact(given: PageReact, logger: Logger): PanelModule | undefined {
  const page = readPageReact(given, logger)
  if (!page) return undefined
  setPageReact(page)
  return { mountPanel }
}
