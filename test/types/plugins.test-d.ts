// Type tests of writing plugins against the public kernel entry (vitest typecheck: compiled, never run).
import { describe, expectTypeOf, it } from 'vitest'
import {
  createKernel,
  definePlugin,
  definePluginHooks,
  SyncHook,
  type Kernel,
  type Plugin,
  type PluginDefinition,
  type SdkEvent,
} from '../../src/kernel/index'
import { events } from '../../src/plugins/events/index'
import { properties } from '../../src/plugins/properties/index'
import { campaign } from '../../src/plugins/campaign/index'
import { sync } from '../../src/plugins/sync/index'

describe('definePlugin', () => {
  it('infers the factory arguments', () => {
    const tagged = definePlugin((tag: string, options?: { loud: boolean }) => ({ name: `tag-${tag}`, apply() {} }))
    expectTypeOf(tagged).parameters.toEqualTypeOf<[tag: string, options?: { loud: boolean }]>()
    expectTypeOf(tagged('a')).toEqualTypeOf<Plugin>()
    tagged('a', { loud: true })
    // @ts-expect-error the tag is a string
    tagged(1)
    // @ts-expect-error the tag is required
    tagged()
    // @ts-expect-error the options are checked
    tagged('a', { loud: 'yes' })
  })

  it('gives apply the kernel and accepts a teardown', () => {
    definePlugin(() => ({
      name: 'watch',
      apply(kernel) {
        expectTypeOf(kernel).toEqualTypeOf<Kernel<{}>>()
        kernel.hooks.eventCreated.tap('watch', (event) => {
          expectTypeOf(event).toEqualTypeOf<SdkEvent>()
          if (event.type === 'exposure') {
            expectTypeOf(event.kind).toEqualTypeOf<'ab-test' | 'feature-flag'>()
            // @ts-expect-error exposures carry plain values, not the parsed experiment
            void event.experiment
          }
        })
        return () => {}
      },
    }))
  })

  it('rejects a plugin without a name or with a bad apply', () => {
    // @ts-expect-error a plugin has a name
    definePlugin(() => ({ apply() {} }))
    // @ts-expect-error apply returns nothing or a teardown
    definePlugin(() => ({ name: 'x', apply: () => 42 }))
  })

  it('built-in plugin factories type their options', () => {
    expectTypeOf(properties).returns.toEqualTypeOf<Plugin>()
    createKernel('key', { plugins: [properties(), campaign(), sync(), false, null, undefined] })
    // @ts-expect-error sync has no such option
    sync({ interval: 1 })
    // @ts-expect-error events' opt-out is a boolean
    events({ optOutTracking: 'yes' })
  })

  it('a plugin with methods is still a Plugin, and its methods are typed where it extends', () => {
    const counter = definePlugin(
      (): PluginDefinition<{ count(): number }> => ({
        name: 'counter',
        apply(kernel) {
          kernel.extend({ count: () => 1 })
          // @ts-expect-error the declared method returns a number
          kernel.extend({ count: () => 'one' })
        },
      }),
    )
    const list: Plugin[] = [counter(), sync(), events()]
    expectTypeOf(createKernel('key', { plugins: [counter()] }).count()).toEqualTypeOf<number>()
    void list
  })

  it('a factory annotated `(): Plugin` adds no methods and never turns the client into any', () => {
    const plain = definePlugin((): Plugin => ({ name: 'plain', apply() {} }))
    const counter = definePlugin((): PluginDefinition<{ count(): number }> => ({ name: 'counter', apply(k) { k.extend({ count: () => 1 }) } }))
    const client = createKernel('key', { plugins: [plain(), counter(), events()] })
    expectTypeOf(client).not.toBeAny()
    expectTypeOf(client.count()).toEqualTypeOf<number>()
    expectTypeOf(client.isOptOutTracking()).toEqualTypeOf<boolean>()
    // @ts-expect-error no plugin adds this method
    client.notAMethod()
  })
})

describe('hooks', () => {
  it('kernel hooks check their taps', () => {
    definePlugin(() => ({
      name: 'hooks',
      apply({ hooks }) {
        hooks.initialized.tap('hooks', (success) => expectTypeOf(success).toEqualTypeOf<boolean>())
        hooks.filterEvent.tap('hooks', (event) => event.type !== 'track')
        hooks.decided.tap('hooks', (decision) => {
          if (decision.kind === 'remote-config') expectTypeOf(decision.key).toEqualTypeOf<string>()
          else expectTypeOf(decision.key).toEqualTypeOf<number>()
        })
        // @ts-expect-error an enriched event is an event
        hooks.enrichEvent.tap('hooks', () => 'not an event')
        // @ts-expect-error a tap gets the hook's arguments, here a boolean
        hooks.initialized.tap('hooks', (success: string) => success)
      },
    }))
  })

  it('definePluginHooks returns a per-kernel accessor of the given hooks', () => {
    const getHooks = definePluginHooks('typed', () => ({ ping: new SyncHook<[number]>() }))
    expectTypeOf(getHooks).parameters.toEqualTypeOf<[kernel: Kernel]>()
    expectTypeOf(getHooks).returns.toEqualTypeOf<{ ping: SyncHook<[number]> }>()
    const hook = new SyncHook<[number]>()
    hook.call(1)
    // @ts-expect-error a call passes the hook's arguments
    hook.call('1')
  })
})
