import type { Program } from 'typescript'
export function builtTypesProgram(root: string, files: string[]): Program
