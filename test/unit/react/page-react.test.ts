// hackle-kit/react's `createInstance` tells the client the app's React (`hooks.pageReact`) when it is given the app's
// `react-dom` (and `react-dom/client`): the in-app renderer and the DevTool panel then draw with it. Without
// `reactDom` it answers nothing, so they load their chunks that bundle React.
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import * as ReactDOMClient from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createInstance, type HackleReactSDKClient } from '../../../src/react'
import { LOCAL, counting, freshKey, openWorkspace, useGatedConfigServer } from './helpers'

useGatedConfigServer()

const clients: HackleReactSDKClient[] = []
afterEach(() => void clients.splice(0).forEach((client) => client.close()))

function start(options: Record<string, unknown>) {
  const { counts, plugin } = counting()
  clients.push(createInstance(freshKey(), { ...LOCAL, log_disabled: true, workspaceConfig: openWorkspace(), ...options, plugins: [plugin] }))
  return counts.kernel!
}

describe('hackle-kit/react: the app’s React for the views drawn with React', () => {
  it('answers hooks.pageReact with this entry’s react and the react-dom modules it was given', () => {
    const kernel = start({ reactDom: ReactDOM, reactDomClient: ReactDOMClient })
    const answer = kernel.hooks.pageReact.call()
    expect(answer).toEqual({ react: expect.anything(), reactDom: ReactDOM, reactDomClient: ReactDOMClient })
    // the React this entry imports: the app's
    expect(answer!.react).toHaveProperty('createElement', React.createElement)
    expect(answer!.react).toHaveProperty('useState', React.useState)
  })

  it('gives react-dom alone as is (React 17 has no react-dom/client)', () => {
    const kernel = start({ reactDom: ReactDOM })
    expect(kernel.hooks.pageReact.call()).toMatchObject({ reactDom: ReactDOM, reactDomClient: undefined })
  })

  it('answers nothing without reactDom (the views bundle their own React)', () => {
    const kernel = start({})
    expect(kernel.hooks.pageReact.call()).toBeUndefined()
    expect(start({ reactDomClient: ReactDOMClient }).hooks.pageReact.call()).toBeUndefined()
  })
})
