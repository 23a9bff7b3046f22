// The public API of every package entry must match its snapshot in test/api/. The report is read from the built
// `.d.ts` files (so `npm test` builds first); it lists each exported name with its declaration and never names a
// chunk file. After a deliberate API change, regenerate the snapshots with `npm run api:update` and commit them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiReports, SNAPSHOT_DIR, snapshotFile, type ApiReport } from '../../scripts/api-report.mjs'

const root = path.resolve(import.meta.dirname, '../..')
const snapshots = path.join(root, SNAPSHOT_DIR)
const UPDATE = 'npm run api:update'

let reports: ApiReport[] | undefined
const built = () => (reports ??= apiReports(root))

describe('public API snapshot', () => {
  it('has one snapshot per package entry, and none for entries that are gone', () => {
    const expected = built().map((r) => snapshotFile(r.name)).sort()
    const present = existsSync(snapshots) ? readdirSync(snapshots).filter((f) => f.endsWith('.api.txt')).sort() : []
    expect(present, `snapshot files differ from the package's entries; run ${UPDATE}`).toEqual(expected)
  })

  it.each(built().map((r) => [r.subpath, r] as const))('%s matches its snapshot', (_subpath, report) => {
    const file = path.join(snapshots, snapshotFile(report.name))
    const snapshot = existsSync(file) ? readFileSync(file, 'utf8') : ''
    expect(report.esm, `the API of ${report.subpath} changed; if that is intended, run ${UPDATE} and commit test/api/`).toBe(snapshot)
  })

  it.each(built().map((r) => [r.subpath, r] as const))('%s has the same API for require (.d.cts) as for import (.d.ts)', (_subpath, report) => {
    expect(report.cjs).toBe(report.esm)
  })
})
