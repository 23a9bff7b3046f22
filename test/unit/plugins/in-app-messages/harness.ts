import { vi } from 'vitest'
import { createKernel, definePlugin, type SdkEvent } from '../../../../src/kernel'
import { getInAppMessageHooks, inAppMessages, type InAppDeliverInfo, type InAppEligibilityInfo, type InAppScheduleInfo, type InAppInspector } from '../../../../src/plugins/in-app-messages'
import type { Presentation } from '../../../../src/plugins/in-app-messages/model'
import * as engineModule from '../../../../src/plugins/in-app-messages/engine'
import { sessions } from '../../../../src/plugins/sessions'
import { identity } from '../../../../src/plugins/identity'

/** What a client of the harness saw: presentations, exposures, tracks, and the plugin's reports. */
export interface Seen {
  presentations: Presentation[]
  exposures: Extract<SdkEvent, { type: 'exposure' }>[]
  tracks: string[]
  evaluated: InAppEligibilityInfo[]
  scheduled: InAppScheduleInfo[]
  delivered: InAppDeliverInfo[]
  errors: string[]
  /** The plugin's `inspectMessages` request, as a DevTool makes it. */
  inspect?: () => Promise<InAppInspector | null | undefined> | void
}

export const presented: Presentation[] = []

/**
 * How the fake display hands over the engine code: at once (a thenable that answers synchronously, so tests read the
 * decisions right after each call), or like `import()` does, later (`loads` holds each pending load, for the test to answer: the code, or a failure).
 */
export const engineLoading: { mode: 'at once' | 'later'; loads: Array<(failure?: Error) => void> } = { mode: 'at once', loads: [] }

// The view side is another module: a fake display records what the decision side hands it.
vi.mock('../../../../src/plugins/in-app-messages/display', () => ({
  createDisplay: () => ({
    present: (p: Presentation) => void presented.push(p),
    setListener: () => {},
    displayedView: () => null,
    dispose: () => {},
    loadEngine: () =>
      engineLoading.mode === 'at once'
        ? { then: (loaded: (module: typeof engineModule) => void) => loaded(engineModule) }
        : new Promise((resolve, reject) => engineLoading.loads.push((failure) => (failure ? reject(failure) : resolve(engineModule)))),
  }),
}))

export const SDK_KEY = 'abcdefgh12345678'

const gate = definePlugin((until: Promise<void>) => ({ name: 'startup-gate', apply: (kernel) => kernel.waitFor(until) }))

/** `startupGate`: start-up (and so `initialized`) completes only once this promise settles. */
export function inAppClient(config: unknown, options: { user?: object; sessions?: boolean; startupGate?: Promise<void> } = {}) {
  presented.length = 0
  const seen: Seen = { presentations: presented, exposures: [], tracks: [], evaluated: [], scheduled: [], delivered: [], errors: [] }
  const recorder = definePlugin(() => ({
    name: 'recorder',
    apply(kernel) {
      kernel.hooks.eventAccepted.tap('recorder', (event) => {
        if (event.type === 'exposure') seen.exposures.push(event)
        if (event.type === 'track') seen.tracks.push(event.key)
      })
      const hooks = getInAppMessageHooks(kernel)
      hooks.evaluated.tap('recorder', (info) => void seen.evaluated.push(info))
      hooks.scheduled.tap('recorder', (info) => void seen.scheduled.push(info))
      hooks.delivered.tap('recorder', (info) => void seen.delivered.push(info))
      seen.inspect = () => hooks.inspectMessages.call()
    },
  }))
  const errorSpy = vi.spyOn(console, 'error').mockImplementation((...args) => void seen.errors.push(args.join(' ')))
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const client = createKernel(SDK_KEY, {
    workspaceConfig: config,
    user: options.user as never,
    plugins: [identity(), options.sessions ? sessions() : null, inAppMessages(), recorder(), options.startupGate ? gate(options.startupGate) : null],
  })
  return { client, seen, errorSpy }
}
