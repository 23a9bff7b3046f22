/** The plain, stable values that kernel hooks hand to plugins. None of them is a parsed workspace object. */
import type { EvaluationUser, Properties } from './types'

/** An experiment or flag as an override sees it (`hooks.overrideVariation`). */
export interface ExperimentInfo {
  readonly id: number
  readonly key: number
  readonly type: 'AB_TEST' | 'FEATURE_FLAG'
  readonly variations: ReadonlyArray<{ readonly id: number; readonly key: string }>
}

/** A remote-config parameter as an override sees it (`hooks.overrideRemoteConfig`). */
export interface RemoteConfigInfo {
  readonly id: number
  readonly key: string
  /** `STRING`, `NUMBER`, `BOOLEAN` or `JSON`. */
  readonly type: string
}

interface DecisionBase {
  readonly reason: string
  /** The user it was decided for; absent when resolving the user failed (reason `EXCEPTION`). */
  readonly user: EvaluationUser | undefined
}

/** One decision of the public API (`hooks.decided`), whatever its outcome. */
export type DecisionInfo =
  | (DecisionBase & { readonly kind: 'ab-test'; readonly key: number; readonly variation: string })
  | (DecisionBase & { readonly kind: 'feature-flag'; readonly key: number; readonly isOn: boolean })
  | (DecisionBase & { readonly kind: 'remote-config'; readonly key: string; readonly value: unknown })

/**
 * The page the visitor is on, as page views, hackle properties and campaign attribution read it
 * (`kernel.pages.current()`). Until a plugin sets one, there is none and each plugin reads `location` itself.
 */
export interface PageSnapshot {
  /** The given page name, else the document title. */
  readonly pageName: string
  readonly properties: Properties
  readonly url: string
  readonly pagePath: string
  readonly host: string
  readonly hostname: string
  readonly referrer: string
  /** `location.search`, with its `?`. */
  readonly queryParameter: string
  /** `https`, without the colon. */
  readonly protocol: string
}

/** A navigation the SDK is about to make (`hooks.prepareNavigation`). */
export interface Navigation {
  readonly url: string
  /** Delays the navigation until `work` settles, at most until the navigation's time limit. */
  waitFor(work: Promise<unknown>): void
}

export interface HttpRequest {
  method: 'GET' | 'POST'
  url: string
  headers?: Record<string, string>
  body?: string
  /** Let the request outlive the page (`fetch` keepalive; bodies of at most 64 KiB in flight). */
  keepalive?: boolean
}

export interface HttpResponse {
  status: number
  body: string
  header(name: string): string | null
}

/**
 * The page's own React (`hooks.pageReact`), for plugins that draw with React (the in-app renderer, the DevTool panel):
 * with it they load the variants of their views that bundle no React. The modules as the page imports them:
 * - `react`: the `react` module (17 or later: React 16 does not hear events inside a shadow root, where the views
 *   draw);
 * - `reactDom`: the `react-dom` module of the same version (`flushSync`; before React 18 also `render` and
 *   `unmountComponentAtNode`);
 * - `reactDomClient`: the `react-dom/client` module (React 18 and later: `createRoot`); without it the views mount
 *   with `reactDom.render`, which React 19 no longer has.
 * A value that lacks what the views need is not used (logged): they then load the variants that bundle React.
 */
export interface PageReact {
  readonly react: object
  readonly reactDom: object
  readonly reactDomClient?: object
}
