import { definePlugin, prepareNavigation, Stage, type Kernel, type PluginDefinition } from '../../kernel'
import { evaluateTargetMatch, splitUrlTargets } from '../../internal'
import { CAMPAIGN_KEYS, parseCampaign } from '../campaign'
import { getStartupHooks } from '../startup'

const NAME = 'split-url'
/** Set for 3 s before a redirect: the landing page evaluates nothing (no loop). */
export const SPLIT_URL_REDIRECTED_COOKIE = 'hackle-split-url-redirected'
const COOKIE_DAYS = 3 / 86_400
const DEFAULT_NAVIGATION_TIMEOUT = 1000
const DEFAULT_ANTI_FLICKER_TIMEOUT = 2000

/** `splitUrl(options)` (the preset's `splitUrl` option): when split-URL experiments decide and redirect, and anti-flicker. */
export interface SplitUrlOptions {
  /**
   * With a workspace at hand when the client is created (cached or `workspaceConfig`), decide and redirect at once,
   * in the script's own task, before the page paints (default true). Otherwise, as the reference: on page start.
   */
  decideAtStart?: boolean
  /**
   * Hide the page (`visibility: hidden` on `<html>`, set through the CSSOM, so allowed under a strict `style-src`)
   * until the first workspace is loaded and checked, at most `timeoutMillis` (default 2000): a first visit without a
   * cached config then shows no flash of the original page before a redirect. Off by default.
   */
  antiFlicker?:
    | boolean
    | {
        /** The longest the page stays hidden (ms, default 2000). */
        timeoutMillis?: number
      }
  /** How long the flush before leaving may delay the redirect (default 1000 ms). */
  navigationTimeoutMillis?: number
}

/** The redirect URL of a decided variation's `redirectUrl` parameter, or undefined when there is none to follow. */
export function redirectUrlOf(parameter: unknown, pageQuery: unknown): string | undefined {
  try {
    const config = JSON.parse(String(parameter)) as { needRedirect?: unknown; properties?: { type?: unknown; value?: unknown } } | null
    if (!config || config.needRedirect !== true) return undefined
    const { type, value } = config.properties ?? {}
    if (type !== 'MANUAL' || !value) return undefined
    // Throws (no redirect) for anything but an absolute URL.
    const url = new URL(value as string)
    if (pageQuery) {
      const campaign = parseCampaign(pageQuery as string)
      for (const key of CAMPAIGN_KEYS) {
        const item = campaign[key]
        if (item) url.searchParams.set(key, item)
      }
    }
    return url.href
  } catch {
    return undefined
  }
}

/**
 * Split-URL tests. On every page start (`hooks.pageChanged`, after the page view), unless the
 * `hackle-split-url-redirected` cookie says this page is the landing page of a redirect (the cookie is then
 * removed), the first split-URL experiment in config order whose URL targets match the current user (an exclude
 * target matching skips it; the include list must be non-empty and match) is decided with default variation `A`
 * (exposure event as any decision). The queue is then flushed, and when the variation's `redirectUrl` parameter is
 * `{ needRedirect: true, properties: { type: "MANUAL", value: <absolute URL> } }`, the page's campaign parameters
 * are set on that URL, the cookie is set for 3 s, `hackle-initialize-done` is suppressed, and after
 * `prepareNavigation` (flush, taps' work, at most `navigationTimeoutMillis`) the page goes there with
 * `location.replace`. A URL that cannot be parsed means no redirect.
 *
 * Page starts come from the pages plugin (or any plugin that sets `kernel.pages`); without one, only the decision
 * at start (below) runs.
 *
 * Beyond the reference: `decideAtStart` (a config at hand decides at once, before the first paint) and
 * `antiFlicker` (hide the page until the first config is checked).
 */
export const splitUrl = definePlugin(
  (options: SplitUrlOptions = {}): PluginDefinition => ({
    name: NAME,
    apply(kernel) {
      const { hooks } = kernel
      const cookies = kernel.storage.cookies
      let redirected = false
      let closed = false
      let checkedUrl: string | undefined

      const alreadyRedirected = () => {
        try {
          const value = cookies.get(SPLIT_URL_REDIRECTED_COOKIE)
          return value != null && !!JSON.parse(value)
        } catch {
          return false
        }
      }

      /** The page check; `url` is the page it is for. */
      const check = (url: string) => {
        if (redirected || closed) return
        if (checkedUrl === url) {
          checkedUrl = undefined
          return
        }
        if (alreadyRedirected()) return cookies.remove(SPLIT_URL_REDIRECTED_COOKIE)
        const workspace = kernel.workspaces.current()
        if (!workspace) return
        const user = kernel.users.resolve()
        for (const experiment of workspace.experiments.values()) {
          if (experiment.implementationType !== 'SPLIT_URL') continue
          const targets = splitUrlTargets(experiment)
          if (!targets) continue
          if (targets.notMatch.length && evaluateTargetMatch(workspace, targets.notMatch, user)) continue
          if (!targets.match.length || !evaluateTargetMatch(workspace, targets.match, user)) continue
          const decision = kernel.client.variationDetail(experiment.key, undefined, 'A')
          hooks.flush.call('redirect')
          const target = redirectUrlOf(decision.get('redirectUrl', ''), user.hackleProperties.queryParameter)
          if (target) redirect(target)
          return
        }
      }

      const redirect = (target: string) => {
        redirected = true
        // Nothing of the page that leaves is painted while the variation loads (at most 2000 ms).
        hide()
        cookies.set(SPLIT_URL_REDIRECTED_COOKIE, 'true', COOKIE_DAYS)
        void prepareNavigation(kernel, target, options.navigationTimeoutMillis ?? DEFAULT_NAVIGATION_TIMEOUT).then(() => {
          if (!closed) location.replace(target)
        })
      }

      getStartupHooks(kernel as Kernel).announce.tap(NAME, () => (redirected ? false : undefined))
      hooks.pageChanged.tap({ name: NAME, stage: Stage.LATE }, (page) => check(page.url))

      // Beyond the reference: decide before the first paint when a config is at hand, or when the page asked to
      // be hidden until the first config arrives.
      const antiFlicker = options.antiFlicker
      const early = options.decideAtStart !== false && (kernel.workspaces.current() !== undefined || !!antiFlicker)
      let reveal = () => undefined as void
      if (antiFlicker && typeof document !== 'undefined' && !kernel.workspaces.current()) reveal = hide(typeof antiFlicker === 'object' ? antiFlicker.timeoutMillis : undefined)
      if (early && typeof location !== 'undefined') {
        let first = true
        const decideNow = () => {
          if (!first || !kernel.workspaces.current()) return
          first = false
          const url = location.href
          check(url)
          // The page start that follows for this URL was decided here (the time limit reveals the page if this threw).
          if (!redirected) (checkedUrl = url), reveal()
        }
        // Once every plugin has applied (the events plugin delivers the exposure), still inside createInstance; else
        // when the first workspace arrives.
        hooks.applied.tap(NAME, () => {
          decideNow()
          hooks.workspaceLoaded.tap(NAME, decideNow)
        })
      }
      return () => {
        closed = true
        reveal()
      }
    },
  }),
)

/** Hides `<html>` until the returned function runs, at most `timeoutMillis`. */
function hide(timeoutMillis = DEFAULT_ANTI_FLICKER_TIMEOUT): () => void {
  const style = document.documentElement.style
  style.setProperty('visibility', 'hidden', 'important')
  const show = () => {
    clearTimeout(timer)
    style.removeProperty('visibility')
  }
  const timer = setTimeout(show, timeoutMillis)
  return show
}
