// After tsup: removes the bare `import "./chunk-….js";` lines esbuild's code splitting leaves in the ESM files of dist/.
// The package declares `"sideEffects": false`, so an app's bundler ignores such an import anyway, and esbuild warns
// about each one (`ignored-bare-import`) in every app that bundles hackle-kit. Every name a file uses from a chunk
// comes through a named import, which stays. Each removed line becomes an empty line, so source maps stay aligned.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const BARE_CHUNK_IMPORT = /^import "(?:\.\.?\/)+(?:[\w-]+\/)*chunk-[\w-]+\.js";$/gm

/** Every `.js` file under `dir` (ESM: the CommonJS files are `.cjs`). */
function* esmFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* esmFiles(file)
    else if (entry.name.endsWith('.js')) yield file
  }
}

/** Strips the bare chunk imports of every ESM file under `dist`; returns how many it removed. */
export function stripBareChunkImports(dist) {
  let removed = 0
  for (const file of esmFiles(dist)) {
    const text = readFileSync(file, 'utf8')
    const stripped = text.replace(BARE_CHUNK_IMPORT, () => (removed++, ''))
    if (stripped !== text) writeFileSync(file, stripped)
  }
  return removed
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const removed = stripBareChunkImports(path.resolve(process.argv[2] ?? 'dist'))
  console.log(`strip-bare-chunk-imports: ${removed} bare chunk imports removed`)
}
