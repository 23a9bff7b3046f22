import { describe, expect, it } from 'vitest'
import { createKernel, type HackleUser } from '../../../../src/kernel'
import { sync } from '../../../../src/plugins/sync'
import { base64Url, userHeader } from '../../../../src/plugins/sync/user-header'
import { decodeUserHeader, SDK_KEY, SDK_URL, useSyncServer } from './server'

const server = useSyncServer()

const SPEC_EXAMPLE = 'eyJpZGVudGlmaWVycyI6eyIkaWQiOiJkZXZpY2UtMSIsIiRkZXZpY2VJZCI6ImRldmljZS0xIiwiJHVzZXJJZCI6Im1lbWJlci0xIn19'

describe('X-HACKLE-USER (wire-format §6)', () => {
  it('encodes the spec example exactly', () => {
    expect(userHeader({ id: 'device-1', deviceId: 'device-1', userId: 'member-1' })).toBe(SPEC_EXAMPLE)
  })

  it('is base64url without padding of the UTF-8 bytes (non-ASCII identifiers)', () => {
    const user: HackleUser = { id: '기기-1', deviceId: 'dév', identifiers: { 회원번호: '김철수', emoji: '😀' } }
    const json = '{"identifiers":{"회원번호":"김철수","emoji":"😀","$id":"기기-1","$deviceId":"dév"}}'
    const header = userHeader(user)
    expect(header).toBe(Buffer.from(json, 'utf8').toString('base64url'))
    expect(header).not.toMatch(/[+/=]/)
    expect(decodeUserHeader(header)).toEqual(JSON.parse(json))
  })

  it.each([
    ['a', 'YQ'],
    ['ab', 'YWI'],
    ['abc', 'YWJj'],
    ['\u00ff\u00fe', 'w7_Dvg'], // bytes c3 bf c3 be: "/" becomes "_"
    ['>>>?', 'Pj4-Pw'], // "+" becomes "-"
  ])('base64Url(%j) = %s', (text, encoded) => {
    expect(base64Url(text)).toBe(encoded)
  })

  it('lists custom identifiers first, then $id, $deviceId, $userId; skips invalid entries and never adds $hackleDeviceId', () => {
    const invalid: unknown[] = []
    const user = {
      id: 'i',
      deviceId: 'd',
      identifiers: { $id: 'custom-id', crm: 'c-1', empty: '', long: 'x'.repeat(513), n: 42 as unknown as string, [`${'t'.repeat(129)}`]: 'v' },
    } satisfies HackleUser
    const header = userHeader(user, (type, value) => invalid.push(type))
    // a later $id replaces the custom "$id" value in its first position, as a plain object does
    expect(JSON.stringify(decodeUserHeader(header))).toBe('{"identifiers":{"$id":"i","crm":"c-1","n":42,"$deviceId":"d"}}')
    expect(invalid).toEqual(['empty', 'long', 't'.repeat(129)])
  })

  it('is sent on both requests for the current user, next to the SDK headers', async () => {
    const client = createKernel(SDK_KEY, {
      log_disabled: true,
      sdkUrl: SDK_URL,
      user: { id: 'device-1', deviceId: 'device-1', userId: 'member-1' },
      plugins: [sync()],
    })
    await client.onInitialized()
    const userRequests = server.requests.filter((r) => r.path.startsWith('/api/v1/'))
    expect(userRequests.map((r) => r.path).sort()).toEqual(['/api/v1/cohorts', '/api/v1/user-targets'])
    for (const request of userRequests) {
      expect(request.header('x-hackle-user')).toBe(SPEC_EXAMPLE)
      expect(request.header('x-hackle-sdk-key')).toBe(SDK_KEY)
      expect(request.header('x-hackle-sdk-name')).toBe('javascript-sdk_browser')
      expect(request.header('x-hackle-sdk-version')).toBe('11.56.1')
      expect(Number(request.header('x-hackle-sdk-time'))).toBeGreaterThan(1_600_000_000_000)
    }
    expect(server.requests.find((r) => r.path.endsWith('/config'))!.header('x-hackle-user')).toBeNull()
    client.close()
  })
})
