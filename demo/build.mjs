// Bundles the demo shop (demo/src/main.tsx) with esbuild against the built package (dist/), as an app that installed
// hackle-kit would: `hackle-kit`, `hackle-kit/react` and `hackle-kit/plugins/*` resolve to dist/, React to the repo's.
//
//   import { buildShop } from './build.mjs'
//   const files = await buildShop({ outdir })   // -> ['main.js', 'chunk-….js', …] (names relative to outdir)
//
// ES modules with code splitting, so the in-app view, the renderer and the DevTool panel stay lazy chunks that the
// page loads from its own origin (the page's CSP is `script-src 'self'`).
import { existsSync, rmSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '..')

/** `hackle-kit` → dist/index.js, `hackle-kit/<path>` → dist/<path>/index.js (the package's exports map). */
function packageFromDist(dist) {
  return {
    name: 'hackle-kit-from-dist',
    setup(b) {
      b.onResolve({ filter: /^hackle-kit(\/.*)?$/ }, ({ path }) => {
        const sub = path.slice('hackle-kit'.length)
        return { path: resolve(dist, sub ? `.${sub}/index.js` : 'index.js') }
      })
    },
  }
}

export async function buildShop({ outdir, dist = resolve(repo, 'dist') } = {}) {
  if (!existsSync(resolve(dist, 'react/index.js'))) {
    throw new Error(`hackle-kit build not found in ${dist}. Run \`npm run build\` first.`)
  }
  rmSync(outdir, { recursive: true, force: true })
  const result = await build({
    entryPoints: { main: resolve(here, 'src/main.tsx') },
    outdir,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: true,
    target: 'es2020',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [packageFromDist(dist)],
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: repo,
  })
  return Object.keys(result.metafile.outputs).map((file) => relative(outdir, resolve(repo, file)))
}
