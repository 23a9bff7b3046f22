// Pack-and-consume: the package as npm publishes it, used as an app uses it. `npm pack` (of the built dist/) into
// a scratch directory, installed offline into a scratch project (the package has no runtime dependencies, so the
// tarball is all npm needs, with the repository's copy of the optional OpenFeature peer), then:
// - every `exports` subpath loads with ESM `import` and CJS `require`, and both expose the same names;
// - a consumer written against the public API compiles with strict tsc (skipLibCheck: false, so the shipped
//   .d.ts/.d.cts files are checked too), under moduleResolution bundler and node16 (ESM and CJS consumers);
// - the consumer bundles with esbuild and, run in node, makes the decisions the repository's build makes for the
//   example workspace (test/fixtures/example-workspace.json).
// Tools come from the repository's node_modules; nothing touches the network.
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pluginFactory } from '../../scripts/app-sizes.mjs'
import { packageEntries, type PackageEntry } from '../../scripts/package-entries.mjs'
import { installPacked, nodeJson as nodeJsonIn, packPackage, root, run, type PackedPackage } from './packed-package'

const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
const fixture = path.join(root, 'test/fixtures/example-workspace.json')
let scratch = ''
let app = ''
let packed: PackedPackage
let entries: PackageEntry[] = []

/** Runs node on a script in the scratch app and returns its JSON output. */
const nodeJson = (file: string): Promise<any> => nodeJsonIn(app, file)

const plugins = () => entries.filter((e) => e.subpath.startsWith('./plugins/')).map((e) => e.subpath.slice('./plugins/'.length))
const specifier = (subpath: string) => (subpath === '.' ? 'hackle-kit' : `hackle-kit/${subpath.slice(2)}`)

beforeAll(async () => {
  packed = await packPackage('hackle-kit-pack-')
  scratch = packed.scratch
  app = path.join(scratch, 'app')
  mkdirSync(app)
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  // The optional peer dependency of `hackle-kit/openfeature`, as an app that uses it has it (the repository's copies).
  const peers = ['@openfeature/core', '@openfeature/web-sdk'].map((name) => path.join(root, 'node_modules', name))
  await installPacked(app, packed.tarball, peers)
  // hackle-kit/react's optional peer dependency, as an app that uses it has it: the repository's React
  symlinkSync(path.join(root, 'node_modules/react'), path.join(app, 'node_modules/react'), 'dir')
  entries = packageEntries(path.join(app, 'node_modules/hackle-kit'))
})

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('npm pack', () => {
  it('ships dist/ and the package files only', () => {
    const outside = packed.files.map((f) => f.path).filter((p) => !p.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE(\.\w+)?)$/.test(p))
    expect(outside).toEqual([])
  })

  it('ships every entry the repository builds', () => {
    expect(entries.map((e) => e.subpath)).toEqual(packageEntries(root).map((e) => e.subpath))
    expect(plugins().length).toBeGreaterThan(0)
  })
})

