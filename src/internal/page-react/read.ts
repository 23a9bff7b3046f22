import type { Logger, PageReact } from '../../kernel'

/** A root of the page's React DOM: `react-dom/client`'s, or one made of the legacy `render` / `unmountComponentAtNode`. */
export interface PageRoot {
  render(node: unknown): void
  unmount(): void
}

/** The page's React in the form the views' React-free variants use (`readPageReact`). */
export interface UsablePageReact {
  /** The page's `react` module. */
  readonly react: Readonly<Record<string, any>>
  /** `react-dom`'s `flushSync` (or a plain call where there is none: the legacy `render` is synchronous). */
  flushSync<T>(work: () => T): T
  createRoot(container: Element): PageRoot
}

/** What the views call on the page's `react` module (each a function in every React with hooks). */
const REACT_FUNCTIONS = ['createElement', 'createContext', 'useContext', 'useEffect', 'useLayoutEffect', 'useReducer', 'useRef', 'useState']

type Module = Record<string, any>
const isObject = (value: unknown): value is Module => (typeof value === 'object' || typeof value === 'function') && value !== null

/**
 * The page's React as a tap of `hooks.pageReact` gave it, checked: `undefined` when it lacks what the views need
 * (logged as a warning: a `react` module without its hooks, React 16, a `react-dom` whose version differs, no
 * `reactDomClient.createRoot` and no legacy `render`). Never throws.
 */
export function readPageReact(given: PageReact, logger: Logger): UsablePageReact | undefined {
  const unusable = (why: string): undefined => void logger.warn(`The page's React is not used (the views bundle their own): ${why}`)
  try {
    const { react, reactDom, reactDomClient } = (isObject(given) ? given : {}) as Record<string, unknown>
    if (!isObject(react) || !REACT_FUNCTIONS.every((name) => typeof react[name] === 'function')) return unusable('react is not a react module with hooks')
    if (!isObject(reactDom)) return unusable('reactDom is not a react-dom module')
    // React 16 listens for events at the document, where those of a shadow root arrive retargeted to its host: the
    // views (drawn in a shadow root) would not hear their own clicks. React 17 listens at the root's container.
    if (Number.parseInt(String(react.version), 10) < 17) return unusable(`react ${react.version} does not handle events in a shadow root (17 and later do)`)
    if (typeof react.version === 'string' && typeof reactDom.version === 'string' && react.version !== reactDom.version) {
      return unusable(`react ${react.version} and react-dom ${reactDom.version} differ`)
    }
    const flushSync: UsablePageReact['flushSync'] = typeof reactDom.flushSync === 'function' ? (work) => reactDom.flushSync(work) : (work) => work()
    if (isObject(reactDomClient) && typeof reactDomClient.createRoot === 'function') {
      return { react, flushSync, createRoot: (container) => reactDomClient.createRoot(container) }
    }
    if (typeof reactDom.render === 'function' && typeof reactDom.unmountComponentAtNode === 'function') {
      return {
        react,
        flushSync,
        createRoot: (container) => ({
          render: (node) => void reactDom.render(node, container),
          unmount: () => void reactDom.unmountComponentAtNode(container),
        }),
      }
    }
    return unusable('react-dom has no legacy render (React 18 and later: give reactDomClient, the react-dom/client module)')
  } catch (error) {
    return unusable(String(error))
  }
}
