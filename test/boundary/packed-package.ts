// The package as npm publishes it: `npm pack` of the built dist/ into a scratch directory, and offline installs of
// that tarball into scratch projects. The package has no runtime dependencies, so the tarball is all npm needs;
// nothing touches the network.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

export const run = promisify(execFile)
export const root = path.resolve(import.meta.dirname, '../..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** A quiet npm: no audit, funding or update notices, no lifecycle scripts, never the network. */
const npmFlags = ['--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']

export interface PackedPackage {
  /** The scratch directory holding the tarball. */
  scratch: string
  /** Absolute path of the tarball. */
  tarball: string
  /** The files npm put in it. */
  files: { path: string }[]
}

/** Packs the repository's build into a new scratch directory (fails when dist/ was not built). */
export async function packPackage(prefix: string): Promise<PackedPackage> {
  if (!existsSync(path.join(root, 'dist/index.js'))) throw new Error('not built: run npm run build first')
  const scratch = mkdtempSync(path.join(os.tmpdir(), prefix))
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', scratch, ...npmFlags], { cwd: root, maxBuffer: 16 << 20 })
  const packed = JSON.parse(stdout)[0] as { filename: string; files: { path: string }[] }
  return { scratch, tarball: path.join(scratch, packed.filename), files: packed.files }
}

/**
 * Installs the tarball into the project at `dir` (which has a package.json), without a lockfile, with `extra`
 * packages beside it (local directories, e.g. optional peers from the repository's node_modules).
 */
export async function installPacked(dir: string, tarball: string, extra: string[] = []): Promise<void> {
  await run(npm, ['install', '--no-package-lock', ...npmFlags, tarball, ...extra], { cwd: dir })
}

/** Runs node on a script in `dir` and returns its JSON output. */
export async function nodeJson(dir: string, file: string, args: string[] = []): Promise<any> {
  const { stdout } = await run(process.execPath, [file, ...args], { cwd: dir, maxBuffer: 16 << 20 })
  return JSON.parse(stdout)
}
