// Every name a page can reach on the reference SDK must exist on hackle-kit: the npm entry's exports (ESM and
// CommonJS), the script tag's `window.Hackle`, and the methods of the client `createInstance` returns. A name the
// reference has and hackle-kit lacks fails here unless EXCLUDED lists it with the reason. Reads dist/ (after build).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { JSDOM } from 'jsdom'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const referenceLib = path.join(root, 'node_modules/@hackler/javascript-sdk/lib')

/**
 * The reference's names hackle-kit deliberately leaves out: its internal data model, which a page has no use for
 * (the README lists them). Nothing else may be missing.
 */
const EXCLUDED = new Set([
  // workspace and evaluation model classes (parsed from the config; hackle-kit has its own internal model)
  'Bucket', 'Cohort', 'Container', 'ContainerGroup', 'EventType', 'Experiment', 'Variation', 'Slot', 'Segment',
  'ParameterConfiguration', 'RemoteConfigParameter', 'RemoteConfigParameterValue', 'RemoteConfigTargetRule',
  'UserTargetEvent',
  // targeting model classes and their enum tables
  'Target', 'TargetAction', 'TargetCondition', 'TargetKey', 'TargetMatch', 'TargetRule', 'TargetingType',
  'MATCH_OPERATORS', 'MATCH_TYPES', 'MATCH_VALUE_TYPES', 'SEGMENT_TYPES', 'TARGET_ACTION_TYPES', 'TARGET_KEY_TYPES',
  'EXPERIMENT_IMPLEMENTATION_TYPE',
  // split-URL model
  'SplitUrlConfig', 'SplitUrlRedirectType', 'SplitUrlTargets',
  // version classes
  'Version', 'CoreVersion', 'MetaVersion',
  // in-app message model classes and their enum tables
  'Delay', 'InAppMessage', 'InAppMessageAction', 'InAppMessageAfterCondition', 'InAppMessageAlignment',
  'InAppMessageBackground', 'InAppMessageButton', 'InAppMessageButtonStyle', 'InAppMessageContext',
  'InAppMessageContextLayout', 'InAppMessageContextMessage', 'InAppMessageDurationCap', 'InAppMessageEvaluateContext',
  'InAppMessageEventFrequencyCap', 'InAppMessageEventTrigger', 'InAppMessageEventTriggerRule',
  'InAppMessageExperimentContext', 'InAppMessageHtmlFactory', 'InAppMessageHtmlPath', 'InAppMessageHtmlText',
  'InAppMessageIdentifierCap', 'InAppMessageImage', 'InAppMessageImageAutoScroll', 'InAppMessagePeriodAlways',
  'InAppMessagePeriodCustom', 'InAppMessagePositionalButton', 'InAppMessageTargetContext', 'InAppMessageText',
  'InAppMessageTextAttribute', 'InAppMessageTextStyle', 'InAppMessageTimetable', 'InAppMessageTimetableAll',
  'InAppMessageTimetableCustom', 'InAppMessageTimetableSlot', 'InAppMessageUserOverride', 'IAM_ACTION_AREA',
  'IAM_ACTION_TYPE', 'IAM_BEHAVIOR', 'IAM_DISPLAY_TYPE', 'IAM_HORIZONTAL_ALIGNMENT', 'IAM_HTML_RESOURCE_TYPE',
  'IAM_LAYOUT_TYPE', 'IAM_ORIENTATION', 'IAM_PLATFORM_TYPE', 'IAM_STATUS', 'IAM_TIMETABLE_TYPE', 'IAM_TIMEUNIT',
  'IAM_VERTICAL_ALIGNMENT',
  // the web view's lifecycle manager (an app SDK's internals)
  'WebViewLifecycleCompositeManager',
])

/** Client members of the reference that are its internals, not API (private in its own type declarations). */
const EXCLUDED_CLIENT_METHODS = new Set(['_convertEvent', 'initialize'])

/** Static members of the reference's classes that are its internals (the logger's counters and its raw write). */
const EXCLUDED_STATICS = new Set(['initCounter', '_log', 'increment'])

/** The names of the reference's ESM entry, from its export statement. */
function referenceEsmNames(): string[] {
  const source = readFileSync(path.join(referenceLib, 'index.browser.es.js'), 'utf8')
  const list = /export \{([^}]*)\};\s*(\/\/[^\n]*)?\s*$/.exec(source)?.[1] ?? ''
  return list.split(',').map((entry) => entry.trim().split(/\s+as\s+/).pop()!).filter(Boolean)
}

