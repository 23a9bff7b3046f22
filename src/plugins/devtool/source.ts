import type { Kernel, SdkEvent } from '../../kernel'
import type { EvaluationOptions } from '../../internal'
import { tools } from './tools'
import { changeOverrides, type UserExplorer } from './explorer'
import type { DecisionRow, EventRow, MessageRow, PanelData, PanelSource, RemoteConfigRow } from './panel/contract'

/** The events the first load keeps for the panel, newest last, and where it reports new ones. */
export interface EventFeed {
  readonly recent: ReadonlyArray<readonly [SdkEvent, boolean]>
  listen(listener: (() => void) | undefined): void
}

/** `undefined` when it is not a string, number or boolean (an override list may hold anything). */
const overrideValue = (value: unknown) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined)

/** Long texts cut for a one-line view. */
const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

let eventSeq = 0
const seqOf = new WeakMap<SdkEvent, number>()

function eventRow(event: SdkEvent, delivered: boolean): EventRow {
  let seq = seqOf.get(event)
  if (seq === undefined) seqOf.set(event, (seq = ++eventSeq))
  const common = { seq, type: event.type, timestamp: event.timestamp, delivered }
  if (event.type === 'exposure') {
    const root = event.rootType ? ` · via ${event.rootType.toLowerCase().replace(/_/g, ' ')} ${event.rootId}` : ''
    return { ...common, name: `${event.kind === 'feature-flag' ? 'flag' : 'A/B test'} ${event.experimentKey}`, detail: `${event.variationKey} · ${event.decisionReason}${root}` }
  }
  if (event.type === 'track') {
    const properties = Object.keys(event.properties).length ? clip(JSON.stringify(event.properties)) : ''
    return { ...common, name: event.key, detail: [event.value ? `value ${event.value}` : '', properties].filter(Boolean).join(' · ') }
  }
  return { ...common, name: `remote config ${event.parameterKey}`, detail: event.decisionReason }
}

/**
 * The panel's data side over a client: snapshots of the user, the decisions (through the user explorer: overrides
 * applied, no events), the remote-config parameters, the recent events, the in-app messages and the plugins; and the
 * override actions, written to the cookies the manual-overrides plugin reads. A snapshot is rebuilt only after the
 * client's answers changed (`client.subscribe`), an event arrived or the messages were loaded.
 */
