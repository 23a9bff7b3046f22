// The module boundaries of src/, checked on every import (`import`, `import type`, `export … from`, dynamic
// `import()`), with relative specifiers resolved to files:
//
// 1. The kernel (src/kernel) imports nothing outside src/kernel: no plugin, no preset, no package entry.
// 2. A plugin (src/plugins/<name>) imports the kernel only through one of KERNEL_ENTRIES.
// 3. A plugin imports another plugin only through that plugin's index.ts.
//    The package entries beside them (src/index.ts, src/preset.ts, src/browser.ts) follow rules 2 and 3 too; the
//    script-tag entry (src/browser.ts) may also import a plugin's script-tag.ts.
// 4. src/ imports no packages: hackle-kit has no runtime dependencies (a package import would be bundled
//    silently). `node:` built-ins are refused too: the code runs in browsers. Exceptions: the in-app renderer
//    (React, bundled into its own chunk), the OpenFeature provider (the page's `@openfeature/web-sdk`, external) and
//    the React bindings (`react`, the app's own).
//
// KNOWN_VIOLATIONS lists the imports that broke a rule when this test was written. The test fails on any other
// violation, and on a listed one that is gone (delete its line, so the list only shrinks).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The modules through which plugins and the package entries may reach the kernel, relative to the repository root:
 * the stable entry and the built-in plugins' internal toolbox.
 */
const KERNEL_ENTRIES = ['src/kernel/index.ts', 'src/internal/index.ts']

/** Directories that hold the kernel's code: the kernel, and the toolbox built on it (which may import the kernel). */
const KERNEL_DIRS = ['src/kernel', 'src/internal']

/** `importer -> imported` (repository-relative paths) that broke a rule when the test was written. */
const KNOWN_VIOLATIONS: string[] = []

/**
 * The places src/ may import packages: the in-app message renderer and the DevTool panel's view are built with React,
 * and their chunks and scripts bundle React and react-dom (an app installs neither; they load only when a message is
 * shown or the panel opened).
 */
const REACT_DIRS = ['src/plugins/in-app-messages/renderer', 'src/plugins/devtool/panel']
const RENDERER_PACKAGES = /^(react|react-dom)(\/|$)/

/** The OpenFeature provider imports the page's OpenFeature web SDK (an optional peer dependency, never bundled). */
const OPENFEATURE_DIR = 'src/openfeature'
const OPENFEATURE_PACKAGES = /^@openfeature\/web-sdk$/
/** The React bindings (`hackle-kit/react`) import the app's own React, an optional peer dependency, and nothing else. */
const REACT_BINDINGS_DIR = 'src/react'

/** The modules of a plugin that other plugins may import. */
const PLUGIN_ENTRIES = ['index.ts', 'hooks.ts']
/**
 * The script-tag build's entry may also import a plugin's `script-tag.ts`: what only that build bundles of the plugin
 * (the properties plugin's full user-agent parser, which the npm build loads apart).
 */
const SCRIPT_TAG_ENTRY = 'src/browser.ts'

interface Edge {
  from: string
  specifier: string
  /** The repository-relative file, or the specifier itself for a package. */
  to: string
  isPackage: boolean
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')
const isUnder = (file: string, dir: string) => file === dir || file.startsWith(dir + '/')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** Resolves a relative specifier like the bundler: as written, with a TS extension, or as a directory index. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  const stripped = base.replace(/\.(m|c)?js$/, '')
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts'].map((ext) => stripped + ext), ...['index.ts', 'index.tsx'].map((i) => path.join(base, i))]
  return candidates.find(isFile)
}

function edges(): Edge[] {
  return sourceFiles(path.join(root, 'src')).flatMap((file) => {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    return info.importedFiles.map(({ fileName: specifier }) => {
      if (!specifier.startsWith('.')) return { from: rel(file), specifier, to: specifier, isPackage: true }
      const target = resolveRelative(file, specifier)
      if (!target) throw new Error(`${rel(file)}: cannot resolve '${specifier}'`)
      return { from: rel(file), specifier, to: rel(target), isPackage: false }
    })
  })
}