/** The names of the reference's CommonJS entry: its `exports.name =` and `defineProperty(exports, "name")`. */
function referenceCjsNames(): string[] {
  const source = readFileSync(path.join(referenceLib, 'index.browser.min.js'), 'utf8')
  const names = new Set([...source.matchAll(/exports\.([A-Za-z_$][\w$]*)\s*=/g)].map((m) => m[1]!))
  for (const m of source.matchAll(/defineProperty\(exports,"([^"]+)"/g)) names.add(m[1]!)
  names.delete('__esModule')
  return [...names]
}

const pages: JSDOM[] = []
afterAll(() => pages.forEach((dom) => dom.window.close()))

/** A page that loaded `file` with a script tag; its network never answers (nothing leaves the test). */
function pageWith(file: string): JSDOM {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'https://shop.example/', runScripts: 'outside-only' })
  const win = dom.window as unknown as Record<string, unknown>
  win.fetch = () => new Promise(() => {})
  win.XMLHttpRequest = class {
    open() {}
    send() {}
    setRequestHeader() {}
    abort() {}
  }
  ;(win.navigator as Record<string, unknown>).sendBeacon = () => true
  dom.window.eval(readFileSync(file, 'utf8'))
  pages.push(dom)
  return dom
}

const globalOf = (dom: JSDOM) => (dom.window as unknown as { Hackle?: Record<string, unknown> }).Hackle ?? {}

/** Every function-valued member of a client, own or inherited. */
function clientMethods(client: object): string[] {
  const names = new Set<string>()
  for (let o: object | null = client; o && Object.getPrototypeOf(o) !== null; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && typeof (client as Record<string, unknown>)[name] === 'function') names.add(name)
    }
  }
  return [...names]
}

const clientOf = (dom: JSDOM) =>
  (globalOf(dom).createInstance as (key: string, config: object) => object)('surface-test-key', { log_disabled: true })

/** Names of `reference` that `ours` lacks and the exclusions do not cover. */
const missing = (reference: Iterable<string>, ours: Iterable<string>, excluded: Set<string>) => {
  const have = new Set(ours)
  return [...new Set(reference)].filter((name) => !have.has(name) && !excluded.has(name)).sort()
}

describe('public surface against the reference', () => {
  const refEsm = referenceEsmNames()
  const refUmdPage = pageWith(path.join(referenceLib, 'index.browser.umd.min.js'))
  const ourPage = pageWith(path.join(root, 'dist/browser/hackle-kit.global.js'))

  it('reads the reference lists (ESM, CommonJS and UMD agree and are not empty)', () => {
    expect(refEsm.length).toBeGreaterThan(50)
    expect([...referenceCjsNames()].sort()).toEqual([...refEsm].sort())
    expect(Object.keys(globalOf(refUmdPage)).sort()).toEqual([...refEsm].sort())
  })

  it('the npm entry (ESM) has every name of the reference entry', async () => {
    const ours = await import(pathToFileURL(path.join(root, 'dist/index.js')).href)
    expect(missing(refEsm, Object.keys(ours), EXCLUDED)).toEqual([])
  })

  it('the npm entry (CommonJS) has every name of the reference entry', () => {
    const ours = createRequire(import.meta.url)(path.join(root, 'dist/index.cjs'))
    expect(missing(referenceCjsNames(), Object.keys(ours), EXCLUDED)).toEqual([])
  })

  it('window.Hackle of the script tag has every name of the reference global', () => {
    expect(missing(Object.keys(globalOf(refUmdPage)), Object.keys(globalOf(ourPage)), EXCLUDED)).toEqual([])
  })

  it('the default export has the reference default export’s names, on npm and on window.Hackle', async () => {
    const referenceDefault = Object.keys(globalOf(refUmdPage).default as object).sort()
    const ours = await import(pathToFileURL(path.join(root, 'dist/index.js')).href)
    expect(Object.keys(ours.default).sort()).toEqual(referenceDefault)
    expect(Object.keys(globalOf(ourPage).default as object).sort()).toEqual(referenceDefault)
  })

  it('the classes and tables of window.Hackle have every member of the reference ones (factories, enum tables)', () => {
    const reference = globalOf(refUmdPage)
    const ours = globalOf(ourPage)
    const statics = (value: unknown) =>
      (typeof value === 'function' || (typeof value === 'object' && value !== null)
        ? Object.getOwnPropertyNames(value).filter((name) => !['length', 'name', 'prototype'].includes(name))
        : [])
    const gaps = Object.keys(reference)
      .filter((name) => !EXCLUDED.has(name))
      .flatMap((name) => missing(statics(reference[name]), statics(ours[name]), EXCLUDED_STATICS).map((member) => `${name}.${member}`))
    expect(gaps).toEqual([])
  })

  it('the client of createInstance has every method of the reference client', () => {
    expect(missing(clientMethods(clientOf(refUmdPage)), clientMethods(clientOf(ourPage)), EXCLUDED_CLIENT_METHODS)).toEqual([])
  })

  it('the exclusions name only what the reference has and hackle-kit lacks (the list only shrinks)', async () => {
    const ours = new Set(Object.keys(await import(pathToFileURL(path.join(root, 'dist/index.js')).href)))
    const stale = [...EXCLUDED].filter((name) => !refEsm.includes(name) || ours.has(name))
    expect(stale).toEqual([])
  })
})
