// `hackle-kit/react` has every name of `@hackler/react-sdk` 11.56.1's entry: the reference's own exports (its
// bindings) and, as it re-exports its JavaScript SDK, every name of hackle-kit's main entry (whose list is diffed
// against the reference JavaScript SDK by public-surface.test.ts). Nothing else. Reads dist/ (after build).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const referenceLib = path.join(root, 'node_modules/@hackler/react-sdk/lib')

/** The reference React entry's own names (ESM), from its export statement; `export *` lines are its JS SDK. */
function referenceOwnNames(): string[] {
  const source = readFileSync(path.join(referenceLib, 'index.es.js'), 'utf8')
  const list = /export \{([^}]*)\};\s*(\/\/[^\n]*)?\s*$/.exec(source)?.[1] ?? ''
  return list.split(',').map((entry) => entry.trim().split(/\s+as\s+/).pop()!).filter(Boolean).sort()
}

/** The reference's CommonJS entry's own names: `exports.name =`. */
function referenceOwnCjsNames(): string[] {
  const source = readFileSync(path.join(referenceLib, 'index.js'), 'utf8')
  return [...new Set([...source.matchAll(/exports\.([A-Za-z_$][\w$]*)\s*=/g)].map((m) => m[1]!))].filter((n) => n !== '__esModule').sort()
}

const load = (file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<Record<string, unknown>>
const names = (module: object) => Object.keys(module).filter((name) => name !== 'default' && name !== '__esModule').sort()

describe('hackle-kit/react surface', () => {
  it("reads the reference's own names (guards the parsing)", () => {
    const own = referenceOwnNames()
    expect(own).toContain('HackleProvider')
    expect(own).toContain('useLoadableRemoteConfig')
    expect(own.length).toBeGreaterThanOrEqual(19)
    expect(referenceOwnCjsNames()).toEqual(own)
  })

  it("has every own name of the reference's entry, with the same kind of value", async () => {
    const ours = await load('dist/react/index.js')
    const missing = referenceOwnNames().filter((name) => !(name in ours))
    expect(missing).toEqual([])
    for (const name of referenceOwnNames()) {
      // components and hooks are functions; the contexts are objects
      const kind = /^HackleContext/.test(name) ? 'object' : 'function'
      expect(typeof ours[name], name).toBe(kind)
    }
  })

  it('re-exports every name of the main entry, and adds nothing but the bindings', async () => {
    const ours = names(await load('dist/react/index.js'))
    const main = names(await load('dist/index.js'))
    expect(main.filter((name) => !ours.includes(name))).toEqual([])
    const allowed = new Set([...main, ...referenceOwnNames()])
    expect(ours.filter((name) => !allowed.has(name))).toEqual([])
  })

  it('the CommonJS build has the same names as the ESM build', async () => {
    const cjs = names(createRequire(import.meta.url)(path.join(root, 'dist/react/index.cjs')) as object)
    expect(cjs).toEqual(names(await load('dist/react/index.js')))
  })

  it('createInstance of hackle-kit/react is its own (the React client), not the main entry’s', async () => {
    const ours = await load('dist/react/index.js')
    const main = await load('dist/index.js')
    expect(ours.createInstance).not.toBe(main.createInstance)
    expect(ours.Logger).toBe(main.Logger) // one copy of the main entry
  })
})
