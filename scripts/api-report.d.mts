export const SNAPSHOT_DIR: string
export function snapshotFile(name: string): string
export interface ApiReport {
  name: string
  subpath: string
  /** The API read from the entry's `import` types (`.d.ts`). */
  esm: string
  /** The API read from the entry's `require` types (`.d.cts`). */
  cjs: string
}
export function apiReports(root: string): ApiReport[]
