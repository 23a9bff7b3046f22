import type { Kernel } from './plugin'

const DEFAULT_TIMEOUT = 2000

/**
 * Prepares a navigation the SDK makes on the page's behalf (a split-URL redirect): `hooks.flush('redirect')`, then
 * `hooks.prepareNavigation`, and settles when the work every tap registered with `navigation.waitFor` settled, or
 * after `timeoutMillis` (default 2000), whichever is first. Never rejects. Navigate after it settles.
 */
export function prepareNavigation(kernel: Pick<Kernel, 'hooks'>, url: string, timeoutMillis = DEFAULT_TIMEOUT): Promise<void> {
  const work: Promise<unknown>[] = []
  kernel.hooks.flush.call('redirect')
  kernel.hooks.prepareNavigation.call({ url, waitFor: (promise) => void work.push(Promise.resolve(promise).catch(() => undefined)) })
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise((resolve) => (timer = setTimeout(resolve, timeoutMillis)))
  return Promise.race([Promise.all(work), expired]).then(() => clearTimeout(timer))
}
