// The store hook React 16.8 – 17 get (React 18+ use their own useSyncExternalStore): renders the snapshot,
// re-renders on a notification that changed it, not on one that did not, and unsubscribes on unmount.
import { createElement as h } from 'react'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { useStoreFallback } from '../../../src/react/use-store'

afterEach(cleanup)

it('follows the store and unsubscribes', async () => {
  let value = 1
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener))
  const notify = () => listeners.forEach((listener) => listener())
  let renders = 0
  function Reader() {
    renders++
    return h('p', { 'data-testid': 'value' }, String(useStoreFallback(subscribe, () => value)))
  }
  const view = render(h(Reader))
  expect(screen.getByTestId('value').textContent).toBe('1')
  const settled = renders

  await act(async () => notify())
  expect(renders).toBe(settled)

  await act(async () => {
    value = 2
    notify()
  })
  expect(screen.getByTestId('value').textContent).toBe('2')
  expect(renders).toBe(settled + 1)

  view.unmount()
  expect(listeners.size).toBe(0)
})

it('sees a change made between the render and the subscription', async () => {
  let value = 'before'
  const subscribe = () => () => undefined
  function Reader() {
    const shown = useStoreFallback(subscribe, () => value)
    value = 'after' // changes after this render read it, before the effect subscribes
    return h('p', { 'data-testid': 'value' }, shown)
  }
  render(h(Reader))
  await act(async () => undefined)
  expect(screen.getByTestId('value').textContent).toBe('after')
})
