// jsdom ships no types and @types/jsdom is not installed: the part of its API the boundary tests use.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; runScripts?: 'dangerously' | 'outside-only' })
    readonly window: Window & typeof globalThis & { eval(code: string): unknown; close(): void }
  }
}
