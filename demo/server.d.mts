// Types for server.mjs (used by test/browser/demo.e2e.test.ts).
import type { LocalServer } from './server-core.mjs'

export const DEMO_CSP: string
export function startDemo(options?: { port?: number; bundlePath?: string; appDir?: string }): Promise<LocalServer & { bundlePath: string }>
