/**
 * `react/jsx-runtime` in the React-free builds of hackle-kit's views: the JSX compiled for the automatic runtime, drawn
 * with the page's `createElement` (the page gives its `react` module, not its `jsx-runtime`): `jsx` passes its one
 * child as is, `jsxs` spreads its static children, as the classic transform would have written them.
 */
import { pageReact } from './holder'

/** Stands for `<>…</>`; replaced by the page's `Fragment` when drawn. */
export const Fragment = Symbol('hackle-kit fragment')

type Props = Record<string, unknown> & { children?: unknown }

function element(type: unknown, props: Props, key: unknown, spread: boolean): unknown {
  const React = pageReact().react
  const { children, ...config } = props
  if (key !== undefined) config.key = key
  const drawn = type === Fragment ? React.Fragment : type
  if (children === undefined) return React.createElement(drawn, config)
  return spread && Array.isArray(children) ? React.createElement(drawn, config, ...children) : React.createElement(drawn, config, children)
}

export const jsx = (type: unknown, props: Props, key?: unknown) => element(type, props, key, false)
export const jsxs = (type: unknown, props: Props, key?: unknown) => element(type, props, key, true)
