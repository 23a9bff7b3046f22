import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'
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
const panel = 'src/plugins/devtool/panel/index.tsx'

/**
 * The DevTool's script (script-tag build) takes React from the in-app renderer's script: its `react` imports
 * read `window.HackleKitReact` (see the renderer's `browser.ts`) instead of bundling React a second time.
 */
const reactFromRendererScript: Plugin = {
  name: 'react-from-renderer-script',
  setup(build) {
    const parts: Record<string, string> = { react: 'react', 'react/jsx-runtime': 'jsxRuntime', 'react-dom': 'reactDom', 'react-dom/client': 'reactDomClient' }
    build.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime)?$/ }, (args) => ({ path: args.path, namespace: 'hackle-kit-react' }))
    build.onLoad({ filter: /.*/, namespace: 'hackle-kit-react' }, (args) => ({
      contents: `module.exports = window.HackleKitReact.${parts[args.path]}`,
      loader: 'js',
    }))
  },
}

/**
 * The view's `import('../renderer/index')` stays an import of the renderer's own file (built apart, below): bundled
 * with the rest, its CommonJS helpers (React is CommonJS) would be shared with every entry, and an app's bundler
 * would load them with the first page.
 */
const rendererApart: Plugin = {
  name: 'renderer-apart',
  setup(build) {
    // the CommonJS build (made from ESM by tsup) names its files `.cjs`
    const ext = build.initialOptions.outExtension?.['.js'] ?? '.js'
    // (also its variant without React, built apart too)
    build.onResolve({ filter: /^\.\.\/renderer\/(index|page-react)$/ }, ({ path }) => ({ path: `${path}${ext}`, external: true }))
    // the same for the DevTool panel's view, imported by the `panel-link` entries beside it
    build.onResolve({ filter: /^\.\/panel\/(index|page-react)$/ }, ({ path }) => ({ path: `${path}${ext}`, external: true }))
  },
}

/**
 * The views' variants without React (used when the page's React is known): their `react` and `react-dom` imports are
 * modules that call the page's React, given at run time (`src/internal/page-react`). `react/jsx-runtime` too: the JSX
 * is drawn with the page's `createElement`.
 */
const reactFromPage: Plugin = {
  name: 'react-from-page',
  setup(build) {
    const files: Record<string, string> = { react: 'react', 'react/jsx-runtime': 'jsx-runtime', 'react-dom': 'react-dom', 'react-dom/client': 'react-dom-client' }
    build.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime)?$/ }, (args) => ({ path: resolve(`src/internal/page-react/${files[args.path]}.ts`) }))
  },
}

/**
 * The React bindings' `import … from '../index'` stays an import of the package's main entry (`dist/index.js`), so an
 * app that imports both `hackle-kit` and `hackle-kit/react` runs one copy of the client (one client per SDK key), and
 * the main entry's own files stay as they are.
 */
const mainEntryApart: Plugin = {
  name: 'main-entry-apart',
  setup(build) {
    const file = `../index${build.initialOptions.outExtension?.['.js'] ?? '.js'}`
    build.onResolve({ filter: /^\.\.\/index$/ }, ({ importer }) =>
      /[\\/]src[\\/]react[\\/]/.test(importer) ? { path: file, external: true } : undefined,
    )
  },
}

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'kernel/index': 'src/kernel/index.ts',
      ...plugins,
      // The in-app view side: the small part every page loads, and the part loaded when a message is shown (its own
      // chunk, measured by size-limit).
      'plugins/in-app-messages/display': 'src/plugins/in-app-messages/display.ts',
      'plugins/in-app-messages/view/index': 'src/plugins/in-app-messages/view/index.ts',
      // The decision engine, loaded once a workspace has in-app messages: an entry so that its `import()` lands on a
      // stable file (measured by size-limit).
      'plugins/in-app-messages/engine': 'src/plugins/in-app-messages/engine.ts',
      // The OpenFeature provider: the page's own OpenFeature SDK is imported, never bundled.
      'openfeature/index': 'src/openfeature/index.ts',
      // The React bindings: React is the app's own (an optional peer dependency), never bundled.
      'react/index': 'src/react/index.ts',
      // The DevTool panel's view, imported through this entry (a stable file; the view is built apart, below).
      'plugins/devtool/panel-link': 'src/plugins/devtool/panel-link.ts',
      'plugins/devtool/panel-link-page-react': 'src/plugins/devtool/panel-link-page-react.ts',
    },
    external: [/^@openfeature\//, 'react'],
    // The npm build imports hackle-kit's in-app renderer as a lazy chunk: its own build (below), imported as is.
    define: { ...production, __HACKLE_SCRIPT_TAG__: 'false' },
    esbuildPlugins: [rendererApart, mainEntryApart],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    splitting: true,
    target: 'es2020',
    platform: 'browser',
    outDir: 'dist',
  },
  {
    entry: { 'hackle-kit': 'src/browser.ts' },
    format: ['iife'],
    globalName: 'HackleKit',
    // The script-tag build loads hackle-kit's in-app renderer as its own script instead of bundling it.
    define: { __HACKLE_SCRIPT_TAG__: 'true' },
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
  {
    // The in-app code of the script-tag build (decision engine and view), loaded from beside the SDK's script once a
    // workspace has in-app messages.
    entry: { 'hackle-kit-iam-view': 'src/plugins/in-app-messages/view/script-tag.ts' },
    format: ['iife'],
    define: { __HACKLE_SCRIPT_TAG__: 'true' },
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
  {
    // The renderer of the npm build, the view's lazy chunk, and the DevTool panel's view: React and react-dom bundled
    // in one chunk the two share, apart from the other entries.
    entry: { 'plugins/in-app-messages/renderer/index': renderer, 'plugins/devtool/panel/index': panel },
    define: production,
    // React is a peer dependency of the package (for hackle-kit/react), which tsup would leave external: this chunk
    // bundles its own copy.
    noExternal: [/^react($|\/)/, /^react-dom($|\/)/, /^scheduler($|\/)/],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    splitting: true,
    // its chunks in their own folder, apart from the main build's
    esbuildOptions(options) {
      options.chunkNames = 'react/[name]-[hash]'
    },
    target: 'es2020',
    platform: 'browser',
    outDir: 'dist',
  },
  {
    // The renderer and the DevTool panel's view without React, for a page whose React the client knows
    // (`hooks.pageReact`): the page's React is given at run time, so these chunks carry only hackle-kit's own code.
    entry: {
      'plugins/in-app-messages/renderer/page-react': 'src/plugins/in-app-messages/renderer/page-react.ts',
      'plugins/devtool/panel/page-react': 'src/plugins/devtool/panel/page-react.ts',
    },
    define: production,
    noExternal: [/^react($|\/)/, /^react-dom($|\/)/],
    esbuildPlugins: [reactFromPage],
    format: ['esm', 'cjs'],
    sourcemap: true,
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = 'page-react/[name]-[hash]'
    },
    target: 'es2020',
    platform: 'browser',
    outDir: 'dist',
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
  {
    // The DevTool's lazy part as a script of its own (explorer, panel data and view): it installs
    // `window.HackleKitDevtoolPanel` on load and takes React from the in-app renderer's script.
    entry: { 'hackle-kit-devtool': 'src/plugins/devtool/script-tag.ts' },
    format: ['iife'],
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    define: { ...production, __HACKLE_SCRIPT_TAG__: 'true' },
    esbuildPlugins: [reactFromRendererScript],
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
])
