import { afterEach, expect, it } from 'vitest'
import { createKernel, definePlugin, type SdkEvent } from '../../../../src/kernel'
import { PropertyOperationsBuilder, identity, type IdentityMethods } from '../../../../src/plugins/identity'
import workspace from '../../../fixtures/example-workspace.json'
import { clearBrowserState } from '../../browser-state'

afterEach(() => clearBrowserState())

/** The reference keeps a non-string key as it is in its maps and writes it in its string form. */
it('non-string property keys are stringified ("7", "null") into $properties and into later user properties, as the reference does', async () => {
  const events: SdkEvent[] = []
  const collect = definePlugin(() => ({ name: 'collect', apply: ({ hooks }) => hooks.eventCreated.tap('collect', (event) => void events.push(event)) }))
  const client = createKernel('abcdefgh12345678XYZ', {
    workspaceConfig: workspace,
    user: { id: 'device-1', deviceId: 'device-1' },
    plugins: [identity(), collect()],
  }) as ReturnType<typeof createKernel> & IdentityMethods
  const key = (value: unknown) => value as string
  const track = (event: SdkEvent) => event as SdkEvent & { key: string; properties: unknown; user: { properties: unknown } }

  await client.setUserProperty(key(5), 'five')
  await client.setUserProperty(key(null), 'nul')
  await client.updateUserProperties(
    new PropertyOperationsBuilder().set(key(7), 'seven').increment(key(8), 1).set('7', 'str7').append(key(9), 'x').set(key(undefined), 'u').build(),
  )
  // the number 8 and 5 are other keys than the stored "8" and "5": the increment starts again, the unset misses
  await client.updateUserProperties(new PropertyOperationsBuilder().increment(key(8), 2).setOnce(key(10), 'once').unset(key(5)).build())
  client.track('after')

  const sent = events.map(track)
  expect(sent.map((event) => event.properties)).toEqual([
    { $set: { 5: 'five' } },
    { $set: { null: 'nul' } },
    { $set: { 7: 'str7', undefined: 'u' }, $increment: { 8: 1 }, $append: { 9: 'x' } },
    { $increment: { 8: 2 }, $setOnce: { 10: 'once' }, $unset: { 5: '-' } },
    {},
  ])
  expect(sent.at(-1)!.user.properties).toEqual({ 5: 'five', 7: 'str7', 8: 2, 9: ['x'], 10: 'once', null: 'nul', undefined: 'u' })
  expect(client.getUser().properties).toEqual({ 5: 'five', 7: 'str7', 8: 2, 9: ['x'], 10: 'once', null: 'nul', undefined: 'u' })
  client.close()
})
