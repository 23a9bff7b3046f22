// The page's React for the React-free views: the check of what a `hooks.pageReact` tap gave (readPageReact), the
// hand-over (setPageReact: the first one stays) and the `react/jsx-runtime` stand-in drawing with the page's
// createElement.
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { readPageReact } from '../../../src/internal/page-react/read'
import { pageReact, setPageReact } from '../../../src/internal/page-react/holder'
import { Fragment, jsx, jsxs } from '../../../src/internal/page-react/jsx-runtime'
import { createRoot } from '../../../src/internal/page-react/react-dom-client'

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as any

describe('readPageReact', () => {
  it('takes react-dom/client’s createRoot when given (React 18 and later)', () => {
    const log = logger()
    const client = { createRoot: vi.fn((container: Element) => ReactDOMClient.createRoot(container)) }
    const page = readPageReact({ react: React, reactDom: ReactDOM, reactDomClient: client }, log)!
    expect(page.react).toBe(React)
    const root = page.createRoot(document.createElement('div'))
    expect(client.createRoot).toHaveBeenCalledTimes(1)
    root.unmount()
    expect(page.flushSync(() => 7)).toBe(7)
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('mounts with the legacy render / unmountComponentAtNode of react-dom before 18, a plain call for a missing flushSync', () => {
    const legacy = { version: React.version, render: vi.fn(), unmountComponentAtNode: vi.fn() }
    const page = readPageReact({ react: React, reactDom: legacy }, logger())!
    const container = document.createElement('div')
    const root = page.createRoot(container)
    root.render('node')
    root.unmount()
    expect(legacy.render).toHaveBeenCalledWith('node', container)
    expect(legacy.unmountComponentAtNode).toHaveBeenCalledWith(container)
    expect(page.flushSync(() => 'done')).toBe('done')
  })

  it('refuses (logged, never thrown) what the views cannot draw with', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ react: {}, reactDom: ReactDOM, reactDomClient: ReactDOMClient }, /react is not a react module/],
      [{ react: React, reactDom: null, reactDomClient: ReactDOMClient }, /reactDom is not a react-dom module/],
      [{ react: React, reactDom: { ...ReactDOM, version: '18.3.1' }, reactDomClient: ReactDOMClient }, /differ/],
      // React 16 delegates events to the document: clicks in the views' shadow root would be lost
      [{ react: { ...React, version: '16.14.0' }, reactDom: { render() {}, unmountComponentAtNode() {}, version: '16.14.0' } }, /react 16\.14\.0 does not handle events in a shadow root/],
      // React 19's react-dom alone: no legacy render, no createRoot
      [{ react: React, reactDom: ReactDOM }, /give reactDomClient/],
      [new Proxy({}, { get: () => { throw new Error('hostile') } }), /hostile/],
    ]
    for (const [given, why] of cases) {
      const log = logger()
      expect(readPageReact(given as never, log)).toBeUndefined()
      expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(why))
    }
  })
})

describe('the hand-over and the jsx-runtime stand-in', () => {
  it('keeps the first React given, and draws JSX with its createElement (one child as is, static children spread, fragments)', () => {
    const page = readPageReact({ react: React, reactDom: ReactDOM, reactDomClient: ReactDOMClient }, logger())!
    setPageReact(page)
    setPageReact({ ...page, react: {} })
    expect(pageReact()).toBe(page)

    const element = jsx('a', { href: '/x', children: 'go' }, 'k') as React.ReactElement<{ href: string; children: string }>
    expect(element.type).toBe('a')
    expect(element.key).toBe('k')
    expect(element.props).toEqual({ href: '/x', children: 'go' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const list = jsxs('ul', { children: [jsx('li', { children: 'one' }), jsxs(Fragment, { children: [jsx('li', { children: 'two' }), 'three'] })] })
    expect(renderToStaticMarkup(list as React.ReactElement)).toBe('<ul><li>one</li><li>two</li>three</ul>')
    // static children need no keys (as with the classic transform): no warning
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })

  it('mounts through the page’s root (react-dom/client stand-in)', () => {
    const container = document.createElement('div')
    const root = createRoot(container)
    ReactDOM.flushSync(() => root.render(jsx('p', { children: 'drawn' })))
    expect(container.innerHTML).toBe('<p>drawn</p>')
    root.unmount()
  })
})
