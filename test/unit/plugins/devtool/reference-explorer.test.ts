/**
 * Side by side with the reference: the same explorer calls on the reference's client (in a jsdom page) and on the
 * kernel with the devtool plugin must give the same decision lists, the same override maps and the same cookie text;
 * each SDK, reloaded with the cookies the other wrote, decides the overridden variations with reason OVERRIDDEN; and
 * showUserExplorer / hideUserExplorer log the same messages at the same levels.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel, definePlugin } from '../../../../src/kernel'
import { manualOverrides } from '../../../../src/plugins/manual-overrides'
import { devtool, type UserExplorer } from '../../../../src/plugins/devtool'
import { CDN_URL, EVENT_URL, MONITORING_URL, SDK_URL, openPage, PAGES, SDK_KEY, type Page } from '../../../conformance/page'
import workspace from '../../../fixtures/example-workspace.json'

const SERVER_URLS = { sdkUrl: SDK_URL, eventUrl: EVENT_URL, monitoringUrl: MONITORING_URL, cdnUrl: CDN_URL }
const REFERENCE_BUNDLE = resolve(process.cwd(), 'node_modules/@hackler/javascript-sdk/lib/index.browser.umd.min.js')
const NAMES = [`hackle-manual-override_ab_${SDK_KEY.slice(0, 8)}`, `hackle-manual-override_ff_${SDK_KEY.slice(0, 8)}`]
type Client = Record<string, (...args: any[]) => any>
type Explorer = Record<keyof UserExplorer, (...args: any[]) => any>

const cookieIn = (doc: Document, name: string) => {
  const found = doc.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`))
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1))
}
const clearKitCookies = () => {
  for (const name of NAMES) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}

let pages: Page[] = []
afterEach(() => {
  sameUser = undefined
  for (const page of pages) page.close()
  pages = []
  clearKitCookies()
})

/** The reference in a fresh page with these cookies (name → decoded text), ready, with its explorer when it opens. */
async function reference(cookies: Record<string, string> = {}, given?: { devTool: unknown }) {
  const encoded = Object.fromEntries(Object.entries(cookies).map(([name, value]) => [name, encodeURIComponent(value)]))
  const page = openPage(PAGES[0], JSON.stringify(workspace), { cookies: encoded })
  pages.push(page)
  page.evaluate(readFileSync(REFERENCE_BUNDLE, 'utf8'))
  const opened: Explorer[] = []
  const tool = given ? given.devTool : { userExplorer: (explorer: Explorer) => void opened.push(explorer), close: () => {} }
  const Hackle = (page.window as unknown as { Hackle: { createInstance(key: string, config?: object): Client } }).Hackle
  const client = Hackle.createInstance(SDK_KEY, { ...SERVER_URLS, devTool: tool })
  await new Promise<void>((done) => client.onReady(() => done(), 5000))
  return { client, page, opened }
}

/** The reference's user for its page (device id, browser properties), so that both SDKs decide for the same user. */
let sameUser: { identifiers: Record<string, string>; hackleProperties: Record<string, unknown> } | undefined
const asReferenceUser = definePlugin(() => ({
  name: 'as-reference-user',
  apply: ({ hooks }) =>
    hooks.resolveUser.tap('as-reference-user', (user) => {
      if (!sameUser) return
      user.identifiers = { ...sameUser.identifiers }
      user.hackleProperties = { ...sameUser.hackleProperties }
    }),
}))

function kit(cookies: Record<string, string> = {}, given?: { devTool: unknown }) {
  clearKitCookies()
  for (const [name, value] of Object.entries(cookies)) document.cookie = `${name}=${encodeURIComponent(value)}; path=/`
  const opened: Explorer[] = []
  const tool = given ? given.devTool : { userExplorer: (explorer: Explorer) => void opened.push(explorer), close: () => {} }
  const client = createKernel(SDK_KEY, { workspaceConfig: workspace, plugins: [asReferenceUser(), manualOverrides(), devtool({ devTool: tool as never, panel: false })] }) as unknown as Client
  return { client, opened }
}

/** The explorer's answers in comparable form: what a DevTool reads of experiments and decisions. */
function snapshot(explorer: Explorer) {
  const experiment = (e: any) => ({
    id: e.id, key: e.key, type: e.type, identifierType: e.identifierType, status: e.status, version: e.version,
    executionVersion: e.executionVersion, containerId: e.containerId, winnerVariationId: e.winnerVariationId,
    variations: e.variations.map((v: any) => ({ id: v.id, key: v.key, isDropped: v.isDropped, parameters: v.parameters })),
  })
  const decision = (d: any) => ({ variation: d.variation, isOn: d.isOn, reason: d.reason, parameters: d.parameters, experimentId: d.experiment?.id })
  return {
    ab: [...explorer.getAbTestDecisions()].map(([e, d]: any) => [experiment(e), decision(d)]),
    ff: [...explorer.getFeatureFlagDecisions()].map(([e, d]: any) => [experiment(e), decision(d)]),
    abOverrides: [...explorer.getAbTestOverrides()],
    ffOverrides: [...explorer.getFeatureFlagOverrides()],
  }
}

