import { existsSync, readdirSync } from 'node:fs'
import { defineConfig } from 'tsup'

// One entry per plugin (a folder under src/plugins with an index.ts), so each plugin (and any CommonJS dependency it
// pulls in) is its own chunk. A folder without index.ts is not a plugin entry yet.
const plugins = Object.fromEntries(
  readdirSync('src/plugins', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`src/plugins/${entry.name}/index.ts`))
    .map((entry) => [`plugins/${entry.name}/index`, `src/plugins/${entry.name}/index.ts`]),
)

export default defineConfig([
  {
    entry: { index: 'src/index.ts', 'kernel/index': 'src/kernel/index.ts', ...plugins },
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
    minify: true,
    sourcemap: true,
    target: 'es2018',
    platform: 'browser',
    noExternal: [/.*/],
    outDir: 'dist/browser',
  },
])
