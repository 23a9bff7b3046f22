import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin } from '../../../../src/kernel'
import { getManualOverrideHooks, manualOverrides, withOverride, withoutOverride, OVERRIDE_LIST_CAPACITY, type OverrideChange } from '../../../../src/plugins/manual-overrides'
import { devtool, type DevTool, type UserExplorer } from '../../../../src/plugins/devtool'
import { startup } from '../../../../src/plugins/startup'
import workspace from '../../../fixtures/example-workspace.json'

const SDK_KEY = 'abcdefgh12345678XYZ'
const AB = 'hackle-manual-override_ab_abcdefgh'
const FF = 'hackle-manual-override_ff_abcdefgh'
const cookie = (name: string) => {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`))
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1))
}

/** Console lines by level while `run` runs. */
function logs(run: () => void): string[] {
  const lines: string[] = []
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(`${level}: ${args.map(String).join(' ')}`))
  }
  try {
    run()
  } finally {
    vi.restoreAllMocks()
  }
  return lines
}

/** The explorer the DevTool was handed: it arrives once the DevTool's lazy part has loaded. */
async function handed(opened: UserExplorer[]): Promise<UserExplorer> {
  await vi.waitFor(() => expect(opened.length).toBeGreaterThan(0))
  return opened[0]!
}

function fakeDevTool() {
  const opened: UserExplorer[] = []
  const tool: DevTool & { closed: number } = { closed: 0, userExplorer: (explorer) => void opened.push(explorer), close: () => void tool.closed++ }
  return { tool, opened }
}

const client = (options: Parameters<typeof devtool>[0], extra: object = {}) =>
  createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [manualOverrides(), devtool(options)], ...extra })

afterEach(() => {
  for (const name of [AB, FF]) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
})

describe('devtool plugin: showUserExplorer / hideUserExplorer', () => {
  it('opens the DevTool on the explorer (once its lazy part is loaded) and closes it', async () => {
    const { tool, opened } = fakeDevTool()
    const c = client({ devTool: tool }, { debug: true })
    const lines = logs(() => c.showUserExplorer())
    expect(typeof (await handed(opened)).getAbTestDecisions).toBe('function')
    expect(opened).toHaveLength(1)
    expect(lines.some((line) => line.startsWith('debug:') && line.includes('UserExplorer opened.'))).toBe(true)
    c.hideUserExplorer()
    expect(tool.closed).toBe(1)
    c.close()
  })

  it("logs the reference's messages without a usable DevTool, and never throws", () => {
    for (const devTool of [undefined, {} as DevTool, { userExplorer: 1, close() {} } as unknown as DevTool]) {
      // `panel: false`: without a DevTool, no hackle-kit panel either (the reference's behaviour)
      const c = client({ devTool, panel: false })
      const lines = logs(() => {
        c.showUserExplorer()
        c.hideUserExplorer()
      })
      expect(lines.filter((line) => /UserExplorer is not provided|There is no active HackleDevtools\./.test(line)).map((line) => line.split(':')[0]))
        .toEqual(['error', 'warn'])
      c.close()
    }
  })

  it('a DevTool that throws is logged, not thrown into the page', async () => {
    const c = client({ devTool: { userExplorer: () => { throw new Error('boom') }, close: () => { throw new Error('bang') } } })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => c.showUserExplorer()).not.toThrow()
    expect(() => c.hideUserExplorer()).not.toThrow()
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2))
    const printed = error.mock.calls.map((args) => args.map(String).join(' ')).join('\n')
    expect(printed).toContain('while show userExplorer: Error: boom')
    expect(printed).toContain('while hide userExplorer: Error: bang')
    vi.restoreAllMocks()
    c.close()
  })

  it('autoOpenDevTool opens it once start-up completes; without a DevTool it logs DevTool is not provided', async () => {
    const { tool, opened } = fakeDevTool()
    const c = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [startup(), manualOverrides(), devtool({ devTool: tool, autoOpenDevTool: true })] })
    await c.onInitialized()
    await vi.waitFor(() => expect(opened).toHaveLength(1))
    c.close()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const bare = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [startup(), manualOverrides(), devtool({ autoOpenDevTool: true, panel: false })] })
    await bare.onInitialized()
    await vi.waitFor(() => expect(error.mock.calls.some((args) => args.map(String).join(' ').includes('DevTool is not provided'))).toBe(true))
    vi.restoreAllMocks()
    bare.close()
  })
})

describe('devtool plugin: the explorer', () => {
  const open = async (extra: object = {}) => {
    const { tool, opened } = fakeDevTool()
    const c = client({ devTool: tool }, { log_disabled: true, ...extra })
    c.showUserExplorer()
    return { c, explorer: await handed(opened) }
  }

  it('lists every A/B test and flag with its decision and makes no events', async () => {
    const decided = vi.fn()
    const events = vi.fn()
    const { tool, opened } = fakeDevTool()
    const spy = definePlugin(() => ({
      name: 'spy',
      apply: ({ hooks }) => {
        hooks.decided.tap('spy', decided)
        hooks.eventCreated.tap('spy', events)
      },
    }))
    const c = createKernel(SDK_KEY, { log_disabled: true, workspaceConfig: workspace, plugins: [spy(), manualOverrides(), devtool({ devTool: tool })] })
    c.showUserExplorer()
    const explorer = await handed(opened)
    const ab = explorer.getAbTestDecisions()
    const ff = explorer.getFeatureFlagDecisions()
    expect(ab.map(([e, d]) => [e.id, e.key, e.variations.map((v) => [v.id, v.key, v.isDropped]), d.variation, d.reason])).toEqual([
      [11, 1, [[101, 'A', false], [102, 'B', false]], expect.any(String), expect.any(String)],
    ])
    expect(ff.map(([e, d]) => [e.id, e.key, typeof d.isOn])).toEqual([[21, 5, 'boolean']])
    expect(decided).not.toHaveBeenCalled()
    expect(events).not.toHaveBeenCalled()
    // the same decision through the public API does both: the spies are listening
    c.variationDetail(1)
    expect(decided).toHaveBeenCalledTimes(1)
    expect(events).toHaveBeenCalled()
    c.close()
  })

  it('set / reset write the shared cookies, decide OVERRIDDEN at once and notify subscribers', async () => {
    const { c, explorer } = await open()
    const [[experiment]] = explorer.getAbTestDecisions()
    const version = c.version()
    explorer.setAbTestOverride(experiment, 102)
    expect(cookie(AB)).toBe('[{"11":"102"}]')
    expect(c.version()).toBeGreaterThan(version)
    expect(c.variationDetail(1)).toMatchObject({ variation: 'B', reason: 'OVERRIDDEN' })
    expect(explorer.getAbTestDecisions()[0]![1]).toMatchObject({ variation: 'B', reason: 'OVERRIDDEN' })
    expect(explorer.getAbTestOverrides()).toEqual(new Map([[11, 102]]))
    explorer.resetAbTestOverride(experiment)
    expect(cookie(AB)).toBe('[]')
    expect(c.variationDetail(1).reason).not.toBe('OVERRIDDEN')
    const [[flag]] = explorer.getFeatureFlagDecisions()
    explorer.setFeatureFlagOverride(flag, 202)
    expect(cookie(FF)).toBe('[{"21":"202"}]')
    expect(c.featureFlagDetail(5)).toMatchObject({ isOn: true })
    explorer.resetAllFeatureFlagOverride()
    expect(cookie(FF)).toBeUndefined()
    c.close()
  })

  it('override maps skip non-numeric ids and negative experiment ids', async () => {
    document.cookie = `${AB}=${encodeURIComponent(JSON.stringify([{ 11: '101' }, { x: '1' }, { 12: 'y' }, { '-3': '4' }, { 13: '-5' }, 7, null]))}; path=/`
    const { c, explorer } = await open()
    expect(explorer.getAbTestOverrides()).toEqual(new Map([[11, 101], [13, -5]]))
    c.close()
  })

  it('bad input to set / reset is warned and changes nothing', async () => {
    const { c, explorer } = await open({ log_disabled: false })
    const lines = logs(() => {
      explorer.setAbTestOverride(undefined as never, 1)
      explorer.setAbTestOverride({ id: 11 }, 'x' as never)
      explorer.resetFeatureFlagOverride(null as never)
    })
    expect(lines.filter((line) => line.startsWith('warn:'))).toHaveLength(3)
    expect(cookie(AB)).toBeUndefined()
    c.close()
  })
})

describe('override list rules', () => {
  it('moves a set key to the end and keeps values as strings', () => {
    expect(withOverride('[{"1":"10"},{"2":"20"}]', '1', '11')).toBe('[{"2":"20"},{"1":"11"}]')
    expect(withoutOverride('[{"1":"10"},{"2":"20"}]', '2')).toBe('[{"1":"10"}]')
    expect(withOverride('not json', '3', '30')).toBe('[{"3":"30"}]')
  })

  it('drops the oldest entries so the text stays within the capacity', () => {
    let text = '[]'
    for (let id = 1000; id < 1400; id++) text = withOverride(text, String(id), String(id * 10))
    expect(text.length).toBeLessThanOrEqual(OVERRIDE_LIST_CAPACITY)
    const list = JSON.parse(text) as Record<string, string>[]
    expect(Object.keys(list.at(-1)!)).toEqual(['1399'])
    expect(Object.keys(list[0]!)[0]).not.toBe('1000')
  })

  it('skips a write that cannot fit at all, keeping the removal', () => {
    const huge = 'x'.repeat(OVERRIDE_LIST_CAPACITY)
    expect(withOverride('[{"1":"10"}]', '1', huge)).toBe('[]')
  })
})

describe('devtool plugin: announces what it changes (monitoring counts it)', () => {
  it('overrideChanged after each set / reset / reset-all, userExplorerShown when the explorer opens', async () => {
    const changes: OverrideChange[] = []
    let shown = 0
    const listener = definePlugin(() => ({
      name: 'listener',
      apply(kernel) {
        getManualOverrideHooks(kernel).overrideChanged.tap('listener', (change) => void changes.push(change))
        getManualOverrideHooks(kernel).userExplorerShown.tap('listener', () => void shown++)
      },
    }))
    const { tool, opened } = fakeDevTool()
    const c = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [manualOverrides(), devtool({ devTool: tool }), listener()] })
    c.showUserExplorer()
    const explorer = await handed(opened)
    const [[experiment]] = explorer.getAbTestDecisions()
    const [[flag]] = explorer.getFeatureFlagDecisions()
    explorer.setAbTestOverride(experiment, experiment.variations[0].id)
    explorer.resetAbTestOverride(experiment)
    explorer.setFeatureFlagOverride(flag, flag.variations[0].id)
    explorer.resetAllFeatureFlagOverride()
    expect(shown).toBe(1)
    expect(changes).toEqual([
      { type: 'AB_TEST', operation: 'set' },
      { type: 'AB_TEST', operation: 'reset' },
      { type: 'FEATURE_FLAG', operation: 'set' },
      { type: 'FEATURE_FLAG', operation: 'reset.all' },
    ])
    c.close()
  })
})
