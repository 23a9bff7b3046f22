// The in-app renderer's two builds, read from dist/ (after `npm run build`): the lazy ESM entry the in-app view
// imports (built apart, self-contained), and the standalone script. Both carry React and react-dom inside (an app installs neither) in their
// production builds, and the script installs `window.HackleInAppMessageRenderer` when it runs.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('in-app renderer builds', () => {
  it('the ESM entry is self-contained: React and react-dom are bundled, and nothing is shared with the other entries', () => {
    const esm = read('dist/plugins/in-app-messages/renderer/index.js')
    // (a chunk shared with the other entries would hold React's CommonJS helpers, loaded with an app's first page)
    expect([...esm.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].map((m) => m[1]!)).toEqual([])
    expect(esm).toContain('export {')
    expect(esm).toContain('react-dom-client.production')
    expect(esm).not.toContain('react-dom-client.development')
    expect(esm).not.toContain('process.env')
  })

  it('the script runs on its own and installs window.HackleInAppMessageRenderer, keeping one already there', () => {
    const script = read('dist/browser/hackle-kit-iam-renderer.global.js')
    expect(script).not.toContain('process.env')
    const win: Record<string, any> = {}
    win.window = win
    win.self = win
    vm.runInNewContext(script, win)
    expect(typeof win.HackleInAppMessageRenderer.HackleInAppMessageRenderer).toBe('function')
    const other = { HackleInAppMessageRenderer: class {} }
    const taken: Record<string, any> = { HackleInAppMessageRenderer: other }
    taken.window = taken
    taken.self = taken
    vm.runInNewContext(script, taken)
    expect(taken.HackleInAppMessageRenderer).toBe(other)
    // Nothing else leaks onto the window.
    expect(Object.keys(win).sort()).toEqual(['HackleInAppMessageRenderer', 'self', 'window'])
  })
})
