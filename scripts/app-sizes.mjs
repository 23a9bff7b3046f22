// What an app pays for hackle-kit, measured the way the size budgets are stated: a tiny app that imports the
// package and makes one decision, bundled with `esbuild --bundle --minify --format=esm`, then gzip at level 9.
// The package is the built repository (dist/), reached as `hackle-kit` through a scratch node_modules symlink,
// so `exports` resolves exactly as in an app.
import { mkdtempSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { packageEntries } from './package-entries.mjs'

/**
 * Budgets in bytes of gzip -9 output. The kernel app's target is 10,500 B; the kernel contract (event stream with
 * duplicate suppression, plugin host with undo and conflict checks, replay, subscribe) took it to about 11,300 B and
 * the bare hook call of the hot path to about 11,350 B (about 11,425 B with the in-app `emit` member), so this guard
 * holds that figure with a small margin until the target is reached; the warning for events refused after close(),
 * the log-line cut and the shared log level took it to about 11,580 B; the storage seam, version bumps for id and
 * identifier changes, the bounded copy of `$` values, the shared cookie read and the reference's decision factories
 * (hostile pages, drop-in surface) to about 11,850 B; the `sdkName` seam (the React client's wire name) and
 * `createKernel` ignoring options it cannot read instead of throwing to about 11,910 B; the faster cookie read (a
 * search of the cookie text instead of a split, for the switching-user speed bar) and the shared expiry text of cookie
 * writes to about 11,950 B; answering a key a store wrote in the same synchronous run from the write instead of reading
 * `document.cookie` again (one blocking read less per user switch, for the same bar) to about 11,990 B; a pass removing
 * duplicated decision paths (one guard, lookup and `decided` path per decision) to about 11,900 B; each cookie looked up
 * once per synchronous run and error texts that never throw to about 11,930 B (README, Figures).
 */
export const KERNEL_APP_BUDGET = 11_980
/**
 * The preset app's target was 30,000 B before in-app messages and is 33,000 B with them (initial load; the in-app
 * decision engine, the view and the renderer are lazy chunks, apart). In-app messages first took it from about
 * 30,290 B to about 37,800 B; with the engine lazy (loaded once a workspace has in-app messages), the view no longer
 * importing the identity plugin and the renderer built apart, in-app messages add about 2,170 B. The reference's whole
 * client surface (each method of a plugin the client lacks warns and returns the reference's default), the refused
 * events after close(), cutting huge arguments, serializing past a page's `Array.prototype.toJSON`, the
 * XMLHttpRequest fallback for a wrapped fetch and the fuzzer's findings add about 920 B (33,490 B). The lazy engine
 * and view then stopped importing what the first load also has (they take it from the first load's toolbox): an app's
 * bundler no longer splits those shared modules into a second file loaded first, which gzip compressed worse than one
 * (about 32,500 B). Remote-config manual overrides and the in-app inspector a DevTool asks for add about 135 B
 * (about 32,700 B). The web-view bridge (a Hackle app's web view: detection, the native-mode app client, the
 * wrapper mode; eager, because native-mode calls such as `variation()` answer synchronously from the app) adds about
 * 2,630 B (35,200 B), over issue 13's bar of 35,000 B; the DevTool loader about 900 B and the hostile-page fixes (bounded
 * `$` values, config load in short tasks, shared cookie reads) about 700 B (about 36,970 B); delivery's check that skips the
 * start-up claim when nothing is left behind (no lock, no IndexedDB, no fence write) about 35 B (about 37,010 B); the
 * `sdkName` seam, the page's-React hook and unreadable options in `createKernel` about 60 B (about 37,070 B). The full
 * user-agent parser (about 5 KB) then became a lazy chunk, loaded only for a user agent that is not a common one, with
 * a reader of the common ones, the answer kept in localStorage and events held until it is read in the first load
 * (about 33,420 B), under issue 13's bar; the iOS web views of KakaoTalk, NAVER and Daum read at once about 70 B
 (about 33,520 B); the kernel's cookie reads answered from a store's own writes about 40 B (about 33,555 B); the
 * kernel pass removing duplicated decision paths and the cookie lookups once per run about -80 B (about 33,475 B). This guard
 * holds that figure with a small margin (README, Figures).
 */
export const PRESET_APP_BUDGET = 33_530
/**
 * The visitor preset: `createInstance` as shipped with the plugins of the visitor-side issue only (every preset
 * plugin but in-app messages, the web-view bridge and the DevTool), the app its 30,000 B target was set for. It
 * measured about 31,510 B when this row was added, about 32,550 B with delivery's start-up check, about 32,615 B with the
 * kernel's `sdkName` seam, page's-React hook and unreadable-options guard, about 28,790 B with the user-agent parser lazy
 * (under its 30,000 B target), about 28,880 B with the iOS web views read at once, about 28,920 B with the kernel's
 * cookie reads answered from a store's own writes, about 28,850 B after the kernel pass; this guard holds the current
 * figure with a small margin.
 */
export const VISITOR_APP_BUDGET = 28_900
/** The preset plugins the visitor preset leaves out, by factory name (a plugin added to the preset later: add it). */
export const VISITOR_LEFT_OUT = ['inAppMessages', 'webViewBridge', 'devtool']
/**
 * The in-app preset: `createInstance` with in-app messages but without the web-view bridge and the DevTool (the
 * composition before those two joined, whose bar was 33,000 B). About 29,995 B with the user-agent parser lazy, about
 * 30,045 B with the kernel's cookie reads answered from a store's own writes, about 29,985 B after the kernel pass; the
 * guard holds that with a small margin.
 */
export const IN_APP_APP_BUDGET = 30_040
/** The preset plugins the in-app preset leaves out, by factory name. */
export const IN_APP_LEFT_OUT = ['webViewBridge', 'devtool']

/** `manual-overrides` → `manualOverrides`: the factory a plugin entry exports under its own name. */
export const pluginFactory = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase())