/** The same DevTool session on either explorer; a snapshot and the cookie text after each step. */
function session(explorer: Explorer, cookies: () => Array<string | undefined>) {
  const steps: unknown[] = []
  const step = (label: string) => steps.push({ label, ...snapshot(explorer), cookies: cookies() })
  const [[abTest]] = [...explorer.getAbTestDecisions()] as any
  const [[flag]] = [...explorer.getFeatureFlagDecisions()] as any
  step('start')
  explorer.setAbTestOverride(abTest, 102)
  explorer.setFeatureFlagOverride(flag, 202)
  step('set')
  explorer.setAbTestOverride({ id: 500 }, 7)
  explorer.setAbTestOverride(abTest, 101)
  step('moved')
  explorer.resetAbTestOverride({ id: 500 })
  explorer.setAbTestOverride(abTest, 102)
  step('reset one')
  for (let id = 1000; id < 1300; id++) explorer.setFeatureFlagOverride({ id }, id * 7)
  step('over capacity')
  explorer.resetAllFeatureFlagOverride()
  step('reset all')
  explorer.setFeatureFlagOverride(flag, 202)
  step('final')
  return steps
}

describe('the explorer, side by side with the reference', () => {
  it('gives the same decisions, override maps and cookie text after the same calls', async () => {
    const ref = await reference()
    ref.client.showUserExplorer()
    const user = ref.opened[0]!.currentUser()
    sameUser = { identifiers: user.identifiers, hackleProperties: user.hackleProperties }
    const referenceSteps = session(ref.opened[0]!, () => NAMES.map((name) => cookieIn(ref.page.window.document as unknown as Document, name)))

    const ours = kit()
    ours.client.showUserExplorer()
    await vi.waitFor(() => expect(ours.opened).toHaveLength(1))
    const kitSteps = session(ours.opened[0]!, () => NAMES.map((name) => cookieIn(document, name)))
    ours.client.close()

    expect(referenceSteps).toHaveLength(7)
    // the session did something: overrides decided, the capacity rule dropped entries
    expect(JSON.stringify(referenceSteps[1])).toContain('OVERRIDDEN')
    expect((referenceSteps[4] as { cookies: string[] }).cookies[1]!.length).toBeGreaterThan(4000)
    for (let i = 0; i < referenceSteps.length; i++) expect(kitSteps[i]).toEqual(referenceSteps[i])
    // the current user has the reference's fields (values differ: no properties plugin on this side)
    const fields = (user: object) => Object.keys(user).sort()
    expect(fields(ours.opened[0]!.currentUser())).toEqual(fields(ref.opened[0]!.currentUser()))
    expect(fields(ref.opened[0]!.currentUser())).toEqual(['cohorts', 'hackleProperties', 'identifiers', 'properties', 'targetEvents'])
  })

  it('each SDK reloaded with the cookies the other wrote decides OVERRIDDEN', async () => {
    const ref = await reference()
    ref.client.showUserExplorer()
    const refExplorer = ref.opened[0]!
    refExplorer.setAbTestOverride({ id: 11 }, 102)
    refExplorer.setFeatureFlagOverride({ id: 21 }, 202)
    const referenceCookies = Object.fromEntries(NAMES.map((name) => [name, cookieIn(ref.page.window.document as unknown as Document, name)!]))

    const ours = kit()
    ours.client.showUserExplorer()
    await vi.waitFor(() => expect(ours.opened).toHaveLength(1))
    ours.opened[0]!.setAbTestOverride({ id: 11 }, 102)
    ours.opened[0]!.setFeatureFlagOverride({ id: 21 }, 202)
    const kitCookies = Object.fromEntries(NAMES.map((name) => [name, cookieIn(document, name)!]))
    ours.client.close()
    expect(kitCookies).toEqual(referenceCookies)

    const reloadedKit = kit(referenceCookies)
    const reloadedRef = await reference(kitCookies)
    const answers = (client: Client) => {
      const ab = client.variationDetail(1)
      const ff = client.featureFlagDetail(5)
      return { ab: [ab.variation, ab.reason], ff: [ff.isOn, ff.reason] }
    }
    const kitAnswers = answers(reloadedKit.client)
    expect(kitAnswers.ab).toEqual(['B', 'OVERRIDDEN'])
    expect(kitAnswers.ff[0]).toBe(true)
    expect(kitAnswers).toEqual(answers(reloadedRef.client))
    reloadedKit.client.close()
  })

  it('showUserExplorer / hideUserExplorer log what the reference logs without a usable DevTool', async () => {
    /** The lines naming the explorer, as `level: message` (the reference prints `%c[LEVEL] Hackle: message` with console.log). */
    const lines = (console: Console, run: () => void) => {
      const seen: string[] = []
      const spies = (['debug', 'info', 'warn', 'error', 'log'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
          const text = String(args[0])
          const tagged = /^%c\[(\w+)\] Hackle: (.*)$/.exec(text)
          seen.push(tagged ? `${tagged[1]!.toLowerCase()}: ${tagged[2]}` : `${level}: ${text.replace(/^\[[^\]]*\]\s*(Hackle:\s*)?/, '')}`)
        }),
      )
      run()
      for (const spy of spies) spy.mockRestore()
      return seen.filter((line) => /UserExplorer|HackleDevtools/.test(line))
    }
    for (const devTool of [undefined, {}, { userExplorer: 'no' }]) {
      const ref = await reference({}, { devTool })
      // The page's console is the page's own: record its log calls from inside the page.
      ref.page.evaluate('window.__lines = []; console.log = function () { window.__lines.push(Array.prototype.slice.call(arguments)) }')
      ref.client.showUserExplorer()
      ref.client.hideUserExplorer()
      const referenceLines = lines(console, () => {
        for (const args of ref.page.evaluate('window.__lines') as unknown[][]) console.log(...args)
      })
      const ours = kit({}, { devTool })
      const kitLines = lines(console, () => {
        ours.client.showUserExplorer()
        ours.client.hideUserExplorer()
      })
      ours.client.close()
      expect(referenceLines).toEqual(['error: UserExplorer is not provided', 'warn: There is no active HackleDevtools.'])
      expect(kitLines).toEqual(referenceLines)
    }
  })
})
