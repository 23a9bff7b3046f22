/**
 * A uniform driver over both SDKs: load a script-tag bundle into a fresh page, `createInstance`, wait for
 * initialization, answer the queries through the public API, isolated per user.
 */
import { readFileSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CDN_URL, EVENT_URL, MONITORING_URL, SDK_KEY, SDK_URL, openPage, type Page, type PageEnv } from './page'
import type { Answer, Query, TestUser } from './model'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** How remote-config reasons are read: the reference's `decide`, or hackle-kit's `getDetail`. */
export type DriverApi = 'reference' | 'kit'

export interface Side {
  label: string
  bundlePath: string
  bundle: string
  api: DriverApi
  /** Serve the repaired config instead of the raw one (a non-tolerant SDK standing in for hackle-kit). */
  repaired: boolean
  /** A deliberately broken side, to prove the suite detects differences (`CONFORMANCE_BREAK`). */
  breakage?: string
}

/** The fake servers' base URLs, passed to every `createInstance`: nothing may leave the process. */
export const SERVER_URLS = { sdkUrl: SDK_URL, eventUrl: EVENT_URL, monitoringUrl: MONITORING_URL, cdnUrl: CDN_URL }

export const KIT_BUNDLE_DEFAULT = resolve(ROOT, 'dist/browser/hackle-kit.global.js')

