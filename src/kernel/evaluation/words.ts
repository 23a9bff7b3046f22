/** The words of a space-separated list, typed as a union of literals (`Words<'A B'>` = `'A' | 'B'`). */
export type Words<S extends string> = S extends `${infer W} ${infer Rest}` ? W | Words<Rest> : S

/**
 * Splits a space-separated list of string-enum values. Enum tables are written this way because a string costs
 * fewer bundle bytes than an array literal; the result is typed as precisely as the array literal would be. A
 * module-level table is written `/* @__PURE__ *\/ words(...)`: a bundle that never reads it (a plugin entry that
 * shares the kernel's chunk) then drops it, as it would drop the array literal.
 */
export const words = <S extends string>(list: S): Words<S>[] => list.split(' ') as Words<S>[]