/** The measured apps: the kernel alone, the kernel with each built plugin, the full preset and the visitor preset. */
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
    {
      id: 'visitor',
      label: 'visitor preset (createInstance without in-app messages, web-view bridge, DevTool)',
      source: `import { createInstance } from 'hackle-kit'\ncreateInstance('k', {}).variationDetail(1)\n`,
      leaveOut: VISITOR_LEFT_OUT,
    },
    {
      id: 'in-app',
      label: 'in-app preset (createInstance without the web-view bridge and the DevTool)',
      source: `import { createInstance } from 'hackle-kit'\ncreateInstance('k', {}).variationDetail(1)\n`,
      leaveOut: IN_APP_LEFT_OUT,
    },
  ]
}

/**
 * An esbuild plugin that builds the package's main entry with the named plugin factories replaced by a plugin that
 * does nothing (`{ name, apply() {} }`, a few bytes): `createInstance` exactly as shipped, without those plugins'
 * code. Other names imported with them stay.
 */
export function leaveOutPlugins(root, factories) {
  const main = path.join(path.resolve(root), 'dist', 'index.js')
  return {
    name: 'leave-out-plugins',
    setup(build) {
      build.onLoad({ filter: /[\\/]index\.js$/ }, (args) => {
        if (realpathSync(args.path) !== realpathSync(main)) return undefined
        const stubs = []
        const contents = readFileSync(main, 'utf8').replace(/import \{([^}]*)\} from ("[^"]+");/g, (statement, names, from) => {
          const kept = names.split(',').map((name) => name.trim()).filter((name) => {
            if (!factories.includes(name)) return true
            stubs.push(`const ${name} = () => ({ name: ${JSON.stringify(name)}, apply() {} });`)
            return false
          })
          if (kept.length === names.split(',').length) return statement
          return kept.some(Boolean) ? `import { ${kept.filter(Boolean).join(', ')} } from ${from};` : ''
        })
        return { contents: `${contents}\n${stubs.join('\n')}\n`, loader: 'js', resolveDir: path.dirname(main) }
      })
    },
  }
}

/**
 * Bundles and compresses every app, with code splitting as an app's bundler does it: `gzip` is what the page loads
 * first (the entry and the chunks it imports statically, each compressed as its own file), `lazy` what `import()`
 * loads later (the in-app view, the renderer with React), apart. `root` must be built (`npm run build`).
 * `warnings` are esbuild's about the package (e.g. `ignored-bare-import`), which an app that links the package
 * (a workspace, `npm link`) would see; an installed package's are hidden by esbuild.
 * @returns {Promise<{ id: string, label: string, plugin?: string, minified: number, gzip: number, lazy: number, warnings: string[] }[]>}
 */
export async function measureApps(root) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hackle-kit-size-'))
  try {
    mkdirSync(path.join(scratch, 'node_modules'))
    symlinkSync(path.resolve(root), path.join(scratch, 'node_modules', 'hackle-kit'), 'dir')
    const rows = []
    for (const app of apps(root)) {
      const source = path.join(scratch, `${app.id.replace(/[^a-z0-9-]/gi, '_')}.js`)
      writeFileSync(source, app.source)
      const out = path.join(scratch, 'out', path.basename(source, '.js'))
      const result = await build({
        entryPoints: [source],
        absWorkingDir: scratch,
        bundle: true,
        minify: true,
        format: 'esm',
        splitting: true,
        outdir: out,
        platform: 'browser',
        write: false,
        metafile: true,
        logLevel: 'silent',
        plugins: app.leaveOut ? [leaveOutPlugins(root, app.leaveOut)] : [],
      })
      const outputs = result.metafile.outputs
      // the app's own file (a lazily imported module is an entry point of its own too)
      const entry = Object.keys(outputs).find((key) => outputs[key].entryPoint === path.basename(source))
      const initial = new Set()
      const walk = (key) => {
        if (initial.has(key)) return
        initial.add(key)
        for (const imported of outputs[key].imports ?? []) if (imported.kind === 'import-statement' && outputs[imported.path]) walk(imported.path)
      }
      walk(entry)
      let minified = 0
      let gzip = 0
      let lazy = 0
      for (const file of result.outputFiles) {
        const key = path.relative(scratch, file.path)
        if (!key.endsWith('.js')) continue
        const size = gzipSync(file.contents, { level: 9 }).length
        if (initial.has(key)) {
          minified += file.contents.length
          gzip += size
        } else lazy += size
      }
      rows.push({ ...app, minified, gzip, lazy, warnings: result.warnings.map((warning) => `${warning.id}: ${warning.text}`) })
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
  const budgets = { kernel: KERNEL_APP_BUDGET, preset: PRESET_APP_BUDGET, visitor: VISITOR_APP_BUDGET, 'in-app': IN_APP_APP_BUDGET }
  const budget = (row) => (budgets[row.id] ? ` (budget ${n(budgets[row.id])})` : '')
  const lines = ['| app (one decision) | minified B | gzip -9 B | adds to the kernel, gzip B |', '|---|---:|---:|---:|']
  for (const row of rows) {
    const added = row.id === 'kernel' ? '—' : `+${n(row.gzip - kernel.gzip)}`
    lines.push(`| ${row.label} | ${n(row.minified)} | ${n(row.gzip)}${budget(row)}${row.lazy ? ` (+${n(row.lazy)} lazy)` : ''} | ${added} |`)
  }
  if (scriptTag !== undefined) lines.push(`| script-tag build (dist/browser, as shipped) | | ${n(scriptTag)} | |`)
  return lines.join('\n')
}
