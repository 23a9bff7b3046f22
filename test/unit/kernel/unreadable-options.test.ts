// createKernel never throws into the page: options its code cannot read are logged and ignored.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../src/kernel'
import workspace from '../../fixtures/example-workspace.json'

afterEach(() => vi.restoreAllMocks())

describe('createKernel with options the page cannot read', () => {
  it('a throwing getter, a throwing Proxy, a plugin list that throws or an unprintable thrown value: logged, the client starts with the defaults', () => {
    const errors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')))
    const hostile = [
      {
        workspaceConfig: workspace,
        get user(): never {
          throw new Error('getter says no')
        },
      },
      new Proxy({}, { get: () => { throw new Error('proxy says no') }, has: () => { throw new Error('proxy says no') } }),
      { workspaceConfig: workspace, plugins: new Proxy([], { get: () => { throw new Error('list says no') } }) },
      // what is thrown cannot be printed either (no prototype: String() of it throws)
      {
        get workspaceConfig(): never {
          throw Object.create(null)
        },
      },
    ]
    for (const options of hostile) {
      let client: ReturnType<typeof createKernel> | undefined
      expect(() => (client = createKernel('unreadable-options-key', options as never))).not.toThrow()
      // the defaults: no workspace, so the default variation
      expect(client!.variationDetail(1)).toMatchObject({ variation: 'A', reason: 'SDK_NOT_READY' })
      client!.close()
    }
    expect(errors.filter((line) => line.includes('Invalid config ignored'))).toEqual([
      expect.stringContaining('getter says no'),
      expect.stringContaining('proxy says no'),
      expect.stringContaining('list says no'),
      expect.stringContaining('unprintable error'),
    ])
  })
})
