// Types for server-core.mjs (so the TypeScript e2e tests typecheck without allowJs).
import type { IncomingHttpHeaders } from 'node:http'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  body: string
  /** Parsed JSON body; for beacon form bodies, the parsed `data` field. */
  json?: any
  /** Form fields of an application/x-www-form-urlencoded body. */
  form?: Record<string, string>
  time: number
  /** Status code the server answered with. */
  status?: number
}

export interface PageRoute {
  body?: string | Buffer
  file?: string
  type?: string
  headers?: Record<string, string>
}

export interface StartServerOptions {
  workspace?: unknown
  bundlePath?: string
  pages?: Record<string, string | PageRoute | ((request: RecordedRequest) => string | PageRoute | undefined)>
  headers?: Record<string, Record<string, string>>
  port?: number
}

export interface LocalServer {
  url: string
  port: number
  requests: RecordedRequest[]
  events(): any[]
  waitFor(predicate: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest>
  setWorkspace(workspace: unknown): void
  close(): Promise<void>
}

export function startServer(options?: StartServerOptions): Promise<LocalServer>
