import { type HackleUser, type Logger } from '../../kernel'
import type { Transport } from '../../internal'
import { userHeader } from './user-header'

/**
 * `GET {sdkUrl}/api/v1/{path}` for the user (cohorts, user targets), with the user in `X-HACKLE-USER`: the parsed
 * JSON body.
 * Throws `Http status code: <N>` for a non-2xx answer and `Response body is null` for a missing body.
 */
export async function fetchForUser(transport: Transport, sdkUrl: string, path: string, user: HackleUser, logger: Logger): Promise<unknown> {
  const onInvalid = (type: unknown, value: unknown) => logger.warn(`Invalid user identifier [type=${String(type)}, value=${String(value)}]`)
  const headers = transport.headers({ 'X-HACKLE-USER': userHeader(user, onInvalid) })
  const response = await transport.request({ method: 'GET', url: `${sdkUrl}/api/v1/${path}`, headers })
  if (response.status < 200 || response.status > 299) throw new Error(`Http status code: ${response.status}`)
  if (response.body === null) throw new Error('Response body is null')
  return JSON.parse(response.body)
}
