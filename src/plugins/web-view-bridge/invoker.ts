import type { PageSnapshot } from '../../kernel'
import { browserPropertiesOf, collectHacklePropertiesWith, currentUserAgentInfo, pagePropertiesFrom } from '../properties'
import type { AppWindow, HackleApp } from './host-app'

/**
 * Sends one command to the host app and returns the response's `data` (null when it has none). Throws, for the
 * caller to log, when the app cannot be reached or its response is not a successful one.
 */
export type Invoke = (command: string, parameters?: Record<string, unknown>, page?: PageSnapshot) => unknown

interface InvocationResponse {
  success: boolean
  message: string
  data?: unknown
}

const isResponse = (value: unknown): value is InvocationResponse =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as InvocationResponse).success === 'boolean' &&
  typeof (value as InvocationResponse).message === 'string'

/**
 * The browser part of the hackle properties, for `page` (default: the window's current location and title). The
 * browser's name and version are empty until the user agent is read (the bridge plugin loads the parser when the
 * user agent is not a common one).
 */
function browserProperties(win: Window, page?: PageSnapshot) {
  return browserPropertiesOf(collectHacklePropertiesWith(currentUserAgentInfo, win, page && pagePropertiesFrom(page)))
}

/**
 * The request string: `{"_hackle": {"command", "parameters", "browserProperties"}}`, members that are undefined
 * left out (JSON).
 */
export function invocationRequest(win: Window, command: string, parameters?: Record<string, unknown>, page?: PageSnapshot): string {
  return JSON.stringify({ _hackle: { command, parameters, browserProperties: browserProperties(win, page) } })
}

/**
 * Reads the app's answer: JSON of an object with a boolean `success` and a string `message` (else
 * `invalid invocator response data`); `success: false` is `failed response`. An empty or missing answer is a JSON
 * error.
 */
export function responseData(response: unknown): unknown {
  const parsed: unknown = JSON.parse((response ?? '') as string)
  if (!isResponse(parsed)) throw new Error('invalid invocator response data')
  if (!parsed.success) throw new Error('failed response')
  return parsed.data ?? null
}

/**
 * The invoker for the app's invocation type: `prompt` goes through `window.prompt(request)`, `function` through
 * `window._hackleApp.invoke(request)` (looked up on every call: `window._hackleApp.invoke is not implemented` when
 * missing). Any other type throws `Failed to get invocator with invocationType:<type>`.
 */
export function createInvoker(app: HackleApp, win: AppWindow): Invoke {
  const type = app.getInvocationType()
  let send: (request: string) => unknown
  if (type === 'prompt') send = (request) => win.prompt(request)
  else if (type === 'function')
    send = (request) => {
      const invoke = (win._hackleApp as HackleApp | undefined)?.invoke
      if (!invoke) throw new Error('window._hackleApp.invoke is not implemented')
      return invoke.call(win._hackleApp, request)
    }
  else throw new Error(`Failed to get invocator with invocationType:${type}`)
  return (command, parameters, page) => responseData(send(invocationRequest(win, command, parameters, page)))
}
