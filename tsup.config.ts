import { existsSync, readdirSync } from 'node:fs'
import { defineConfig } from 'tsup'

// One entry per plugin (a folder under src/plugins with an index.ts), so each plugin (and any CommonJS dependency it
// pulls in) is its own chunk. A folder without index.ts is not a plugin entry yet.
const plugins = Object.fromEntries(
  readdirSync('src/plugins', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`src/plugins/${entry.name}/index.ts`))
    .map((entry) => [`plugins/${entry.name}/index`, `src/plugins/${entry.name}/index.ts`]),
)

// The in-app message renderer bundles React and react-dom (an app needs neither): their production builds.
const production = { 'process.env.NODE_ENV': '"production"' }
const renderer = 'src/plugins/in-app-messages/renderer/index.tsx'

export default defineConfig([
  {
    // The renderer is its own entry so that the in-app plugin's `import()` of it lands on one stable chunk.
    entry: { index: 'src/index.ts', 'kernel/index': 'src/kernel/index.ts', ...plugins, 'plugins/in-app-messages/renderer/index': renderer },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    splitting: true,
    target: 'es2020',
    platform: 'browser',
    define: production,
    outDir: 'dist',
  },
  {
    entry: { 'hackle-kit': 'src/browser.ts' },
    format: ['iife'],
    globalName: 'HackleKit',
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
  {
    // The renderer as a script of its own: it installs `window.HackleInAppMessageRenderer` on load.
    entry: { 'hackle-kit-iam-renderer': 'src/plugins/in-app-messages/renderer/browser.ts' },
    format: ['iife'],
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    define: production,
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
])