describe('every exports subpath loads', () => {
  it('with import and with require, exposing the same names', async () => {
    const list = JSON.stringify(entries.map((e) => specifier(e.subpath)))
    writeFileSync(
      path.join(app, 'load-esm.mjs'),
      `const out = {}\nfor (const s of ${list}) out[s] = Object.keys(await import(s)).sort()\nconsole.log(JSON.stringify(out))\n`,
    )
    writeFileSync(
      path.join(app, 'load-cjs.cjs'),
      `const out = {}\nfor (const s of ${list}) out[s] = Object.keys(require(s)).filter((k) => k !== '__esModule').sort()\nconsole.log(JSON.stringify(out))\n`,
    )
    const [esm, cjs] = await Promise.all([nodeJson('load-esm.mjs'), nodeJson('load-cjs.cjs')])
    for (const e of entries) expect(esm[specifier(e.subpath)].length, e.subpath).toBeGreaterThan(0)
    expect(cjs).toEqual(esm)
    expect(esm['hackle-kit']).toContain('createInstance')
    expect(esm['hackle-kit/kernel']).toContain('createKernel')
    expect(esm['hackle-kit/react']).toContain('HackleProvider')
    for (const name of plugins()) expect(esm[`hackle-kit/plugins/${name}`]).toContain(pluginFactory(name))
  })

  it('./browser and ./package.json resolve to shipped files', async () => {
    writeFileSync(
      path.join(app, 'resolve.cjs'),
      `console.log(JSON.stringify(['hackle-kit/browser', 'hackle-kit/package.json'].map((s) => require.resolve(s))))\n`,
    )
    const [browser, manifest] = await nodeJson('resolve.cjs')
    expect(statSync(browser).size).toBeGreaterThan(1000)
    expect(browser).toMatch(/hackle-kit\.global\.js$/)
    expect(JSON.parse(readFileSync(manifest, 'utf8')).name).toBe('hackle-kit')
  })
})

/** An ESM consumer of the public API: what a page would write. */
function consumerSource(): string {
  const names = plugins()
  const imports = names.map((n, i) => `import { ${pluginFactory(n)} as factory${i} } from 'hackle-kit/plugins/${n}'`)
  return `import { createInstance, DecisionReason, type FullHackleClient } from 'hackle-kit'
import { createKernel, definePlugin, type HackleClient, type Plugin, type SdkEvent } from 'hackle-kit/kernel'
import { HackleProvider } from 'hackle-kit/openfeature'
import type { Provider } from '@openfeature/web-sdk'
${imports.join('\n')}

/** The OpenFeature provider is a provider and the plugin that connects it to a client. */
export const openFeatureProvider: Provider & Plugin = new HackleProvider({ flags: { checkout: { type: 'feature-flag', key: 5 } } })

export const pluginFactories: ReadonlyArray<(...args: never[]) => Plugin> = [${names.map((_, i) => `factory${i}`).join(', ')}]

export interface Answer {
  variation: string
  reason: string
  isOn: boolean
  remote: string
}

export function decideWithKernel(workspaceConfig: unknown, userId: string): Answer & { events: string[] } {
  const events: string[] = []
  const watch = definePlugin((into: string[]) => ({
    name: 'watch',
    apply({ hooks }) {
      hooks.eventCreated.tap('watch', (event: SdkEvent) => void into.push(event.type))
    },
  }))
  const client: HackleClient = createKernel('consumer-kernel', { workspaceConfig, user: { userId }, plugins: [watch(events)] })
  const decision = client.variationDetail(1)
  const answer: Answer = { variation: decision.variation, reason: decision.reason, isOn: client.isFeatureOn(5), remote: client.remoteConfig().get('missing', 'fallback') }
  client.close()
  return { ...answer, events }
}

export function decideWithPreset(workspaceConfig: unknown, userId: string): Answer {
  // Unreachable local URLs: the preset's background requests fail at once instead of leaving the machine.
  const local = 'http://127.0.0.1:9'
  const client: FullHackleClient = createInstance('consumer-preset', {
    workspaceConfig, user: { userId }, sdkUrl: local, eventUrl: local, monitoringUrl: local, cdnUrl: local, log_disabled: true,
  })
  const decision = client.variationDetail(1)
  const answer: Answer = { variation: decision.variation, reason: decision.reason, isOn: client.isFeatureOn(5), remote: client.remoteConfig().get('missing', 'fallback') }
  client.setOptOutTracking(client.isOptOutTracking())
  client.close()
  return answer
}

export const notReady: string = DecisionReason.SDK_NOT_READY
`
}

