// Every public declaration of the built package carries a doc comment that states its contract: each name a package
// entry exports, each package declaration its API mentions (an options interface a function takes), and the members
// a user sets or calls (option fields, client methods, hooks). Read from the built `.d.ts` files (so `npm test`
// builds first) by scripts/doc-coverage.mjs. A declaration that truly cannot carry a comment goes in ALLOWED with
// the reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { docCoverage } from '../../scripts/doc-coverage.mjs'

const root = path.resolve(import.meta.dirname, '../..')

/** `<entry> <dotted name>` → why it cannot carry a doc comment. Keep it short. */
const ALLOWED: Record<string, string> = {}

const key = (row: { entry: string; name: string }) => `${row.entry} ${row.name}`

describe('doc comments on the public API', () => {
  const scan = docCoverage(root)

  it('every exported declaration, every declaration the API mentions, and their members have one', () => {
    const missing = scan.missing.map(key).filter((name) => !(name in ALLOWED))
    expect(missing, 'add a /** … */ comment that states the contract (`node scripts/doc-coverage.mjs` lists them)').toEqual([])
    // the scan read the entries: hundreds of declarations and members, not a vacuous pass
    expect(scan.checked).toBeGreaterThan(1000)
  })

  it('the allow-list names only declarations that still lack a comment', () => {
    const missing = new Set(scan.missing.map(key))
    expect(Object.keys(ALLOWED).filter((name) => !missing.has(name))).toEqual([])
  })

  it('finds each kind of undocumented declaration in a package it is given', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hackle-kit-docs-'))
    try {
      const types = { types: './dist/index.d.ts', default: './dist/index.js' }
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fixture', exports: { '.': { import: types, require: types } } }))
      mkdirSync(path.join(dir, 'dist'))
      writeFileSync(
        path.join(dir, 'dist/index.d.ts'),
        [
          '/** Documented. */',
          'export interface Options {',
          '  /** Documented. */',
          '  a?: number',
          '  b?: string',
          '  nested?: {',
          '    /** Documented. */',
          '    c(): void',
          '    d(): void',
          '  }',
          '}',
          '/** Documented; its options type is not exported but is checked as the API mentions it. */',
          'export declare function start(options: Hidden): Client',
          'interface Hidden { e?: boolean }',
          '/** Documented. */',
          'export declare class Client {',
          '  /** Documented. */',
          '  run(): void',
          '  stop(): void',
          '  private secret',
          '}',
          '/** Documented. */',
          'export declare const getHooks: (client: Client) => {',
          '  started: unknown',
          '  /** Documented. */',
          '  ended: unknown',
          '}',
          'export type Bare = string',
          'export {}',
        ].join('\n'),
      )
      const fixture = docCoverage(dir)
      expect(fixture.missing.map((row) => row.name).sort()).toEqual(
        ['Bare', 'Client.stop', 'Hidden', 'Hidden.e', 'Options.b', 'Options.nested', 'Options.nested.d', 'getHooks.started'].sort(),
      )
      expect(fixture.missing.every((row) => row.entry === '.')).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
