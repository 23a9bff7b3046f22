/**
 * hackle-kit's DevTool panel view (React, loaded when the panel opens). `mountPanel(host, source)` draws it into a
 * shadow root of `host` with a constructable stylesheet (no inline styles: it works under `style-src 'self'`) and
 * returns the function that removes it. Everything it shows and does goes through `source` (see `contract.ts`).
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { PanelSource } from './contract'
import { Panel } from './panel'
import { adoptStyles } from './styles'

export type { PanelModule, PanelSource, PanelData } from './contract'

export function mountPanel(host: HTMLElement, source: PanelSource): () => void {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  adoptStyles(shadow)
  const mount = host.ownerDocument.createElement('div')
  shadow.appendChild(mount)
  const root = createRoot(mount)
  flushSync(() => root.render(<Panel source={source} />))
  return () => {
    try {
      root.unmount()
    } finally {
      mount.remove()
    }
  }
}
