// The size budgets, measured as an app pays them: a tiny app making one decision, bundled with
// `esbuild --bundle --minify --format=esm`, then gzip -9 (scripts/app-sizes.mjs; `npm run size:table` prints the
// whole table). size-limit (size-limit.json) measures the entries themselves and runs before this in `npm test`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { IN_APP_APP_BUDGET, KERNEL_APP_BUDGET, measureApps, PRESET_APP_BUDGET, pluginFactory, VISITOR_APP_BUDGET, type AppSize } from '../../scripts/app-sizes.mjs'
import { packageEntries } from '../../scripts/package-entries.mjs'

const root = path.resolve(import.meta.dirname, '../..')
let rows: AppSize[] = []
const gzip = (id: string) => rows.find((row) => row.id === id)?.gzip ?? Number.NaN

describe('app sizes (esbuild --minify, gzip -9)', () => {
  beforeAll(async () => {
    rows = await measureApps(root)
  })

  it(`an app using only createKernel stays within ${KERNEL_APP_BUDGET} B`, () => {
    expect(gzip('kernel')).toBeLessThanOrEqual(KERNEL_APP_BUDGET)
  })

  it(`an app using the full preset stays within ${PRESET_APP_BUDGET} B`, () => {
    expect(gzip('preset')).toBeLessThanOrEqual(PRESET_APP_BUDGET)
  })

  it(`an app using the visitor preset (no in-app messages, bridge or DevTool) stays within ${VISITOR_APP_BUDGET} B`, () => {
    // it must really leave the in-app plugin out: well below the full preset
    expect(gzip('visitor')).toBeLessThan(gzip('preset') - 500)
    expect(gzip('visitor')).toBeLessThanOrEqual(VISITOR_APP_BUDGET)
  })

  it(`an app using the in-app preset (no bridge or DevTool) stays within ${IN_APP_APP_BUDGET} B`, () => {
    expect(gzip('in-app')).toBeGreaterThan(gzip('visitor'))
    expect(gzip('in-app')).toBeLessThan(gzip('preset'))
    expect(gzip('in-app')).toBeLessThanOrEqual(IN_APP_APP_BUDGET)
  })

  it('the full user-agent parser (about 5 KB) is a lazy chunk: the properties plugin adds little to the first load', () => {
    const properties = rows.find((row) => row.id === 'plugin:properties')!
    expect(properties.gzip - gzip('kernel')).toBeLessThan(3_000)
    expect(properties.lazy).toBeGreaterThan(4_000)
  })

  it('bundles every app without a warning from esbuild (a linked package shows them all)', () => {
    // e.g. `ignored-bare-import` for each bare chunk import in dist/ (scripts/strip-bare-chunk-imports.mjs removes them)
    expect(rows.length).toBeGreaterThan(2)
    for (const row of rows) expect(row.warnings, row.label).toEqual([])
  })

  it('measures every plugin, each adding to the kernel', () => {
    const plugins = rows.filter((row) => row.plugin)
    expect(plugins.length).toBeGreaterThan(0)
    for (const row of plugins) expect(row.gzip, row.label).toBeGreaterThan(gzip('kernel'))
  })
})

describe('size-limit.json', () => {
  it('has a line for every plugin entry, importing its factory', () => {
    const limits: { path: string; import?: string }[] = JSON.parse(readFileSync(path.join(root, 'size-limit.json'), 'utf8'))
    const plugins = packageEntries(root).filter((entry) => entry.subpath.startsWith('./plugins/'))
    expect(plugins.length).toBeGreaterThan(0)
    for (const entry of plugins) {
      const name = entry.subpath.slice('./plugins/'.length)
      const line = limits.find((limit) => limit.path === entry.import.default)
      expect(line?.import, `size-limit.json: add a line for ${entry.import.default}`).toBe(`{ ${pluginFactory(name)} }`)
    }
  })
})