export function referenceBundlePath(): string {
  return resolve(ROOT, 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')
}

export function referenceSide(): Side {
  const bundlePath = referenceBundlePath()
  return { label: 'reference 11.56.1', bundlePath, bundle: readFileSync(bundlePath, 'utf8'), api: 'reference', repaired: true }
}

/**
 * The side under test. `CONFORMANCE_KIT_BUNDLE` replaces the bundle (e.g. the reference UMD, to validate the
 * suite); `CONFORMANCE_KIT_API=reference|kit` chooses the driver (default: reference when the bundle is the
 * reference's); `CONFORMANCE_BREAK=<kind>` breaks its answers on purpose.
 */
export function kitSide(env: NodeJS.ProcessEnv = process.env): Side | { missing: string } {
  const bundlePath = env.CONFORMANCE_KIT_BUNDLE ? resolve(env.CONFORMANCE_KIT_BUNDLE) : KIT_BUNDLE_DEFAULT
  if (!existsSync(bundlePath)) return { missing: bundlePath }
  const isReference = resolve(bundlePath) === referenceBundlePath() || /index\.browser\.umd(\.min)?\.js$/.test(bundlePath)
  const api: DriverApi = env.CONFORMANCE_KIT_API === 'kit' || env.CONFORMANCE_KIT_API === 'reference' ? env.CONFORMANCE_KIT_API : isReference ? 'reference' : 'kit'
  return {
    label: isReference ? 'reference as hackle-kit' : 'hackle-kit',
    bundlePath,
    bundle: readFileSync(bundlePath, 'utf8'),
    api,
    // The reference is not tolerant: standing in for hackle-kit it must get the repaired config too.
    repaired: api === 'reference',
    breakage: env.CONFORMANCE_BREAK || undefined,
  }
}

// The client surface the drivers use (same names in both SDKs).
interface ClientLike {
  variationDetail(key: unknown, user?: unknown, defaultVariation?: unknown): { variation: string; reason: string; parameters: unknown }
  featureFlagDetail(key: unknown, user?: unknown): { isOn: boolean; reason: string; parameters: unknown }
  remoteConfig(user?: unknown): {
    get(key: unknown, defaultValue: unknown): unknown
    decide?(key: unknown, defaultValue: unknown): { value: unknown; reason: string }
    getDetail?(key: unknown, defaultValue: unknown): { value: unknown; reason: string }
  }
  resetUser(): Promise<void>
  onInitialized(options?: { timeout?: number }): Promise<{ success: boolean }>
  close?(): void
}

export interface RunResult {
  answers: Answer[]
  /** Setup problems (bundle failed, no `Hackle` global, initialization failed, unexpected requests). */
  problems: string[]
  ms: number
}

/** Copies a page-realm value into a plain JSON-like value of this realm (parameters, remote-config values). */
function plain(value: unknown): unknown {
  if (value === undefined) return undefined
  try {
    return JSON.parse(JSON.stringify(value)) as unknown
  } catch {
    return `<unserializable ${String(value)}>`
  }
}

function describe(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
    ? `${(error as Error).name}: ${(error as Error).message}`
    : String(error)
}

/**
 * Runs `queries` on one page with one SDK. Users are created in the page (like a page script would) and the
 * SDK's current user is reset before each user's first query, so an answer depends on that user only.
 */
export async function runSide(side: Side, page: PageEnv, configText: string, users: TestUser[], queries: Query[]): Promise<RunResult> {
  const started = performance.now()
  const problems: string[] = []
  let opened: Page | undefined
  let client: ClientLike | undefined
  try {
    opened = openPage(page, configText)
    opened.evaluate(side.bundle)
    const hackle = (opened.window as unknown as { Hackle?: { createInstance?: (key: string, config: unknown) => ClientLike } }).Hackle
    if (!hackle || typeof hackle.createInstance !== 'function') {
      const found = hackle && typeof hackle === 'object' ? `{${Object.keys(hackle).join(', ')}}` : String(hackle)
      throw new Error(`the bundle (run as a classic <script>) did not define window.Hackle.createInstance; window.Hackle is ${found}`)
    }
    client = hackle.createInstance(SDK_KEY, { enableMonitoring: false, ...SERVER_URLS })
    const init = await client.onInitialized({ timeout: 5000 })
    if (!init || init.success !== true) problems.push(`onInitialized answered ${JSON.stringify(init)}`)
    const pageJson = (opened.window as unknown as { JSON: JSON }).JSON
    const answers: Answer[] = []
    let currentUser = -1
    let userObject: unknown
    for (const query of queries) {
      if (query.user !== currentUser) {
        currentUser = query.user
        await client.resetUser()
        const user = users[query.user]
        // objects are created by the page itself, like a page script would; null = no user argument
        userObject = user === null ? undefined : typeof user === 'object' ? pageJson.parse(JSON.stringify(user)) : user
      }
      answers.push(ask(side, client, query, userObject))
    }
    for (const request of opened.requests) if (request.status === 404) problems.push(`unexpected request ${request.method} ${request.url}`)
    return { answers: side.breakage ? breakAnswers(side.breakage, queries, answers) : answers, problems, ms: performance.now() - started }
  } catch (error) {
    problems.push(`driver failed: ${describe(error)}`)
    return { answers: queries.map(() => ({ thrown: 'driver failed' })), problems, ms: performance.now() - started }
  } finally {
    try {
      client?.close?.()
    } catch {
      // closing is not under test here
    }
    opened?.close()
  }
}

function ask(side: Side, client: ClientLike, query: Query, user: unknown): Answer {
  try {
    switch (query.kind) {
      case 'experiment': {
        const decision =
          query.defaultVariation === undefined
            ? client.variationDetail(query.key, user)
            : client.variationDetail(query.key, user, query.defaultVariation)
        return { variation: decision.variation, reason: decision.reason, parameters: plain(decision.parameters) }
      }
      case 'featureFlag': {
        const decision = client.featureFlagDetail(query.key, user)
        return { isOn: decision.isOn, reason: decision.reason, parameters: plain(decision.parameters) }
      }
      case 'remoteConfig': {
        const remoteConfig = client.remoteConfig(user)
        let detail: { value: unknown; reason: string }
        if (side.api === 'reference') {
          // The reference's `get` returns only the value; `decide` is what `get` calls, minus its try/catch.
          try {
            detail = remoteConfig.decide!(query.key, query.defaultValue)
          } catch {
            detail = { value: query.defaultValue, reason: 'EXCEPTION' }
          }
        } else {
          detail = remoteConfig.getDetail!(query.key, query.defaultValue)
        }
        return { value: plain(detail.value), reason: detail.reason }
      }
    }
  } catch (error) {
    return { thrown: describe(error) }
  }
}

/** `CONFORMANCE_BREAK`: `reason` renames one reason, `default` answers every query with its default. */
function breakAnswers(kind: string, queries: Query[], answers: Answer[]): Answer[] {
  return answers.map((answer, i) => {
    const query = queries[i]
    if (kind === 'default') {
      if (query.kind === 'experiment') return { variation: query.defaultVariation || 'A', reason: 'EXCEPTION', parameters: {} }
      if (query.kind === 'featureFlag') return { isOn: false, reason: 'EXCEPTION', parameters: {} }
      return { value: query.defaultValue, reason: 'EXCEPTION' }
    }
    if (answer.reason === 'DEFAULT_RULE') return { ...answer, reason: 'TARGET_RULE_MATCH' }
    if (answer.reason === 'TRAFFIC_NOT_ALLOCATED') return { ...answer, reason: 'NOT_IN_EXPERIMENT_TARGET' }
    return answer
  })
}
