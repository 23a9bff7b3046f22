import { describe, expect, it, vi } from 'vitest'
import { OpenFeature, ProviderEvents, ProviderStatus, type EvaluationDetails, type FlagValue } from '@openfeature/web-sdk'
import { createInstance } from '../../../src'
import { HackleProvider } from '../../../src/openfeature'
import { SDK_KEY, SDK_URL } from '../client/helpers'
import { devtool } from '../../../src/plugins/devtool'
import { nextEvent as next, useOpenFeatureHarness } from './harness'
import { changedWorkspace, testWorkspace } from './workspace'

const { server, start } = useOpenFeatureHarness()

/** The parts of a details answer the provider decides. */
const shape = (details: EvaluationDetails<FlagValue>) => ({
  value: details.value,
  variant: details.variant,
  reason: details.reason,
  errorCode: details.errorCode,
  hackleReason: details.flagMetadata.hackleReason,
})

describe('HackleProvider through the OpenFeature client', () => {
  it('resolves every type with the value, variant, reason and error code mapped from Hackle', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider } = start({ flags: { 'new-checkout': { type: 'feature-flag', key: 5 }, winner: { type: 'ab-test', key: 4 } } })
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    expect(client.providerStatus).toBe(ProviderStatus.READY)

    const error = (value: FlagValue, errorCode: string, hackleReason?: string) => ({ value, variant: undefined, reason: 'ERROR', errorCode, hackleReason })
    const ok = (value: FlagValue, variant: string | undefined, reason: string, hackleReason: string) => ({ value, variant, reason, errorCode: undefined, hackleReason })

    // booleans: feature flags (numeric keys, `flag:`, the `flags` option) and boolean remote config
    expect(shape(client.getBooleanDetails('5', true))).toEqual(ok(false, 'off', 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getBooleanDetails('flag:5', true))).toEqual(ok(false, 'off', 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getBooleanDetails('new-checkout', true))).toEqual(ok(false, 'off', 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getBooleanDetails('flag:6', true))).toEqual(ok(false, 'off', 'DISABLED', 'FEATURE_FLAG_INACTIVE'))
    expect(shape(client.getBooleanDetails('dark_mode', false))).toEqual(ok(true, undefined, 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getBooleanDetails('404', true))).toEqual(error(true, 'FLAG_NOT_FOUND', 'FEATURE_FLAG_NOT_FOUND'))
    expect(shape(client.getBooleanDetails('ab:2', true))).toEqual(error(true, 'TYPE_MISMATCH'))
    expect(shape(client.getBooleanDetails('banner_text', true))).toEqual(error(true, 'TYPE_MISMATCH', 'TYPE_MISMATCH'))

    // strings: A/B tests (numeric keys, `ab:`, the `flags` option) and string remote config
    expect(shape(client.getStringDetails('2', 'A'))).toEqual(ok('B', 'B', 'SPLIT', 'TRAFFIC_ALLOCATED'))
    expect(shape(client.getStringDetails('ab:3', 'A'))).toEqual(ok('A', 'A', 'DISABLED', 'EXPERIMENT_PAUSED'))
    expect(shape(client.getStringDetails('winner', 'A'))).toEqual(ok('B', 'B', 'STATIC', 'EXPERIMENT_COMPLETED'))
    expect(shape(client.getStringDetails('banner_text', 'Hi'))).toEqual(ok('Hello', undefined, 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getStringDetails('rc:banner_text', 'Hi'))).toEqual(ok('Hello', undefined, 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getStringDetails('ab:404', 'A'))).toEqual(error('A', 'FLAG_NOT_FOUND', 'EXPERIMENT_NOT_FOUND'))
    expect(shape(client.getStringDetails('no_such_parameter', 'Hi'))).toEqual(error('Hi', 'FLAG_NOT_FOUND', 'REMOTE_CONFIG_PARAMETER_NOT_FOUND'))
    expect(shape(client.getStringDetails('flag:5', 'on'))).toEqual(error('on', 'TYPE_MISMATCH'))
    expect(shape(client.getStringDetails('ab:B', 'A'))).toEqual(error('A', 'PARSE_ERROR'))
    expect(shape(client.getStringDetails('rc:', 'x'))).toEqual(error('x', 'PARSE_ERROR'))

    // numbers and objects: remote config only
    expect(shape(client.getNumberDetails('max_items', 1))).toEqual(ok(10, undefined, 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getNumberDetails('banner_text', 1))).toEqual(error(1, 'TYPE_MISMATCH', 'TYPE_MISMATCH'))
    expect(shape(client.getNumberDetails('2', 1))).toEqual(error(1, 'TYPE_MISMATCH'))
    expect(shape(client.getObjectDetails('layout', {}))).toEqual(ok({ columns: 3, theme: 'light' }, undefined, 'DEFAULT', 'DEFAULT_RULE'))
    expect(shape(client.getObjectDetails('broken_json', { columns: 1 }))).toEqual(error({ columns: 1 }, 'PARSE_ERROR', 'DEFAULT_RULE'))
    expect(shape(client.getObjectDetails('json_number', [1]))).toEqual(error([1], 'TYPE_MISMATCH', 'DEFAULT_RULE'))
    expect(shape(client.getObjectDetails('no_such_parameter', { a: 1 }))).toEqual(error({ a: 1 }, 'FLAG_NOT_FOUND', 'REMOTE_CONFIG_PARAMETER_NOT_FOUND'))
    expect(shape(client.getObjectDetails('flags:bad', { a: 1 }))).toEqual(error({ a: 1 }, 'FLAG_NOT_FOUND', 'REMOTE_CONFIG_PARAMETER_NOT_FOUND'))

    // the value accessors agree with the details
    expect(client.getBooleanValue('flag:5', true)).toBe(false)
    expect(client.getStringValue('ab:2', 'A')).toBe('B')
    expect(client.getNumberValue('max_items', 0)).toBe(10)
    expect(client.getObjectValue('layout', {})).toEqual({ columns: 3, theme: 'light' })
  })

  it('answers as the client itself and makes the same exposure and remote-config events', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen, hackle } = start()
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    seen.events.length = 0
    client.getStringValue('2', 'A')
    client.getBooleanValue('5', true)
    client.getNumberValue('max_items', 1)
    expect(seen.events.map((e) => e.type)).toEqual(['exposure', 'exposure', 'remoteConfig'])
    expect(seen.events[0]).toMatchObject({ kind: 'ab-test', experimentKey: 2, variationKey: 'B', decisionReason: 'TRAFFIC_ALLOCATED' })
    expect(seen.events[1]).toMatchObject({ kind: 'feature-flag', experimentKey: 5, decisionReason: 'DEFAULT_RULE' })
    expect(seen.events[2]).toMatchObject({ parameterKey: 'max_items', decisionReason: 'DEFAULT_RULE' })
    expect(client.getStringValue('1', 'A')).toBe(hackle.variation(1))
    expect(client.getBooleanValue('5', true)).toBe(hackle.isFeatureOn(5))
    expect(client.getStringValue('banner_text', 'Hi')).toBe(hackle.remoteConfig().get('banner_text', 'Hi'))
  })

  it('maps targeting rules and overrides to TARGETING_MATCH', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen } = start()
    await OpenFeature.setContext({ targetingKey: 'member-1', grade: 'gold' })
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    expect(shape(client.getBooleanDetails('5', false))).toEqual({ value: true, variant: 'on', reason: 'TARGETING_MATCH', errorCode: undefined, hackleReason: 'TARGET_RULE_MATCH' })
    expect(shape(client.getStringDetails('banner_text', 'Hi'))).toMatchObject({ value: 'Hello, gold member', reason: 'TARGETING_MATCH' })
    // a manual (DevTool) override of A/B test 2 for this user
    seen.kernel!.hooks.overrideVariation.tap('test-override', (experiment) => (experiment.key === 2 ? experiment.variations[0]!.id : undefined))
    expect(shape(client.getStringDetails('2', 'B'))).toEqual({ value: 'A', variant: 'A', reason: 'TARGETING_MATCH', errorCode: undefined, hackleReason: 'OVERRIDDEN' })
  })

  it('rejects initialization without a config, answers PROVIDER_NOT_READY, and emits PROVIDER_READY when a config arrives', async () => {
    server.status = 500
    const { provider, hackle } = start()
    const client = OpenFeature.getClient()
    // before initialization: the OpenFeature SDK itself answers
    const pending = OpenFeature.setProviderAndWait(provider)
    expect(shape(client.getBooleanDetails('5', true))).toMatchObject({ value: true, reason: 'ERROR', errorCode: 'PROVIDER_NOT_READY' })
    await expect(pending).rejects.toThrow(/no workspace config/)
    expect(client.providerStatus).toBe(ProviderStatus.ERROR)
    // the provider answers: Hackle has no config
    expect(shape(client.getBooleanDetails('5', true))).toEqual({ value: true, variant: undefined, reason: 'ERROR', errorCode: 'PROVIDER_NOT_READY', hackleReason: 'SDK_NOT_READY' })

    server.status = 200
    server.body = JSON.stringify(testWorkspace())
    const ready = next(ProviderEvents.Ready)
    await hackle.fetch()
    await ready
    expect(client.providerStatus).toBe(ProviderStatus.READY)
    expect(shape(client.getBooleanDetails('5', true))).toMatchObject({ value: false, reason: 'DEFAULT' })
  })

  it('is ready at once with a config at hand and emits PROVIDER_CONFIGURATION_CHANGED when the config changes, not when it is the same', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen, hackle } = start()
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    const changes: unknown[] = []
    client.addHandler(ProviderEvents.ConfigurationChanged, (details) => void changes.push(details))
    expect(client.getBooleanValue('5', true)).toBe(false)
    expect(client.getNumberValue('max_items', 1)).toBe(10)

    // the same config loaded again (a poll answered 200) changes nothing
    seen.kernel!.workspaces.set(testWorkspace())
    await Promise.resolve()
    expect(changes).toEqual([])

    server.body = JSON.stringify(changedWorkspace())
    const changed = next(ProviderEvents.ConfigurationChanged)
    await hackle.fetch()
    await changed
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({ message: 'Hackle workspace config changed' })
    expect(client.getBooleanDetails('5', false)).toMatchObject({ value: true, variant: 'on', reason: 'DEFAULT' })
    expect(client.getNumberValue('max_items', 1)).toBe(20)
  })

  it('emits PROVIDER_CONFIGURATION_CHANGED when a DevTool override changes the answers', async () => {
    server.body = JSON.stringify(testWorkspace())
    let explorer: { setFeatureFlagOverride(experiment: { id: number }, variationId: number): void } | undefined
    const tool = { userExplorer: (given: typeof explorer) => void (explorer = given) }
    const { provider, hackle } = start(undefined, [devtool({ devTool: tool as never })])
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    expect(client.getBooleanValue('5', true)).toBe(false)
    hackle.showUserExplorer()
    // the explorer is lazy: the DevTool receives it once the DevTool's lazy part has loaded
    await vi.waitFor(() => expect(explorer).toBeDefined())
    const changed = next(ProviderEvents.ConfigurationChanged)
    explorer!.setFeatureFlagOverride({ id: 21 }, 202)
    await changed
    expect(shape(client.getBooleanDetails('5', false))).toEqual({ value: true, variant: 'on', reason: 'TARGETING_MATCH', errorCode: undefined, hackleReason: 'INDIVIDUAL_TARGET_MATCH' })
  })

  it('makes the evaluation context the Hackle user, on start and on every context change', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, hackle } = start()
    await OpenFeature.setContext({ targetingKey: 'member-1', grade: 'gold', visits: 3, beta: true, tags: ['a', 'b'], since: new Date(Date.UTC(2025, 0, 2)) })
    await OpenFeature.setProviderAndWait(provider)
    const client = OpenFeature.getClient()
    expect(hackle.getUser()).toMatchObject({
      userId: 'member-1',
      properties: { grade: 'gold', visits: 3, beta: true, tags: ['a', 'b'], since: '2025-01-02T00:00:00.000Z' },
    })
    expect(client.getBooleanValue('5', false)).toBe(true)

    const contextChanged = next(ProviderEvents.ContextChanged)
    await OpenFeature.setContext({ targetingKey: 'member-1', visits: 4 })
    await contextChanged
    // the context is the whole user: `grade` is gone, so flag 5's gold rule no longer matches
    expect(hackle.getUser().properties).toEqual({ visits: 4 })
    expect(client.getBooleanDetails('5', true)).toMatchObject({ value: false, reason: 'DEFAULT' })

    await OpenFeature.setContext({ targetingKey: 'member-2', identifiers: { crm: 'c-9' }, deviceId: 'device-7' })
    expect(hackle.getUser()).toMatchObject({ userId: 'member-2', deviceId: 'device-7', identifiers: { crm: 'c-9' }, properties: {} })

    // without a targeting key: the anonymous user of the current device
    await OpenFeature.setContext({ plan: 'free' })
    const user = hackle.getUser()
    expect(user.userId).toBeUndefined()
    expect(user).toMatchObject({ deviceId: 'device-7', properties: { plan: 'free' } })
  })

  it('leaves the client’s user as the page set it when the context is empty at start', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, hackle } = start(undefined, [], { user: { userId: 'page-user', properties: { grade: 'gold' } } })
    await OpenFeature.setProviderAndWait(provider)
    expect(hackle.getUser()).toMatchObject({ userId: 'page-user', properties: { grade: 'gold' } })
    expect(OpenFeature.getClient().getBooleanValue('5', false)).toBe(true)
  })

  it('fills `id` or `deviceId` from the targeting key when told to', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, hackle } = start({ targetingKey: 'id' })
    await OpenFeature.setContext({ targetingKey: 'visitor-9' })
    await OpenFeature.setProviderAndWait(provider)
    expect(hackle.getUser()).toMatchObject({ id: 'visitor-9' })
    expect(hackle.getUser().userId).toBeUndefined()
  })

  it('tracks through the client with the value and the other details as properties', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen } = start()
    await OpenFeature.setContext({ targetingKey: 'member-1' })
    await OpenFeature.setProviderAndWait(provider)
    seen.events.length = 0
    OpenFeature.getClient().track('purchase', { value: 39.9, currency: 'KRW', items: 2 })
    OpenFeature.getClient().track('signup')
    const tracks = seen.events.filter((e) => e.type === 'track')
    expect(tracks).toHaveLength(2)
    expect(tracks[0]).toMatchObject({ key: 'purchase', value: 39.9, properties: { currency: 'KRW', items: 2 } })
    expect(tracks[0]!.user.identifiers).toMatchObject({ $userId: 'member-1' })
    expect(tracks[1]).toMatchObject({ key: 'signup', value: 0, properties: {} })
  })

  it('on close: asks the client to send its events and emits nothing more; the client keeps answering', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider, seen, hackle } = start()
    await OpenFeature.setProviderAndWait(provider)
    const flushes: string[] = []
    seen.kernel!.hooks.flush.tap('test', (reason) => void flushes.push(reason))
    const emitted: string[] = []
    for (const type of [ProviderEvents.ConfigurationChanged, ProviderEvents.Ready]) provider.events.addHandler(type, () => void emitted.push(type))
    await OpenFeature.close()
    expect(flushes).toEqual(['manual'])
    seen.kernel!.workspaces.set(changedWorkspace())
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(emitted).toEqual([])
    expect(hackle.isFeatureOn(5)).toBe(true)
  })

  it('serves one client: a second client that lists the provider is refused with a warning', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { provider } = start()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const other = createInstance('other-key-0000000', { sdkUrl: SDK_URL, eventUrl: SDK_URL, workspaceConfig: testWorkspace(), plugins: [provider] })
    other.close()
    expect(warn.mock.calls.some(([line]) => String(line).includes('HackleProvider already serves another client'))).toBe(true)
    warn.mockRestore()
    await OpenFeature.setProviderAndWait(provider)
    expect(OpenFeature.getClient().getStringValue('2', 'A')).toBe('B')
  })

  it('a provider no client applies (given to createInstance for a key whose client runs): initialize rejects after the time limit, a later client makes it ready', async () => {
    server.body = JSON.stringify(testWorkspace())
    const { hackle } = start()
    const late = new HackleProvider({ attachTimeoutMillis: 50 })
    // the key's client runs already: it is returned as it is (as the reference does), without the provider
    expect(createInstance(SDK_KEY, { plugins: [late] })).toBe(hackle)

    const client = OpenFeature.getClient()
    await expect(OpenFeature.setProviderAndWait(late)).rejects.toThrow(/in no hackle-kit client’s plugins/)
    expect(client.providerStatus).toBe(ProviderStatus.ERROR)
    expect(shape(client.getStringDetails('2', 'A'))).toMatchObject({ value: 'A', reason: 'ERROR', errorCode: 'PROVIDER_NOT_READY' })

    // a client that applies it later (here with its config at hand) makes it ready
    const ready = next(ProviderEvents.Ready)
    const other = createInstance('late-provider-key-01', { sdkUrl: SDK_URL, eventUrl: SDK_URL, workspaceConfig: testWorkspace(), plugins: [late] })
    await ready
    expect(client.providerStatus).toBe(ProviderStatus.READY)
    expect(client.getStringValue('2', 'A')).toBe('B')
    other.close()
  })
})
