import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin } from '../../../src/kernel'

const SDK_KEY = 'answer-call-key'

describe('hooks.answerCall: a plugin answers a public call in place of the method', () => {
  it('the first tap returning { value } answers; the method does not run; other calls run as before', () => {
    const seen: Array<[string, unknown[]]> = []
    const answering = definePlugin(() => ({
      name: 'answering',
      apply(kernel) {
        kernel.extend({ greet: (name: unknown) => `hello ${String(name)}` })
        kernel.hooks.answerCall.tap('answering', (method, args) => {
          seen.push([method, args])
          if (method === 'variation') return { value: `app:${String(args[0])}` }
          if (method === 'greet') return { value: 'answered' }
        })
      },
    }))
    const client = createKernel(SDK_KEY, { log_disabled: true, plugins: [answering()] }) as ReturnType<typeof createKernel> & {
      greet(name: string): string
    }
    expect(client.variation(42)).toBe('app:42')
    expect(client.greet('x')).toBe('answered')
    // not answered: the kernel's own code (no workspace: the default variation)
    expect(client.variationDetail(42, undefined, 'B').reason).toBe('SDK_NOT_READY')
    expect(seen.map(([method]) => method)).toEqual(['variation', 'greet', 'variationDetail'])
    expect(seen[2][1]).toEqual([42, undefined, 'B'])
  })

  it('a tap may run the method itself and work around it', async () => {
    const after: string[] = []
    const around = definePlugin(() => ({
      name: 'around',
      apply(kernel) {
        kernel.hooks.answerCall.tap('around', (method, args, run) => {
          if (method !== 'track') return
          const result = run(...args)
          after.push(`tracked ${JSON.stringify(args[0])}`)
          return { value: result }
        })
      },
    }))
    const client = createKernel(SDK_KEY, { log_disabled: true, plugins: [around()] })
    expect(client.track('clicked')).toBeUndefined()
    expect(after).toEqual(['tracked "clicked"'])
  })

  it('a throwing tap is isolated: the method answers as if there were no tap', () => {
    const failing = definePlugin(() => ({
      name: 'failing',
      apply(kernel) {
        kernel.hooks.answerCall.tap('failing', () => {
          throw new Error('boom')
        })
      },
    }))
    const client = createKernel(SDK_KEY, { log_disabled: true, plugins: [failing()] })
    expect(client.variation(1, undefined, 'C')).toBe('C')
  })

  it('without a tap the methods are the kernel\'s own functions', () => {
    const client = createKernel(SDK_KEY, { log_disabled: true })
    expect(client.variation.name).toBe('variation')
  })
})
