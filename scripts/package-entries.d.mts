export interface PackageEntry {
  /** The `exports` subpath with any `*` filled in: `.`, `./kernel`, `./plugins/sync`. */
  subpath: string
  /** A file-name-safe form: `index`, `kernel`, `plugins-sync`. */
  name: string
  import: { types: string; default: string }
  require: { types: string; default: string }
}
export function packageEntries(root: string): PackageEntry[]
