// Prints what an app pays for hackle-kit (see app-sizes.mjs): the kernel alone, what each plugin adds to it, and
// the full preset, each an app making one decision, `esbuild --bundle --minify --format=esm` then gzip -9.
// Usage: npm run size:table   (builds first)
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { measureApps, scriptTagSize, sizeTable } from './app-sizes.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
console.log(sizeTable(await measureApps(root), scriptTagSize(root)))
