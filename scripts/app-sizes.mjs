// What an app pays for hackle-kit, measured the way the size budgets are stated: a tiny app that imports the
// package and makes one decision, bundled with `esbuild --bundle --minify --format=esm`, then gzip at level 9.
// The package is the built repository (dist/), reached as `hackle-kit` through a scratch node_modules symlink,
// so `exports` resolves exactly as in an app.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { packageEntries } from './package-entries.mjs'

/**
 * Budgets in bytes of gzip -9 output. The kernel app's target is 10,500 B; the kernel contract (event stream with
 * duplicate suppression, plugin host with undo and conflict checks, replay, subscribe) took it to about 11,300 B, so
 * this guard holds today's figure with a small margin until the target is reached (README, Figures).
 */
export const KERNEL_APP_BUDGET = 11_500
/**
 * The preset app's target is 30,000 B; the atomic cross-tab claim (the IndexedDB fence of the events plugin) took it
 * about 150 B over, the reference's whole client surface (each method of a plugin the client lacks warns and
 * returns the reference's default) another 400 B, the warning for events refused after close() 80 B, cutting huge
 * arguments 90 B, serializing past a page's `Array.prototype.toJSON` 60 B, the XMLHttpRequest fallback for a
 * wrapped fetch 140 B and what the public-API fuzzer found (unreadable options, huge user properties) 120 B, so this
 * guard holds today's figure until the target is reached (README, Figures).
 */
export const PRESET_APP_BUDGET = 31_200

/** `manual-overrides` → `manualOverrides`: the factory a plugin entry exports under its own name. */
export const pluginFactory = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())

/** The measured apps: the kernel alone, the kernel with each built plugin, and the full preset. */
export function apps(root) {
  const plugins = packageEntries(root)
    .filter((entry) => entry.subpath.startsWith('./plugins/'))
    .map((entry) => entry.subpath.slice('./plugins/'.length))
  return [
    { id: 'kernel', label: 'kernel alone', source: `import { createKernel } from 'hackle-kit/kernel'\ncreateKernel('k', {}).variationDetail(1)\n` },
    ...plugins.map((name) => ({
      id: `plugin:${name}`,
      plugin: name,
      label: `kernel + ${name}`,
      source:
        `import { createKernel } from 'hackle-kit/kernel'\nimport { ${pluginFactory(name)} } from 'hackle-kit/plugins/${name}'\n` +
        `createKernel('k', { plugins: [${pluginFactory(name)}()] }).variationDetail(1)\n`,
    })),
    { id: 'preset', label: 'full preset (createInstance)', source: `import { createInstance } from 'hackle-kit'\ncreateInstance('k', {}).variationDetail(1)\n` },
  ]
}

/**
 * Bundles and compresses every app. `root` must be built (`npm run build`).
 * @returns {Promise<{ id: string, label: string, plugin?: string, minified: number, gzip: number }[]>}
 */
export async function measureApps(root) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hackle-kit-size-'))
  try {
    mkdirSync(path.join(scratch, 'node_modules'))
    symlinkSync(path.resolve(root), path.join(scratch, 'node_modules', 'hackle-kit'), 'dir')
    const rows = []
    for (const app of apps(root)) {
      const result = await build({
        stdin: { contents: app.source, resolveDir: scratch, sourcefile: `${app.id}.js`, loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        platform: 'browser',
        write: false,
        logLevel: 'silent',
      })
      const code = result.outputFiles[0].contents
      rows.push({ ...app, minified: code.length, gzip: gzipSync(code, { level: 9 }).length })
    }
    return rows
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** gzip -9 size of the script-tag build as shipped (already minified). */
export function scriptTagSize(root) {
  return gzipSync(readFileSync(path.join(root, 'dist/browser/hackle-kit.global.js')), { level: 9 }).length
}

/** A markdown table of the rows, with what each plugin (and the preset) adds to the kernel alone. */
export function sizeTable(rows, scriptTag) {
  const kernel = rows.find((row) => row.id === 'kernel')
  const n = (value) => value.toLocaleString('en-US')
  const budget = (row) => (row.id === 'kernel' ? ` (budget ${n(KERNEL_APP_BUDGET)})` : row.id === 'preset' ? ` (budget ${n(PRESET_APP_BUDGET)})` : '')
  const lines = ['| app (one decision) | minified B | gzip -9 B | adds to the kernel, gzip B |', '|---|---:|---:|---:|']
  for (const row of rows) {
    const added = row.id === 'kernel' ? '—' : `+${n(row.gzip - kernel.gzip)}`
    lines.push(`| ${row.label} | ${n(row.minified)} | ${n(row.gzip)}${budget(row)} | ${added} |`)
  }
  if (scriptTag !== undefined) lines.push(`| script-tag build (dist/browser, as shipped) | | ${n(scriptTag)} | |`)
  return lines.join('\n')
}
