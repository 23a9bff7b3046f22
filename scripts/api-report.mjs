// The public API of every package entry as normalized text, read from the built `.d.ts` files with the TypeScript
// compiler: each exported name with its kind and declaration, then the package's own declarations those mention
// but the entry does not export. Comments are dropped and chunk file names never appear, so the text changes only
// when the API does. `test/boundary/api.test.ts` compares it with the snapshots in `test/api/`.
//
// Usage: node scripts/api-report.mjs [--write]   (after `npm run build`; `npm run api:update` does both)
//   --write  rewrites test/api/<entry>.api.txt and deletes snapshots of entries that are gone
//   without  prints every report to stdout
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { builtTypesProgram } from './types-program.mjs'
import { packageEntries } from './package-entries.mjs'

export const SNAPSHOT_DIR = 'test/api'
export const snapshotFile = (name) => `${name}.api.txt`

/**
 * Reports for every entry of the package at `root` (already built).
 * @returns {{ name: string, subpath: string, esm: string, cjs: string }[]} `esm` from the `import` types,
 *   `cjs` from the `require` types; the two should be equal.
 */
export function apiReports(root) {
  const entries = packageEntries(root)
  const files = entries.flatMap((entry) => [entry.import.types, entry.require.types].map((file) => path.resolve(root, file)))
  const program = builtTypesProgram(root, files)
  const checker = program.getTypeChecker()
  const packageDir = path.resolve(root) + path.sep
  const report = (file) => entryReport(program, checker, path.resolve(root, file), packageDir)
  return entries.map((entry) => ({ name: entry.name, subpath: entry.subpath, esm: report(entry.import.types), cjs: report(entry.require.types) }))
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })

function entryReport(program, checker, file, packageDir) {
  const source = program.getSourceFile(file)
  const moduleSymbol = source && checker.getSymbolAtLocation(source)
  if (!moduleSymbol) throw new Error(`${file} is not a module`)
  const resolve = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
  // The package's own declarations: its built files, never a dependency's (node_modules may sit inside packageDir).
  const inPackage = (decl) => {
    const file = path.resolve(decl.getSourceFile().fileName)
    return file.startsWith(packageDir) && !file.split(path.sep).includes('node_modules')
  }
  const exported = checker.getExportsOfModule(moduleSymbol).map((symbol) => ({ name: symbol.name, target: resolve(symbol) }))
  const exportedTargets = new Set(exported.map((row) => row.target))

  const lines = []
  const referenced = new Map() // symbol → local name, for package declarations that are mentioned but not exported
  const visit = (decls) => decls.forEach((decl) => collectReferences(decl, checker, resolve, inPackage, exportedTargets, referenced))

  for (const { name, target } of exported.sort(byName)) {
    const decls = (target.declarations ?? []).filter(inPackage)
    const local = normalizeName(target.name)
    lines.push(`export ${kindOf(target)} ${name}${local !== name && local !== 'default' ? ` (declared as ${local})` : ''}`)
    for (const decl of decls) lines.push(indent(printDeclaration(decl)))
    visit(decls)
  }
  // Referenced declarations can reference more; `collectReferences` grows the map while we walk it.
  const seen = new Set()
  for (let grew = true; grew; ) {
    grew = false
    for (const symbol of [...referenced.keys()]) {
      if (seen.has(symbol)) continue
      seen.add(symbol)
      grew = true
      visit((symbol.declarations ?? []).filter(inPackage))
    }
  }
  if (referenced.size) {
    lines.push('', '// referenced, not exported from this entry')
    const rows = [...referenced.keys()].map((symbol) => ({ name: normalizeName(symbol.name), symbol })).sort(byName)
    for (const { name, symbol } of rows) {
      lines.push(`${kindOf(symbol)} ${name}`)
      for (const decl of (symbol.declarations ?? []).filter(inPackage)) lines.push(indent(printDeclaration(decl)))
    }
  }
  return lines.join('\n') + '\n'
}

/** Adds to `referenced` every package symbol named inside `node` that the entry does not export. */
function collectReferences(node, checker, resolve, inPackage, exportedTargets, referenced) {
  const walk = (child) => {
    let name
    if (ts.isTypeReferenceNode(child)) name = child.typeName
    else if (ts.isExpressionWithTypeArguments(child)) name = child.expression
    else if (ts.isTypeQueryNode(child)) name = child.exprName
    if (name) {
      const symbol = checker.getSymbolAtLocation(name)
      const target = symbol && resolve(symbol)
      if (
        target &&
        !(target.flags & ts.SymbolFlags.TypeParameter) &&
        !exportedTargets.has(target) &&
        !referenced.has(target) &&
        (target.declarations ?? []).some(inPackage)
      ) {
        referenced.set(target, target.name)
      }
    }
    ts.forEachChild(child, walk)
  }
  walk(node)
}

function printDeclaration(decl) {
  const source = decl.getSourceFile()
  let text
  if (ts.isVariableDeclaration(decl)) {
    const list = decl.parent
    const keyword = list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var'
    text = `${keyword} ${printer.printNode(ts.EmitHint.Unspecified, decl, source)};`
  } else {
    text = printer.printNode(ts.EmitHint.Unspecified, decl, source)
  }
  return normalize(text.replace(/^(export\s+)?(default\s+)?(declare\s+)?/, ''))
}

/** Drops what only reflects how the files were bundled: chunk names in import paths and `$1` renames. */
function normalize(text) {
  return text
    .replace(/import\((["'])[^"']*\1\)/g, 'import("<package>")')
    .replace(/\b([A-Za-z_][A-Za-z0-9_]*)\$\d+\b/g, '$1')
    .replace(/\[\s*\]/g, '[]') // an empty tuple, which the printer spreads over lines
}

const normalizeName = (name) => name.replace(/\$\d+$/, '')

function kindOf(symbol) {
  const f = symbol.flags
  const kinds = []
  if (f & ts.SymbolFlags.Class) kinds.push('class')
  else if (f & ts.SymbolFlags.Function) kinds.push('function')
  else if (f & ts.SymbolFlags.Variable) {
    const decl = symbol.declarations?.find(ts.isVariableDeclaration)
    kinds.push(decl && decl.parent.flags & ts.NodeFlags.Const ? 'const' : 'let')
  }
  if (f & ts.SymbolFlags.Enum) kinds.push('enum')
  if (f & ts.SymbolFlags.Interface) kinds.push('interface')
  if (f & ts.SymbolFlags.TypeAlias) kinds.push('type')
  if (f & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) kinds.push('namespace')
  return kinds.join('+') || 'unknown'
}

const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
const indent = (text) => text.replace(/^/gm, '    ')

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const reports = apiReports(root)
  const mismatched = reports.filter((r) => r.esm !== r.cjs).map((r) => r.subpath)
  if (mismatched.length) console.error(`warning: .d.ts and .d.cts differ for ${mismatched.join(', ')}`)
  if (!process.argv.includes('--write')) {
    for (const r of reports) process.stdout.write(`==== ${r.subpath}\n${r.esm}\n`)
    return
  }
  const dir = path.join(root, SNAPSHOT_DIR)
  mkdirSync(dir, { recursive: true })
  const keep = new Set(reports.map((r) => snapshotFile(r.name)))
  for (const file of readdirSync(dir)) if (file.endsWith('.api.txt') && !keep.has(file)) rmSync(path.join(dir, file))
  for (const r of reports) writeFileSync(path.join(dir, snapshotFile(r.name)), r.esm)
  console.log(`wrote ${reports.length} API snapshots to ${SNAPSHOT_DIR}/`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
