/** A fake Hackle app for web-view bridge tests: records every request and answers it like the app SDK would. */

export interface AppRequest {
  command: string
  parameters?: Record<string, unknown>
  browserProperties: Record<string, unknown>
}

/** What the app answers to a command: the raw response string (or null / undefined, as a broken app might). */
export type Responder = (request: AppRequest) => string | null | undefined

export interface FakeAppOptions {
  sdkKey: string
  invocationType?: 'prompt' | 'function' | string
  mode?: string
  webViewConfig?: string
  viewId?: string
  triggerEvent?: string
  respond?: Responder
}

/** A successful response with `data`. */
export const ok = (data?: unknown): string => JSON.stringify({ success: true, message: 'OK', data })

/** The answers a healthy app gives, by command. */
export function appAnswers(request: AppRequest): string {
  switch (request.command) {
    case 'getUser':
      return ok({ id: 'app-id', userId: 'app-member', deviceId: 'app-device', properties: { grade: 'gold' } })
    case 'getSessionId':
      return ok('app-session-1')
    case 'variation':
      return ok('B')
    case 'variationDetail':
      return ok({ variation: 'C', reason: 'TRAFFIC_ALLOCATED', config: { parameters: { color: 'red' } } })
    case 'isFeatureOn':
      return ok(true)
    case 'featureFlagDetail':
      return ok({ isOn: true, reason: 'DEFAULT_RULE', config: { parameters: { limit: 3 } } })
    case 'remoteConfig': {
      const type = request.parameters?.valueType
      return ok(type === 'number' ? '7' : type === 'boolean' ? 'yes' : 'from-app')
    }
    case 'isOptOutTracking':
      return ok(true)
    case 'getCurrentInAppMessageView':
      return ok({ id: 'view-9', inAppMessage: { key: 12 } })
    default:
      return ok()
  }
}

/** Installs `_hackleApp` (and `prompt` for the prompt type) on `win`; returns the requests the app receives. */
export function installFakeApp(win: Window, options: FakeAppOptions) {
  const requests: AppRequest[] = []
  const respond = options.respond ?? appAnswers
  const receive = (text: string | undefined | null) => {
    const request = (JSON.parse(String(text)) as { _hackle: AppRequest })._hackle
    requests.push(request)
    return respond(request)
  }
  const app: Record<string, unknown> = {
    getAppSdkKey: () => options.sdkKey,
    getInvocationType: () => options.invocationType ?? 'prompt',
  }
  if (options.mode !== undefined) app.getAppMode = () => options.mode
  if (options.webViewConfig !== undefined) app.getWebViewConfig = () => options.webViewConfig
  if (options.viewId !== undefined) app.getInAppMessageViewId = () => options.viewId
  if (options.triggerEvent !== undefined) app.getInAppMessageTriggerEvent = () => options.triggerEvent
  if ((options.invocationType ?? 'prompt') === 'function') app.invoke = receive
  else (win as unknown as { prompt: (text?: string) => unknown }).prompt = receive
  ;(win as unknown as { _hackleApp: unknown })._hackleApp = app
  return { app, requests, uninstall: () => delete (win as unknown as { _hackleApp?: unknown })._hackleApp }
}
