// Which renderer chunk the npm build's view loads: the React-free one with the page's React when `hooks.pageReact`
// answers, the one that bundles React when it does not or when the page's React cannot be used; the DevTool's lazy
// part chooses its panel view the same way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Kernel, PageReact } from '../../../src/kernel'
import type { RendererSettings } from '../../../src/plugins/in-app-messages/view/host'

const calls: string[] = []
let usable = true
vi.mock('../../../src/plugins/in-app-messages/renderer/index', () => ({
  installRenderer: (win: any) => {
    calls.push('bundled renderer')
    win.HackleInAppMessageRenderer = { HackleInAppMessageRenderer: class {} }
  },
}))
vi.mock('../../../src/plugins/in-app-messages/renderer/page-react', () => ({
  installWithPageReact: (win: any, given: PageReact) => {
    calls.push(`renderer without React (${(given.react as any).name})`)
    if (usable) win.HackleInAppMessageRenderer = { HackleInAppMessageRenderer: class {} }
    return usable
  },
}))
vi.mock('../../../src/plugins/devtool/panel-link', () => ({ mountPanel: () => (calls.push('bundled panel'), () => {}) }))
vi.mock('../../../src/plugins/devtool/panel-link-page-react', () => ({
  withPageReact: (given: PageReact) => (calls.push(`panel without React (${(given.react as any).name})`), usable ? { mountPanel: () => () => {} } : undefined),
}))

const settings: RendererSettings = { renderer: 'own', rendererUrl: undefined, viewUrl: undefined, cdnUrl: '', sdkScriptSrc: undefined, nonce: undefined }
const page = { react: { name: 'page react' }, reactDom: {} } as unknown as PageReact
const kernelWith = (answer: PageReact | undefined) =>
  ({ hooks: { pageReact: { call: () => answer } }, logger: { debug() {}, info() {}, warn() {}, error() {} } }) as unknown as Kernel

beforeEach(() => {
  vi.resetModules()
  calls.length = 0
  usable = true
  delete (window as any).HackleInAppMessageRenderer
})
afterEach(() => void delete (window as any).HackleInAppMessageRenderer)

async function loadRenderer(kernel: Kernel) {
  const loader = await import('../../../src/plugins/in-app-messages/view/renderer-loader')
  await loader.loadRenderer(settings, kernel)
  return loader.rendererGlobal()
}

describe('the renderer chunk the view loads', () => {
  it('is the one without React when the page’s React is known', async () => {
    await loadRenderer(kernelWith(page))
    expect(calls).toEqual(['renderer without React (page react)'])
  })

  it('is the one that bundles React without an answer', async () => {
    await loadRenderer(kernelWith(undefined))
    expect(calls).toEqual(['bundled renderer'])
  })

  it('falls back to the one that bundles React when the page’s React cannot be used', async () => {
    usable = false
    await loadRenderer(kernelWith(page))
    expect(calls).toEqual(['renderer without React (page react)', 'bundled renderer'])
  })
})

describe('the panel view the DevTool loads', () => {
  async function open(kernel: Kernel) {
    const { openPanel } = await import('../../../src/plugins/devtool/session')
    const panel = openPanel(kernel, { recent: [], listen: () => () => {} } as never, () => {})
    await panel.drawn
    panel.close()
  }

  it('is the one without React when the page’s React is known, else (or when unusable) the one that bundles it', async () => {
    // the panel's data side is not what this test looks at
    vi.doMock('../../../src/plugins/devtool/source', () => ({ createPanelSource: () => ({}) }))
    vi.doMock('../../../src/plugins/devtool/explorer', () => ({ createExplorer: () => ({}) }))
    await open(kernelWith(page))
    expect(calls).toEqual(['panel without React (page react)'])
    calls.length = 0
    await open(kernelWith(undefined))
    expect(calls).toEqual(['bundled panel'])
    calls.length = 0
    usable = false
    await open(kernelWith(page))
    expect(calls).toEqual(['panel without React (page react)', 'bundled panel'])
  })
})