const pluginOf = (file: string) => /^src\/plugins\/([^/]+)\//.exec(file)?.[1]

/** The rule an import breaks, or undefined. */
function violation(edge: Edge): string | undefined {
  const { from, to } = edge
  if (edge.isPackage) {
    if (REACT_DIRS.some((dir) => isUnder(from, dir)) && RENDERER_PACKAGES.test(edge.specifier)) return undefined
    if (isUnder(from, OPENFEATURE_DIR) && OPENFEATURE_PACKAGES.test(edge.specifier)) return undefined
    if (isUnder(from, REACT_BINDINGS_DIR) && edge.specifier === 'react') return undefined
    return 'src imports no packages (no runtime dependencies, browser code)'
  }
  const inKernel = (file: string) => KERNEL_DIRS.some((dir) => isUnder(file, dir))
  if (isUnder(from, 'src/kernel')) return isUnder(to, 'src/kernel') ? undefined : 'the kernel imports only the kernel'
  if (inKernel(from)) return inKernel(to) ? undefined : 'the toolbox imports only the kernel and itself'
  const plugin = pluginOf(from) // undefined for the package entries (src/index.ts, src/preset.ts, src/browser.ts)
  if (inKernel(to)) return KERNEL_ENTRIES.includes(to) ? undefined : `the kernel is reached only through ${KERNEL_ENTRIES.join(', ')}`
  const other = pluginOf(to)
  if (other && other === plugin) return undefined
  // A plugin's hooks accessor (`hooks.ts`, made with definePluginHooks) is public too: other plugins tap it without
  // pulling the plugin itself into their bundle.
  if (other && from === SCRIPT_TAG_ENTRY && to === `src/plugins/${other}/script-tag.ts`) return undefined
  if (other) return PLUGIN_ENTRIES.some((file) => to === `src/plugins/${other}/${file}`) ? undefined : 'a plugin is reached only through its index.ts or hooks.ts'
  return plugin ? 'a plugin imports only its own files, the kernel entries and other plugins’ index.ts' : undefined
}

describe('architecture', () => {
  const all = edges()
  const found = all.flatMap((edge) => {
    const rule = violation(edge)
    return rule ? [{ key: `${edge.from} -> ${edge.to}`, line: `${edge.from} -> ${edge.to} ('${edge.specifier}'): ${rule}` }] : []
  })

  it('sees the imports of src/', () => {
    // Guards the walk itself: the kernel entry and the preset's plugin imports must be among the edges.
    expect(all.some((e) => e.from === 'src/preset.ts' && e.to === 'src/plugins/events/index.ts')).toBe(true)
    expect(all.some((e) => e.from.startsWith('src/plugins/') && KERNEL_ENTRIES.includes(e.to))).toBe(true)
  })

  it('has no import that breaks a rule, beyond the known ones', () => {
    const known = new Set(KNOWN_VIOLATIONS)
    expect(found.filter((v) => !known.has(v.key)).map((v) => v.line)).toEqual([])
  })

  it('lists only known violations that still exist', () => {
    const present = new Set(found.map((v) => v.key))
    const stale = KNOWN_VIOLATIONS.filter((key) => !present.has(key))
    expect(stale, 'fixed: delete these from KNOWN_VIOLATIONS in test/boundary/architecture.test.ts').toEqual([])
  })

  it('the kernel never imports a plugin (resolution is checked on a synthetic import)', () => {
    const probe: Edge = { from: 'src/kernel/kernel.ts', specifier: '../plugins/events', to: 'src/plugins/events/index.ts', isPackage: false }
    expect(violation(probe)).toBe('the kernel imports only the kernel')
    const deep: Edge = { from: 'src/plugins/sync/index.ts', specifier: '../../kernel/storage', to: 'src/kernel/storage/index.ts', isPackage: false }
    expect(violation(deep)).toMatch(/only through/)
  })
})
