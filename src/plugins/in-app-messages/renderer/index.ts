/**
 * The in-app message renderer module (lazy: loaded only when a message is shown). Contract, the same as the
 * service's hosted renderer script:
 * - `new HackleInAppMessageRenderer(container)`, then `await render({ messageId, message, renderType })` draws the
 *   message (the config's message JSON) into `container`; `destroy()` removes everything it added.
 * - It answers the SDK's window `hackle-iam-lifecycle-start` events with `hackle-iam-lifecycle-end` (same `type`
 *   and `id`) once the message is open / closed, and reports clicks and image impressions as window
 *   `hackle-iam-interaction` events.
 * - `installRenderer(win)` puts `{ HackleInAppMessageRenderer }` on `win.HackleInAppMessageRenderer` unless a
 *   renderer is already there.
 *
 * Placeholder until the React renderer lands: it renders nothing and says so.
 */
export interface RenderInput {
  messageId: number
  message: unknown
  renderType: 'mobile' | 'pc'
}

export class HackleInAppMessageRenderer {
  constructor(readonly container: HTMLElement) {}
  render(_input: RenderInput): Promise<void> {
    return Promise.reject(new Error('the hackle-kit in-app renderer is not built yet'))
  }
  destroy(): void {}
}

export function installRenderer(win: Window & { HackleInAppMessageRenderer?: unknown } = window): void {
  win.HackleInAppMessageRenderer ??= { HackleInAppMessageRenderer }
}
