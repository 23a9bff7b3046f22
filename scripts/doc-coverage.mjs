// Which public declarations of the built package carry no doc comment. Read from every entry's built `.d.ts` with
// the TypeScript compiler: each name the entry exports, each package declaration its API mentions without exporting
// it (an options interface a function takes), and the members a user sets or calls: those of interfaces, classes and
// object types (an option field, a client method), nested object types included, and those of the object a function
// or constant gives back (the hooks of `getSessionHooks(kernel)`). A declaration counts as documented when a
// `/** … */` comment with text stands before it; a symbol with several declarations (overloads, merged interfaces)
// counts when one of them is. `test/boundary/docs.test.ts` fails on any it finds.
//
// Usage: node scripts/doc-coverage.mjs   (after `npm run build`): prints what is undocumented, one line each.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { builtTypesProgram } from './types-program.mjs'
import { packageEntries } from './package-entries.mjs'

/**
 * Scans the package at `root` (already built).
 * @returns {{ checked: number, missing: { entry: string, name: string }[] }} `checked`: how many declarations and
 *   members were looked at; `missing`: the undocumented ones, each once, under the first entry (by subpath) that
 *   reaches it, `name` a dotted path (`HackleClient.track`, `PresetOptions.devTool.close`).
 */
export function docCoverage(root) {
  const entries = packageEntries(root)
  const files = entries.map((entry) => path.resolve(root, entry.import.types))
  const program = builtTypesProgram(root, files)
  const checker = program.getTypeChecker()
  const packageDir = path.resolve(root) + path.sep
  // The package's own declarations: its built files, never a dependency's (node_modules may sit inside the root).
  const inPackage = (decl) => {
    const file = path.resolve(decl.getSourceFile().fileName)
    return file.startsWith(packageDir) && !file.split(path.sep).includes('node_modules')
  }
  const resolve = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
  const seen = new Set() // symbols already looked at, from any entry
  const result = { checked: 0, missing: [] }

  for (const entry of entries) {
    const source = program.getSourceFile(path.resolve(root, entry.import.types))
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`${entry.import.types} is not a module`)
    const report = (name) => result.missing.push({ entry: entry.subpath, name })
    const queue = checker.getExportsOfModule(moduleSymbol).map((symbol) => ({ name: symbol.name, symbol: resolve(symbol) }))
    for (let i = 0; i < queue.length; i++) {
      const { name, symbol } = queue[i]
      if (seen.has(symbol)) continue
      seen.add(symbol)
      const decls = (symbol.declarations ?? []).filter(inPackage)
      if (!decls.length) continue
      result.checked++
      if (!decls.some(hasDoc)) report(name)
      for (const decl of decls) {
        checkMembers(membersOf(decl), name, report, result)
        for (const target of referencedSymbols(decl, checker, resolve, inPackage)) queue.push({ name: target.name.replace(/\$\d+$/, ''), symbol: target })
      }
    }
  }
  return result
}

/** A `/** … *\/` comment with some text (its own, or a tag's) stands before the declaration. */
function hasDoc(node) {
  const text = (value) => (typeof value === 'string' ? value : (value ?? []).map((part) => part.text).join(''))
  return ts
    .getJSDocCommentsAndTags(node)
    .some((doc) => ts.isJSDoc(doc) && (text(doc.comment).trim() !== '' || (doc.tags ?? []).some((tag) => text(tag.comment).trim() !== '')))
}

/**
 * The members a user sets or calls: of an interface, a class, an object type or an intersection of object types,
 * and of the object type a function or a function-typed constant returns.
 */
function membersOf(decl) {
  if (ts.isInterfaceDeclaration(decl) || ts.isClassDeclaration(decl)) return [...decl.members]
  if (ts.isTypeAliasDeclaration(decl)) return typeMembers(decl.type)
  if (ts.isFunctionDeclaration(decl)) return typeMembers(decl.type)
  if (ts.isVariableDeclaration(decl) && decl.type) {
    return ts.isFunctionTypeNode(decl.type) ? typeMembers(decl.type.type) : typeMembers(decl.type)
  }
  return []
}

/** The members of an object type written out in place (not of a named type, which is checked where it is declared). */
function typeMembers(type) {
  if (!type) return []
  if (ts.isTypeLiteralNode(type)) return [...type.members]
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) return type.types.flatMap(typeMembers)
  if (ts.isParenthesizedTypeNode(type)) return typeMembers(type.type)
  return []
}

const HIDDEN = new Set([ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword])

function checkMembers(members, owner, report, result) {
  for (const member of members) {
    // Call, construct and index signatures have no name of their own; constructors are documented with their class;
    // private, protected and `#private` members are no API.
    if (!member.name || ts.isPrivateIdentifier(member.name) || ts.isConstructorDeclaration(member)) continue
    if (member.modifiers?.some((modifier) => HIDDEN.has(modifier.kind))) continue
    const name = `${owner}.${member.name.getText()}`
    result.checked++
    if (!hasDoc(member) && !siblingHasDoc(member)) report(name)
    // An inline object type of a field or method (`devTool?: { … }`): its members are set or called too.
    if (ts.isPropertySignature(member) || ts.isPropertyDeclaration(member)) checkMembers(typeMembers(member.type), name, report, result)
  }
}

/** An overloaded method, or a getter with its setter, is documented when one of its declarations is. */
function siblingHasDoc(member) {
  const text = member.name.getText()
  return (member.parent?.members ?? []).some((other) => other !== member && other.name?.getText() === text && hasDoc(other))
}

/** The package's symbols that a declaration names in its types (to be checked like exports). */
function referencedSymbols(node, checker, resolve, inPackage) {
  const found = []
  const walk = (child) => {
    let name
    if (ts.isTypeReferenceNode(child)) name = child.typeName
    else if (ts.isExpressionWithTypeArguments(child)) name = child.expression
    else if (ts.isTypeQueryNode(child)) name = child.exprName
    const symbol = name && checker.getSymbolAtLocation(name)
    const target = symbol && resolve(symbol)
    if (target && !(target.flags & ts.SymbolFlags.TypeParameter) && (target.declarations ?? []).some(inPackage)) found.push(target)
    ts.forEachChild(child, walk)
  }
  walk(node)
  return found
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const { checked, missing } = docCoverage(root)
  for (const row of missing) console.log(`${row.entry}\t${row.name}`)
  console.log(`${missing.length} of ${checked} public declarations and members have no doc comment`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
