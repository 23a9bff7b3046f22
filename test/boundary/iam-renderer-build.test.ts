// The React builds, read from dist/ (after `npm run build`): the in-app renderer's lazy ESM entry and the DevTool
// panel's view (built apart from the other entries, sharing one React chunk), the renderer's standalone script (React
// inside, lent to the panel's script) and the panel's script (no React of its own). React and react-dom are their
// production builds (an app installs neither).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('in-app renderer builds', () => {
  it('the ESM entry bundles React and react-dom in one chunk it shares only with the DevTool panel view, built apart', () => {
    const esm = read('dist/plugins/in-app-messages/renderer/index.js')
    // (a chunk shared with the main build's entries would hold React's CommonJS helpers, loaded with an app's first page)
    const imports = (text: string) => [...text.matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)].map((m) => m[1]!)
    const [chunk, ...others] = imports(esm)
    expect(others).toEqual([])
    expect(chunk).toMatch(/^\.\.\/\.\.\/\.\.\/react\/chunk-[A-Z0-9]+\.js$/)
    expect(imports(read('dist/plugins/devtool/panel/index.js'))).toEqual([chunk])
    const react = read(path.join('dist/plugins/in-app-messages/renderer', chunk!))
    expect(imports(react)).toEqual([])
    expect(esm).toContain('export {')
    expect(react).toContain('react-dom-client.production')
    for (const text of [esm, react]) {
      expect(text).not.toContain('react-dom-client.development')
      expect(text).not.toContain('process.env')
    }
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
    // It lends its React to the DevTool panel's script; nothing else leaks onto the window.
    expect(Object.keys(win).sort()).toEqual(['HackleInAppMessageRenderer', 'HackleKitReact', 'self', 'window'])
    expect(Object.keys(win.HackleKitReact).sort()).toEqual(['jsxRuntime', 'react', 'reactDom', 'reactDomClient'])
    expect(typeof win.HackleKitReact.reactDomClient.createRoot).toBe('function')
  })

  it('the DevTool panel script carries no React: it takes the renderer script’s and installs window.HackleKitDevtoolPanel', () => {
    const panel = read('dist/browser/hackle-kit-devtool.global.js')
    expect(panel).not.toContain('react-dom-client.production')
    expect(panel).not.toContain('process.env')
    const win: Record<string, any> = {}
    win.window = win
    win.self = win
    vm.runInNewContext(read('dist/browser/hackle-kit-iam-renderer.global.js'), win)
    vm.runInNewContext(panel, win)
    expect(typeof win.HackleKitDevtoolPanel.mountPanel).toBe('function')
  })
})
