// The examples under examples/ build and run against the package as npm publishes it: each example directory is
// copied into a scratch project, the packed tarball is installed there, esbuild bundles its main.ts (minified, as
// a site would ship it) after strict tsc checked it against the shipped types, and node runs the bundle on the example workspace. Each example prints JSON; the
// assertions below say what it must show.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPacked, nodeJson, packPackage, root, run, type PackedPackage } from './packed-package'

const fixture = path.join(root, 'test/fixtures/example-workspace.json')
let packed: PackedPackage

beforeAll(async () => {
  packed = await packPackage('hackle-kit-examples-')
})

afterAll(() => {
  if (packed) rmSync(packed.scratch, { recursive: true, force: true })
})

/** Copies examples/<name> next to the tarball, installs the package, bundles main.ts; returns the project dir and the bundle's gzip size. */
async function buildExample(name: string, { entry = 'main.ts', peers = [] as string[], external = [] as string[] } = {}): Promise<{ dir: string; gzip: number }> {
  const dir = path.join(packed.scratch, name)
  cpSync(path.join(root, 'examples', name), dir, { recursive: true })
  // Peer packages the example needs (React), as the app has them: the repository's copies.
  await installPacked(dir, packed.tarball, peers.map((peer) => path.join(root, 'node_modules', peer)))
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true, skipLibCheck: false, noEmit: true, target: 'ES2020', module: 'ESNext', moduleResolution: 'Bundler',
        lib: ['ES2020', 'DOM'], types: ['node'], typeRoots: [path.join(root, 'node_modules/@types')], jsx: 'react-jsx',
      },
      include: ['*.ts', '*.tsx'],
    }),
  )
  await run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], { cwd: dir }).catch(
    (error: { stdout?: string }) => {
      throw new Error(`tsc failed for examples/${name}:\n${error.stdout ?? error}`)
    },
  )
  const result = await build({
    entryPoints: [path.join(dir, entry)],
    outfile: path.join(dir, 'main.js'),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    absWorkingDir: dir,
    logLevel: 'silent',
    jsx: 'automatic',
    // A server app loads React from node_modules rather than bundling it.
    external,
    write: true,
  })
  expect(result.errors).toEqual([])
  return { dir, gzip: gzipSync(readFileSync(path.join(dir, 'main.js')), { level: 9 }).length }
}

describe('examples/ against npm pack output', () => {
  it('custom-plugins: consent vetoes events, the forwarder hears each accepted exposure once, the added method works', async () => {
    const { dir } = await buildExample('custom-plugins')
    const out = await nodeJson(dir, 'main.js', [fixture])
    expect(out.after).toBe(out.before)
    expect(out.after).toMatch(/^[A-Z]$/)
    expect(out.forwarded).toEqual([['experiment_viewed', { kind: 'ab-test', key: 1, variation: out.after, reason: expect.any(String) }]])
    expect(out.label).toBe(`checkout button: ${out.after}`)
  })

  it('slim-bundle: decides, and hands the exposure and track batch to its transport plugin', async () => {
    const { dir, gzip } = await buildExample('slim-bundle')
    const out = await nodeJson(dir, 'main.js', [fixture])
    expect(out.variation).toMatch(/^[A-Z]$/)
    expect(typeof out.isOn).toBe('boolean')
    const events = out.sent.flatMap((batch: Record<string, unknown[]>) => [
      ...(batch.exposureEvents ?? []).map(() => 'exposure'),
      ...(batch.trackEvents ?? []).map((e) => (e as { eventTypeKey: string }).eventTypeKey),
    ])
    expect(events.sort()).toEqual(['exposure', 'exposure', 'purchase'])
    // A slim client is well under the full preset (about 32 KB gzip); node-platform bundling keeps it comparable.
    expect(gzip).toBeLessThan(20_000)
  })

  it('react-app: a server render on hackle-kit/react holds the real decisions for each user (same as the client decides)', async () => {
    const { dir } = await buildExample('react-app', {
      entry: 'main.tsx',
      peers: ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-dom'],
      external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    })
    const out = await nodeJson(dir, 'main.js', [fixture])
    for (const user of ['member-1', 'member-2']) {
      const page: string = out.pages[user]
      expect(page).toContain(`data-variation="${out.direct[user]}"`)
      expect(page).toMatch(/data-reason="[A-Z_]+"/)
      expect(page).not.toContain('SDK_NOT_READY')
      expect(page).toContain('<p class="banner">')
    }
  })
})
