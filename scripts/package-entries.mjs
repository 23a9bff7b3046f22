// The package's public entries, read from package.json `exports` and the built `dist/`: one row per subpath that
// has types. A wildcard subpath (`./plugins/*`) expands to every directory of dist that holds its files, so a new
// plugin is an entry as soon as it is built. Shared by the API report, the pack-and-consume test and the size table.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * @param {string} root the package root (holds package.json and dist/)
 * @returns {{ subpath: string, name: string, import: { types: string, default: string }, require: { types: string, default: string } }[]}
 *   paths relative to root, sorted by subpath; `name` is a file-name-safe form (`.` → `index`, `./plugins/sync` → `plugins-sync`).
 */
export function packageEntries(root) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  const rows = []
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== 'object' || !target.import?.types) continue
    const star = subpath.indexOf('*')
    const fill = star < 0 ? [null] : wildcardValues(root, target.import.default)
    for (const value of fill) {
      const at = (file) => (value === null ? file : file.replace('*', value)).replace(/^\.\//, '')
      const concrete = value === null ? subpath : subpath.replace('*', value)
      rows.push({
        subpath: concrete,
        name: concrete === '.' ? 'index' : concrete.replace(/^\.\//, '').replaceAll('/', '-'),
        import: { types: at(target.import.types), default: at(target.import.default) },
        require: { types: at(target.require.types), default: at(target.require.default) },
      })
    }
  }
  return rows.sort((a, b) => (a.subpath < b.subpath ? -1 : a.subpath > b.subpath ? 1 : 0))
}

/** The values a `*` takes: the directory names at the star's place whose file exists (`./dist/plugins/*\/index.js`). */
function wildcardValues(root, pattern) {
  const [before, after] = pattern.split('*')
  const dir = path.join(root, before)
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name + after)))
    .map((entry) => entry.name)
    .sort()
}
