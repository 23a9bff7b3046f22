// The built package must work where generating code from strings is forbidden (the effect of a CSP without
// 'unsafe-eval'): Node's --disallow-code-generation-from-strings enforces the same rule for every module.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO } from './chromium'

const script = `
  const workspace = JSON.parse(process.env.WORKSPACE)
  let evalBlocked = false
  try { new Function('return 1') } catch { evalBlocked = true }
  const { createInstance } = await import(process.env.ENTRY)
  const client = createInstance('no-eval-key-12345678', { workspaceConfig: workspace, log_disabled: true, sdkUrl: 'http://127.0.0.1:9', eventUrl: 'http://127.0.0.1:9' })
  const decision = client.variationDetail(1, { id: 'user_1', deviceId: 'user_1' })
  const flag = client.featureFlagDetail(5, { id: 'hello', deviceId: 'hello', properties: { grade: 'gold' } })
  client.track('purchase')
  console.log(JSON.stringify({ evalBlocked, variation: decision.variation, flag: flag.isOn, rc: client.remoteConfig().get('banner_text', 'x') }))
  client.close()
`

describe('built package without code generation', () => {
  const entry = resolve(REPO, 'dist/index.js')

  it('decides and tracks with code generation from strings disallowed', () => {
    expect(existsSync(entry), 'run the build first (npm test does)').toBe(true)
    const output = execFileSync(
      process.execPath,
      ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
      {
        env: {
          ...process.env,
          ENTRY: entry,
          WORKSPACE: JSON.stringify(JSON.parse(readFileSync(resolve(REPO, 'test/fixtures/example-workspace.json'), 'utf8'))),
        },
        encoding: 'utf8',
      },
    )
    const result = JSON.parse(output.trim().split('\n').at(-1)!)
    expect(result.evalBlocked).toBe(true)
    expect(result.flag).toBe(true)
    expect(result.rc).toBe('Hello, gold member')
    // No DOM in Node, so no hackle properties: the Windows/Mac audience does not match.
    expect(result.variation).toBe('A')
  })
})
