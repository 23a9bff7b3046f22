// Comments and JSDoc in src/ never send a reader to a document outside the repository (issue 9, item 10): a
// contract is stated in place, or its document is kept in the repository and named by its path.
//
// A comment is flagged when it holds:
// - a section sign (`§6.1`): a section of some document; allowed only right after the name of a document
//   that exists in the repository (`DELIVERY.md §3`);
// - a `*.md` name that no file in the repository has;
// - the name of a document known to live outside (EXTERNAL_DOCS);
// - a web address.
//
// GRANDFATHERED may hold, per file, how many such comments it is allowed while they are being removed; src/ is
// clean, so it is empty and any reference fails.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

/** Documents that are not in this repository, named as comments name them. */
const EXTERNAL_DOCS = ['browser-behaviour', 'wire-format', 'evaluation.md', 'seed.md', 'spec/', 'shared/']

/** Flagged comments per file when the test was written: may only go down. */
const GRANDFATHERED: Record<string, number> = {}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return []
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? walk(full, keep) : keep(entry.name) ? [full] : []
  })
}

/** Basenames of the Markdown documents kept in the repository. */
const repoDocs = new Set(walk(root, (name) => name.endsWith('.md')).map((file) => path.basename(file)))

/** Every comment of a TypeScript file, with the line it starts on. */
function comments(file: string): { line: number; text: string }[] {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found = new Map<number, string>()
  const add = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => found.set(r.pos, text.slice(r.pos, r.end)))
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(text, node.getFullStart()))
    add(ts.getTrailingCommentRanges(text, node.getEnd()))
    node.getChildren(source).forEach(visit)
  }
  visit(source)
  return [...found].map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }))
}

/** Why a comment points outside the repository, or undefined. */
export function externalReference(comment: string): string | undefined {
  for (const match of comment.matchAll(/§/g)) {
    const before = comment.slice(Math.max(0, match.index - 40), match.index)
    const doc = /([\w.-]+\.md)\s*$/.exec(before)?.[1]
    if (!doc || !repoDocs.has(doc)) return 'a section (§) of a document not named by an in-repo path'
  }
  for (const match of comment.matchAll(/[\w-]+\.md\b/g)) if (!repoDocs.has(match[0])) return `${match[0]} is not in the repository`
  const named = EXTERNAL_DOCS.find((doc) => comment.includes(doc))
  if (named) return `${named} is a document outside the repository`
  if (/\bhttps?:\/\//.test(comment)) return 'a web address'
  return undefined
}

describe('comments name only documents in the repository', () => {
  const flagged = walk(path.join(root, 'src'), (name) => /\.(ts|tsx|mts|cts)$/.test(name)).flatMap((file) =>
    comments(file).flatMap(({ line, text }) => {
      const why = externalReference(text)
      if (!why) return []
      // Point at the first line of the comment that holds a reference (the whole comment counts once).
      const lines = text.split('\n')
      const at = Math.max(0, lines.findIndex((l) => externalReference(l)))
      return [{ file: path.relative(root, file).split(path.sep).join('/'), line: line + at, why, text: lines[at]!.trim() }]
    }),
  )

  it('recognizes references', () => {
    expect(externalReference('/** as the reference does (browser-behaviour §6.1) */')).toBeDefined()
    expect(externalReference('// see wire-format.md')).toBeDefined()
    expect(externalReference('// §14')).toBeDefined()
    expect(externalReference('// see https://example.com/doc')).toBeDefined()
    expect(externalReference('// see src/plugins/events/DELIVERY.md')).toBeUndefined()
    expect(externalReference('// DELIVERY.md §2 says why')).toBeUndefined()
    expect(externalReference('// the bucket seed and the slot number')).toBeUndefined()
  })

  it('adds no reference to a document outside the repository (GRANDFATHERED may only shrink)', () => {
    const counts = new Map<string, number>()
    for (const f of flagged) counts.set(f.file, (counts.get(f.file) ?? 0) + 1)
    const over = flagged.filter((f) => (counts.get(f.file) ?? 0) > (GRANDFATHERED[f.file] ?? 0))
    expect(over.map((f) => `${f.file}:${f.line} ${f.why}: ${f.text}`)).toEqual([])
  })
})
