// The in-app renderer's React-free variant (renderer/page-react.ts) as its chunk is built: `react`, `react/jsx-runtime`,
// `react-dom` and `react-dom/client` replaced by the modules of src/internal/page-react (the tsup plugin
// `react-from-page`), drawing with the page's React (the installed one) through `react-dom/client`'s createRoot. The
// legacy mount of React before 18 is in test/unit/plugins/devtool/page-react-legacy.test.ts (a page has one React:
// one per file).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PageReact } from '../../../../src/kernel'
import { catalogue, type Json } from '../../../fixtures/iam-messages'

vi.mock('react', () => import('../../../../src/internal/page-react/react'))
vi.mock('react/jsx-runtime', () => import('../../../../src/internal/page-react/jsx-runtime'))
vi.mock('react-dom', () => import('../../../../src/internal/page-react/react-dom'))
vi.mock('react-dom/client', () => import('../../../../src/internal/page-react/react-dom-client'))

const messages = catalogue('https://cdn.example.com')
const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } as any

type Win = Window & { HackleInAppMessageRenderer?: any }
let interactions: any[] = []
let ends: any[] = []
const onInteraction = (e: Event) => interactions.push((e as CustomEvent).detail)
const onEnd = (e: Event) => ends.push((e as CustomEvent).detail)

beforeEach(() => {
  interactions = []
  ends = []
  delete (window as Win).HackleInAppMessageRenderer
  window.addEventListener('hackle-iam-interaction', onInteraction)
  window.addEventListener('hackle-iam-lifecycle-end', onEnd)
  // render() preloads the first images: here they "load" at once
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null
      set src(_url: string) {
        queueMicrotask(() => this.onload?.())
      }
    },
  )
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as any)
})
afterEach(() => {
  window.removeEventListener('hackle-iam-interaction', onInteraction)
  window.removeEventListener('hackle-iam-lifecycle-end', onEnd)
  document.body.innerHTML = ''
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The installed React and react-dom, as the page's (the real modules, not the replacements above). */
async function installed() {
  const react = await vi.importActual<typeof import('react')>('react')
  const reactDom = await vi.importActual<typeof import('react-dom')>('react-dom')
  const reactDomClient = await vi.importActual<typeof import('react-dom/client')>('react-dom/client')
  return { react, reactDom, reactDomClient }
}

/** Installs the React-free renderer with `page`, draws `msg`, runs the OPEN handshake; returns the shadow root. */
async function show(page: PageReact, msg: Json) {
  const { installWithPageReact } = await import('../../../../src/plugins/in-app-messages/renderer/page-react')
  expect(installWithPageReact(window, page, logger)).toBe(true)
  const container = document.createElement('div')
  document.body.appendChild(container)
  const renderer = new (window as Win).HackleInAppMessageRenderer.HackleInAppMessageRenderer(container)
  await renderer.render({ messageId: 1, message: msg, renderType: 'mobile' })
  window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-start', { detail: { type: 'OPEN', id: 'open-1' } }))
  return { renderer, shadow: container.shadowRoot! }
}

describe('in-app renderer without React, drawing with the page’s React', () => {
  it('draws a modal with the page’s createRoot, reports its clicks and removes itself', async () => {
    const { react, reactDom, reactDomClient } = await installed()
    const createRoot = vi.fn((container: Element) => reactDomClient.createRoot(container))
    const { renderer, shadow } = await show({ react, reactDom, reactDomClient: { createRoot } }, messages.modalTextOnly!)
    expect(createRoot).toHaveBeenCalledTimes(1)
    expect(shadow.querySelector('[role="dialog"]')?.textContent).toContain('Notifications are on')
    expect(shadow.adoptedStyleSheets.length).toBe(1)
    expect(ends).toEqual([{ type: 'OPEN', id: 'open-1' }])
    const close = shadow.querySelector<HTMLElement>('button[aria-label="Close"]')
    expect(close).not.toBeNull()
    close!.click()
    expect(interactions).toEqual([{ type: 'CLOSE' }])
    renderer.destroy()
    expect(shadow.childNodes.length).toBe(0)
  })

  it('draws the carousel and button messages (lists with keys, fragments) without a React warning', async () => {
    const { react, reactDom, reactDomClient } = await installed()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const name of Object.keys(messages)) {
      const { renderer, shadow } = await show({ react, reactDom, reactDomClient }, messages[name]!)
      expect(shadow.querySelector('.root'), name).not.toBeNull()
      renderer.destroy()
    }
    expect(errors).not.toHaveBeenCalled()
    expect(warnings).not.toHaveBeenCalled()
  })

  it('refuses a page React it cannot use (logged), so the loader takes the chunk that bundles React', async () => {
    const { react, reactDom } = await installed()
    const { installWithPageReact } = await import('../../../../src/plugins/in-app-messages/renderer/page-react')
    // React 19's react-dom has no legacy render: without react-dom/client there is no way to mount
    expect(installWithPageReact(window, { react, reactDom }, logger)).toBe(false)
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('reactDomClient'))
    expect((window as Win).HackleInAppMessageRenderer).toBeUndefined()
  })
})
