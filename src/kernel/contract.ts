/** The plain, stable values that kernel hooks hand to plugins. None of them is a parsed workspace object. */
import type { EvaluationUser, Properties } from './types'

/** An experiment or flag as an override sees it (`hooks.overrideVariation`). */
export interface ExperimentInfo {
  /** The experiment's id. */
  readonly id: number
  /** Its key, the number `variation()` / `isFeatureOn()` take. */
  readonly key: number
  /** A/B test or feature flag. */
  readonly type: 'AB_TEST' | 'FEATURE_FLAG'
  /** Its variations' ids and keys, in config order (an override answers one of these keys). */
  readonly variations: ReadonlyArray<{ readonly id: number; readonly key: string }>
}

/** A remote-config parameter as an override sees it (`hooks.overrideRemoteConfig`). */
export interface RemoteConfigInfo {
  /** The parameter's id. */
  readonly id: number
  /** Its key, what `remoteConfig().get(key, default)` takes. */
  readonly key: string
  /** `STRING`, `NUMBER`, `BOOLEAN` or `JSON`. */
  readonly type: string
}

/** What every `DecisionInfo` has. */
interface DecisionBase {
  /** The decision reason (`TRAFFIC_ALLOCATED`, `DEFAULT_RULE`, `SDK_NOT_READY`, …). */
  readonly reason: string
  /** The user it was decided for; absent when resolving the user failed (reason `EXCEPTION`). */
  readonly user: EvaluationUser | undefined
}

/** One decision of the public API (`hooks.decided`), whatever its outcome. */
export type DecisionInfo =
  | (DecisionBase & {
      /** An A/B test's decision. */
      readonly kind: 'ab-test'
      /** The experiment's key. */
      readonly key: number
      /** The variation answered. */
      readonly variation: string
    })
  | (DecisionBase & {
      /** A feature flag's decision. */
      readonly kind: 'feature-flag'
      /** The flag's key. */
      readonly key: number
      /** Whether it was answered on. */
      readonly isOn: boolean
    })
  | (DecisionBase & {
      /** A remote-config parameter's decision. */
      readonly kind: 'remote-config'
      /** The parameter's key. */
      readonly key: string
      /** The value answered. */
      readonly value: unknown
    })

/**
 * The page the visitor is on, as page views, hackle properties and campaign attribution read it
 * (`kernel.pages.current()`). Until a plugin sets one, there is none and each plugin reads `location` itself.
 */
export interface PageSnapshot {
  /** The given page name, else the document title. */
  readonly pageName: string
  /** The page's properties (`setCurrentPage`'s), `{}` without any. */
  readonly properties: Properties
  /** `location.href`. */
  readonly url: string
  /** `location.pathname`. */
  readonly pagePath: string
  /** `location.host` (with the port). */
  readonly host: string
  /** `location.hostname` (without the port). */
  readonly hostname: string
  /** `document.referrer`. */
  readonly referrer: string
  /** `location.search`, with its `?`. */
  readonly queryParameter: string
  /** `https`, without the colon. */
  readonly protocol: string
}

/** A navigation the SDK is about to make (`hooks.prepareNavigation`). */
export interface Navigation {
  /** Where the SDK navigates to. */
  readonly url: string
  /** Delays the navigation until `work` settles, at most until the navigation's time limit. */
  waitFor(work: Promise<unknown>): void
}

/** A request the SDK makes to the Hackle servers (`hooks.sendRequest` sees it before it is sent). */
export interface HttpRequest {
  /** `GET` for the config, cohorts and user targets; `POST` for events and metrics. */
  method: 'GET' | 'POST'
  /** The absolute URL. */
  url: string
  /** Header name → value (the `X-HACKLE-SDK-*` headers, `Content-Type`, `If-Modified-Since`, `X-HACKLE-USER`). */
  headers?: Record<string, string>
  /** The JSON body of a POST. */
  body?: string
  /** Let the request outlive the page (`fetch` keepalive; bodies of at most 64 KiB in flight). */
  keepalive?: boolean
}

/** The answer to an `HttpRequest`, as a `hooks.sendRequest` tap gives it or the transport received it. */
export interface HttpResponse {
  /** The HTTP status code. */
  status: number
  /** The body as text (`''` when there is none). */
  body: string
  /** A response header by case-insensitive name, null when absent. */
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
  /** The page's `react` module (17 or later). */
  readonly react: object
  /** The page's `react-dom` module, of the same version as `react`. */
  readonly reactDom: object
  /** The page's `react-dom/client` module (React 18 and later; React 19 mounts only through it). */
  readonly reactDomClient?: object
}
