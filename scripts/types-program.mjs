// The TypeScript program over the package's built `.d.ts` files, as an app's compiler would read them (strict,
// bundler resolution, DOM types, no @types packages). Shared by the API report and the doc-comment guard.
import { existsSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * @param {string} root the package root
 * @param {string[]} files absolute paths of built `.d.ts` files; throws when one is missing (run `npm run build`)
 * @returns {import('typescript').Program}
 */
export function builtTypesProgram(root, files) {
  const missing = files.filter((file) => !existsSync(file))
  if (missing.length) throw new Error(`not built (run npm run build): ${missing.map((f) => path.relative(root, f)).join(', ')}`)
  return ts.createProgram(files, {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  })
}
