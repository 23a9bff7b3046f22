// Runs the shared differential oracle against hackle-kit's build: seeds 1..200, normal and odd configs.
// Usage: npm run oracle [-- extra compare.mjs flags]
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const oracleDir = process.env.ORACLE_DIR ?? path.resolve(here, '../../shared/oracle')
if (!existsSync(path.join(oracleDir, 'compare.mjs'))) {
  console.error(`oracle not found at ${oracleDir} (set ORACLE_DIR)`)
  process.exit(2)
}
if (!existsSync(path.join(oracleDir, 'node_modules'))) {
  spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: oracleDir, stdio: 'inherit' })
}
const args = ['compare.mjs', '--adapter', path.join(here, 'oracle-adapter.mjs'), '--seeds', '1..200', '--mode', 'both', ...process.argv.slice(2)]
const run = spawnSync(process.execPath, args, { cwd: oracleDir, stdio: 'inherit' })
process.exit(run.status ?? 1)
