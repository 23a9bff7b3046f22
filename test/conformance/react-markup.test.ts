// The same component tree (test/conformance/react/markup-app.ts, written against @hackler/react-sdk) rendered with
// @hackler/react-sdk 11.56.1 and with hackle-kit/react (the import changed, nothing else), each in a fresh jsdom page
// with the same workspace, device id, page and provider user: the markup must be identical. Reads dist/ (after
// `npm run build`).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { build, type Plugin } from 'esbuild'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openPage, PAGES, SDK_KEY, type Page } from './page'
import { SERVER_URLS } from './drivers'

const root = path.resolve(import.meta.dirname, '../..')
const APP = path.join(root, 'test/conformance/react/markup-app.ts')
const KIT_REACT = path.join(root, 'dist/react/index.js')
const WORKSPACE = readFileSync(path.join(root, 'test/fixtures/example-workspace.json'), 'utf8')

/** Points the app's `@hackler/react-sdk` import at hackle-kit/react's build. */
const useHackleKit: Plugin = {
  name: 'use-hackle-kit',
  setup(builder) {
    builder.onResolve({ filter: /^@hackler\/react-sdk$/ }, () => ({ path: KIT_REACT }))
  },
}

async function bundle(plugins: Plugin[]): Promise<string> {
  const result = await build({
    entryPoints: [APP],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'MarkupApp',
    platform: 'browser',
    target: 'es2020',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

const bundles = { reference: '', kit: '' }
beforeAll(async () => {
  if (!existsSync(KIT_REACT)) throw new Error('not built: run npm run build first')
  ;[bundles.reference, bundles.kit] = await Promise.all([bundle([]), bundle([useHackleKit])])
})

const pages: Page[] = []
afterEach(() => pages.splice(0).forEach((page) => page.close()))

/** Renders the app with one SDK in a fresh page (desktop Chrome, the example workspace served by the fake server). */
async function markup(side: 'reference' | 'kit', options: { user?: Record<string, unknown>; provider: boolean }, configText = WORKSPACE): Promise<string> {
  const page = openPage(PAGES[0]!, configText)
  pages.push(page)
  page.evaluate(bundles[side])
  const app = (page.window as unknown as { MarkupApp: { renderApp: (key: string, config: unknown, options: unknown) => Promise<string> } }).MarkupApp
  return app.renderApp(SDK_KEY, { ...SERVER_URLS, enableMonitoring: false }, options)
}

describe('the same tree with @hackler/react-sdk and hackle-kit/react', () => {
  const users: Array<[string, Record<string, unknown> | undefined]> = [
    ['the device (no provider user)', undefined],
    ['user_1', { id: 'user_1' }],
    ['a member with properties', { userId: 'member-7', properties: { grade: 'gold' } }],
    ['an overridden QA device', { id: 'qa-device-1' }],
  ]
  for (const [name, user] of users) {
    it(`renders the same markup for ${name}`, async () => {
      const reference = await markup('reference', { user, provider: true })
      const kit = await markup('kit', { user, provider: true })
      expect(reference).toContain('data-app')
      expect(reference).not.toContain('SDK_NOT_READY')
      expect(kit).toBe(reference)
      if (process.env.SHOW_MARKUP) console.log(name, kit)
    })
  }

  it('renders the same markup when the config cannot be used (the initialization settles without a workspace)', async () => {
    const reference = await markup('reference', { user: { id: 'user_1' }, provider: true }, 'not a config')
    const kit = await markup('kit', { user: { id: 'user_1' }, provider: true }, 'not a config')
    expect(reference).toContain('SDK_NOT_READY')
    expect(kit).toBe(reference)
  })

  it('renders the same markup without a provider', async () => {
    const reference = await markup('reference', { provider: false })
    const kit = await markup('kit', { provider: false })
    expect(reference).toContain('EXCEPTION')
    expect(kit).toBe(reference)
  })
})
