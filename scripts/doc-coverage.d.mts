/** An undocumented public declaration: the entry that reaches it first and its dotted path. */
export interface MissingDoc {
  entry: string
  name: string
}
/** The scan of a built package: how many declarations and members it looked at, and those without a doc comment. */
export interface DocCoverage {
  checked: number
  missing: MissingDoc[]
}
export function docCoverage(root: string): DocCoverage