/** A CommonJS consumer (.cts): under node16 it resolves the `require` types (.d.cts). */
function cjsConsumerSource(): string {
  const names = plugins()
  return `import hackle = require('hackle-kit')
import kernel = require('hackle-kit/kernel')
${names.map((n, i) => `import plugin${i} = require('hackle-kit/plugins/${n}')`).join('\n')}

export const client: kernel.HackleClient = kernel.createKernel('consumer-cjs', {})
export const full: hackle.FullHackleClient = hackle.createInstance('consumer-cjs')
import openfeature = require('hackle-kit/openfeature')
export const provider: kernel.Plugin = new openfeature.HackleProvider()
export const factories: ReadonlyArray<(...args: never[]) => kernel.Plugin> = [${names.map((n, i) => `plugin${i}.${pluginFactory(n)}`).join(', ')}]
`
}

const strict = { strict: true, skipLibCheck: false, noEmit: true, target: 'ES2020', lib: ['ES2020', 'DOM', 'DOM.Iterable'], types: [], isolatedModules: true }

describe('a TypeScript consumer', () => {
  beforeAll(() => {
    writeFileSync(path.join(app, 'consumer.ts'), consumerSource())
    writeFileSync(path.join(app, 'consumer-cjs.cts'), cjsConsumerSource())
    writeFileSync(
      path.join(app, 'tsconfig.bundler.json'),
      JSON.stringify({ compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler' }, files: ['consumer.ts'] }),
    )
    writeFileSync(
      path.join(app, 'tsconfig.node16.json'),
      JSON.stringify({ compilerOptions: { ...strict, module: 'Node16', moduleResolution: 'Node16' }, files: ['consumer.ts', 'consumer-cjs.cts'] }),
    )
  })

  const compile = async (config: string) => {
    try {
      await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: app, maxBuffer: 16 << 20 })
      return ''
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
      return `${stdout}${stderr}`.trim() || String(error)
    }
  }

  it('compiles with strict tsc (skipLibCheck: false), moduleResolution bundler and node16', async () => {
    const [bundler, node16] = await Promise.all([compile('tsconfig.bundler.json'), compile('tsconfig.node16.json')])
    expect(bundler, 'moduleResolution bundler').toBe('')
    expect(node16, 'moduleResolution node16').toBe('')
  })

  it('bundles with esbuild and makes the decisions of the repository build', async () => {
    await build({
      entryPoints: [path.join(app, 'consumer.ts')],
      outfile: path.join(app, 'consumer.bundle.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      absWorkingDir: app,
      logLevel: 'silent',
    })
    writeFileSync(
      path.join(app, 'decide.mjs'),
      `import { readFileSync } from 'node:fs'
import { decideWithKernel, decideWithPreset, pluginFactories } from './consumer.bundle.mjs'
const workspace = JSON.parse(readFileSync(${JSON.stringify(fixture)}, 'utf8'))
const kernel = decideWithKernel(workspace, 'member-1')
const preset = decideWithPreset(workspace, 'member-1')
console.log(JSON.stringify({ kernel, preset, factories: pluginFactories.map((f) => typeof f) }))
`,
    )
    const answers = await nodeJson('decide.mjs')

    // The repository's own build, loaded in this process, is the expectation.
    const { createKernel } = await import(pathToFileURL(path.join(root, 'dist/kernel/index.js')).href)
    const reference = createKernel('reference', { workspaceConfig: JSON.parse(readFileSync(fixture, 'utf8')), user: { userId: 'member-1' } })
    const expected = reference.variationDetail(1)
    const expectedIsOn = reference.isFeatureOn(5)
    reference.close()

    expect(['SDK_NOT_READY', 'EXCEPTION', 'INVALID_INPUT']).not.toContain(expected.reason)
    const answer = { variation: expected.variation, reason: expected.reason, isOn: expectedIsOn, remote: 'fallback' }
    const { events, ...kernelAnswer } = answers.kernel
    expect(kernelAnswer).toEqual(answer)
    expect(events, 'a plugin sees the exposure events of the decisions').toContain('exposure')
    expect(answers.preset).toEqual(answer)
    expect(answers.factories).toEqual(plugins().map(() => 'function'))
  })
})
