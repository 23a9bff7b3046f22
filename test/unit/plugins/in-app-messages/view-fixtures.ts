// Shared pieces of the in-app view tests: a kernel that records its track events, hand-made presentations and a
// stand-in renderer that speaks the hosted renderer's protocol.
import { vi } from 'vitest'
import { createKernel, definePlugin, type Kernel, type SdkEvent } from '../../../../src/kernel'
import { createDisplay, type InAppDisplayOptions } from '../../../../src/plugins/in-app-messages/display'
import type { MessageAction, MessageLayout, Presentation } from '../../../../src/plugins/in-app-messages/model'
import { workspaceConfig } from '../pages/workspace'

export const SDK_KEY = 'abcdefgh12345678'

export const action = (type: MessageAction['type'], value: string | null = null): MessageAction => ({ behavior: 'CLICK', type, value })

export function layout(overrides: Partial<MessageLayout> = {}): MessageLayout {
  return {
    variationKey: null,
    lang: 'en',
    layout: { displayType: 'MODAL', layoutType: 'IMAGE_TEXT', alignment: { vertical: 'MIDDLE', horizontal: 'CENTER' } },
    images: [{ orientation: 'VERTICAL', imagePath: 'https://cdn.example.com/promo.png', action: action('WEB_LINK', 'https://example.com/img') }],
    imageAutoScrollMillis: 3000,
    text: { title: { text: 'Sale', style: { textColor: '#000000' } }, body: { text: 'Everything 20% off', style: { textColor: '#333333' } } },
    closeButton: { style: { color: '#FFFFFF' }, action: action('CLOSE') },
    buttons: [
      { text: 'Hide 1 day', action: action('HIDDEN'), style: { textColor: '#000', bgColor: '#fff', borderColor: '#ccc' } },
      { text: 'Shop', action: action('LINK_NEW_TAB', 'https://shop.example.com/sale'), style: { textColor: '#fff', bgColor: '#00f', borderColor: '#00f' } },
    ],
    background: { color: '#FFFFFF' },
    action: null,
    outerButtons: [],
    innerButtons: [],
    html: null,
    ...overrides,
  }
}

export function presentation(overrides: Partial<Presentation> = {}): Presentation {
  return {
    dispatchId: 'dispatch-1',
    message: { id: 701, key: 71 },
    layout: layout(),
    user: {
      identifiers: { $sessionId: 'session-1', $id: 'visitor-1', $deviceId: 'device-1', $hackleDeviceId: 'hackle-device-1', $userId: 'user-1' },
      properties: { grade: 'gold' },
      hackleProperties: { osName: 'Windows', deviceType: 'pc' },
      cohorts: [],
      targetEvents: [],
    },
    reason: 'IN_APP_MESSAGE_TARGET',
    properties: { $trigger_event_insert_id: 'insert-1' },
    triggerEvent: { key: 'show_iam', properties: { coupon: 'SALE20', empty: null } },
    ...overrides,
  }
}

export type TrackRecord = { key: string; properties: Record<string, unknown>; identifiers: Record<string, unknown>; timestamp: number }

/** A client whose kernel is handed to the test; every accepted track event is recorded. */
export function setUp(options: InAppDisplayOptions = {}, clientOptions: Record<string, unknown> = {}) {
  const tracked: TrackRecord[] = []
  let kernel!: Kernel
  const probe = definePlugin(() => ({
    name: 'in-app-view-probe',
    apply(k: Kernel) {
      kernel = k
      k.hooks.eventAccepted.tap('in-app-view-probe', (event: SdkEvent) => {
        if (event.type === 'track') {
          tracked.push({ key: event.key, properties: { ...event.properties }, identifiers: { ...event.user.identifiers }, timestamp: event.timestamp })
        }
      })
    },
  }))
  const client = createKernel(SDK_KEY, { workspaceConfig: workspaceConfig([]), plugins: [probe()], ...clientOptions })
  const display = createDisplay(kernel, options)
  return { client, kernel, display, tracked, keys: () => tracked.map((event) => event.key) }
}

/** What the stand-in renderer saw and how it answers. */
export interface StandInRenderer {
  renders: Array<{ messageId: number; message: any; renderType: string; containerClass: string; containerDisplay: string }>
  destroyed: number
  starts: Array<{ type: string; id: string }>
  /** Answer lifecycle starts (default true). */
  answer: boolean
  /** Sends a `hackle-iam-interaction` event. */
  interact(detail: unknown): void
  uninstall(): void
}

/** Installs a renderer speaking the hosted renderer's protocol on `window.HackleInAppMessageRenderer`. */
export function installStandInRenderer(): StandInRenderer {
  const state: StandInRenderer = {
    renders: [],
    destroyed: 0,
    starts: [],
    answer: true,
    interact: (detail) => window.dispatchEvent(new CustomEvent('hackle-iam-interaction', { detail })),
    uninstall() {
      window.removeEventListener('hackle-iam-lifecycle-start', onStart)
      delete (window as any).HackleInAppMessageRenderer
    },
  }
  const onStart = (event: Event) => {
    const detail = (event as CustomEvent).detail
    state.starts.push(detail)
    if (state.answer) window.dispatchEvent(new CustomEvent('hackle-iam-lifecycle-end', { detail: { type: detail.type, id: detail.id } }))
  }
  window.addEventListener('hackle-iam-lifecycle-start', onStart)
  class HackleInAppMessageRenderer {
    constructor(readonly container: HTMLElement) {}
    async render(input: { messageId: number; message: unknown; renderType: string }) {
      state.renders.push({ ...input, containerClass: this.container.className, containerDisplay: this.container.style.display } as any)
      const text = document.createElement('p')
      text.textContent = 'rendered'
      this.container.appendChild(text)
    }
    destroy() {
      state.destroyed++
      this.container.replaceChildren()
    }
  }
  ;(window as any).HackleInAppMessageRenderer = { HackleInAppMessageRenderer }
  return state
}

/** Lets the lazy view chunk load and pending promises settle (fake timers: no time passes). */
export const settle = async () => {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0)
}

export const spyLogs = () => ({
  error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
})
export const logged = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => String(call[0]))