export function createPanelSource(kernel: Kernel, explorer: UserExplorer, feed: EventFeed, close: () => void): PanelSource {
  const listeners = new Set<() => void>()
  const inApp = kernel.has('in-app-messages') ? tools.getInAppMessageHooks(kernel) : undefined
  let messages: MessageRow[] | null | undefined = inApp ? null : undefined
  let messagesError: string | undefined
  let snapshot: PanelData | undefined
  let unsubscribe: (() => void) | undefined
  const changed = () => {
    snapshot = undefined
    for (const listener of [...listeners]) listener()
  }
  const options: EvaluationOptions = { manualOverride: (experiment) => kernel.hooks.overrideVariation.call(experiment) }

  const loadMessages = () => {
    if (!inApp) return
    messages = null
    messagesError = undefined
    changed()
    Promise.resolve(inApp.inspectMessages.call()).then(
      (inspector) => {
        messages = inspector?.describe() ?? []
        if (inspector === null) messagesError = 'their code failed to load (see the console)'
        changed()
      },
      () => {
        messages = []
        changed()
      },
    )
  }

  function decisionRows(kind: 'ab' | 'ff'): DecisionRow[] {
    const overrides = kind === 'ab' ? explorer.getAbTestOverrides() : explorer.getFeatureFlagOverrides()
    const decisions = kind === 'ab' ? explorer.getAbTestDecisions() : explorer.getFeatureFlagDecisions()
    return decisions.map(([experiment, decision]) => {
      const overrideId = overrides.get(experiment.id)
      const variationKey = 'variation' in decision ? decision.variation : decision.isOn ? 'on' : 'off'
      // A flag's decision holds on/off only: its variation is the overriding one, or B for on and A for off.
      const flagVariation = experiment.variations.find((v) => v.id === overrideId)?.key ?? (variationKey === 'on' ? 'B' : 'A')
      return {
        kind,
        id: experiment.id,
        key: experiment.key,
        status: experiment.status,
        answer: variationKey,
        variationKey: kind === 'ab' ? variationKey : flagVariation,
        reason: decision.reason,
        variations: experiment.variations.map(({ id, key, isDropped }) => ({ id, key, dropped: isDropped })),
        overrideId,
      }
    })
  }

  function remoteConfigRows(): RemoteConfigRow[] {
    const ws = kernel.workspaces.current()
    if (!ws) return []
    const user = kernel.users.resolve()
    const overrides = new Map(tools.overrideEntries(kernel.storage.cookies.get(tools.manualOverrideKey(kernel.sdkKey, 'rc'))).reverse())
    return [...ws.remoteConfigParameters.values()].map((parameter): RemoteConfigRow => {
      const override = overrideValue(overrides.get(parameter.key))
      const forced = kernel.hooks.overrideRemoteConfig.call(parameter)
      const row = { key: parameter.key, type: parameter.type, override }
      if (forced !== undefined) return { ...row, value: forced, reason: 'OVERRIDDEN' }
      try {
        // Without the page's default (each call site has its own): any value type is accepted.
        const evaluation = tools.evaluateRemoteConfig(ws, parameter, user, null, options)
        return { ...row, value: evaluation.value, reason: evaluation.reason }
      } catch {
        return { ...row, value: null, reason: 'EXCEPTION' }
      }
    })
  }

  function build(): PanelData {
    const user = kernel.users.resolve()
    const sessions = kernel.client as { getSessionId?: () => string }
    const sessionId = kernel.has('sessions') ? sessions.getSessionId?.() : undefined
    return {
      sdkKey: kernel.sdkKey,
      ready: !!kernel.workspaces.current(),
      user: {
        identifiers: { ...user.identifiers },
        properties: { ...user.properties },
        hackleProperties: { ...user.hackleProperties },
        cohorts: [...(user.cohorts ?? [])],
        sessionId: sessionId && sessionId !== '0.ffffffff' ? sessionId : undefined,
      },
      experiments: decisionRows('ab'),
      flags: decisionRows('ff'),
      remoteConfigs: remoteConfigRows(),
      events: feed.recent.map(([event, delivered]) => eventRow(event, delivered)).reverse(),
      messages,
      messagesError,
      plugins: kernel.plugins(),
    }
  }

  // Public calls never throw into the page: a failing action is logged. After each, the next read is fresh.
  const guard =
    <A extends unknown[]>(what: string, run: (...args: A) => void) =>
    (...args: A) => {
      try {
        run(...args)
      } catch (error) {
        kernel.logger.error(`DevTool panel: ${what} failed: ${String(error)}`)
      }
      snapshot = undefined
    }

  return {
    read() {
      if (!snapshot) {
        try {
          snapshot = build()
        } catch (error) {
          kernel.logger.error(`DevTool panel: reading the client failed: ${String(error)}`)
          snapshot = { sdkKey: kernel.sdkKey, ready: false, user: { identifiers: {}, properties: {}, hackleProperties: {}, cohorts: [] }, experiments: [], flags: [], remoteConfigs: [], events: [], messages, plugins: [] }
        }
      }
      return snapshot
    },
    subscribe(listener) {
      if (!listeners.size) {
        unsubscribe = kernel.client.subscribe(changed)
        feed.listen(changed)
        loadMessages()
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size) return
        unsubscribe?.()
        feed.listen(undefined)
      }
    },
    setOverride: guard('setting an override', (kind, experimentId, variationId) =>
      kind === 'ab' ? explorer.setAbTestOverride({ id: experimentId }, variationId) : explorer.setFeatureFlagOverride({ id: experimentId }, variationId),
    ),
    resetOverride: guard('resetting an override', (kind, experimentId) =>
      kind === 'ab' ? explorer.resetAbTestOverride({ id: experimentId }) : explorer.resetFeatureFlagOverride({ id: experimentId }),
    ),
    resetAllOverrides: guard('resetting overrides', (kind) =>
      kind === 'ab' ? explorer.resetAllAbTestOverride() : kind === 'ff' ? explorer.resetAllFeatureFlagOverride() : changeOverrides(kernel, 'rc', 'reset.all', null),
    ),
    setRemoteConfigOverride: guard('setting a remote-config override', (key, value) => {
      if (typeof key !== 'string' || overrideValue(value) === undefined) return kernel.logger.warn('A remote-config override needs a parameter key and a string, number or boolean')
      changeOverrides(kernel, 'rc', 'set', (text) => tools.withOverride(text, key, value))
    }),
    resetRemoteConfigOverride: guard('resetting a remote-config override', (key) => changeOverrides(kernel, 'rc', 'reset', (text) => tools.withoutOverride(text, key))),
    refreshMessages: guard('loading the in-app messages', loadMessages),
    previewMessage: guard('previewing an in-app message', (key) =>
      Promise.resolve(inApp?.inspectMessages.call())
        .then((inspector) => inspector?.preview(key))
        .catch((error) => kernel.logger.error(`DevTool panel: previewing in-app message [${key}] failed: ${String(error)}`)),
    ),
    close,
  }
}
