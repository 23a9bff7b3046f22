// One small app written against @hackler/react-sdk. The markup test bundles it twice: as written, and with the
// import pointed at hackle-kit/react (the only change an app makes to switch), then renders both in the same page
// set-up and compares the markup.
import { createElement as h, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createInstance,
  HackleExperiment,
  HackleFeature,
  HackleProvider,
  HackleVariation,
  useFeature,
  useFeatureFlagDetail,
  useLoadableFeature,
  useLoadableRemoteConfig,
  useLoadableVariation,
  useRemoteConfig,
  useVariation,
  useVariationDetail,
} from '@hackler/react-sdk'

function Decisions() {
  const variation = useVariation(1)
  const detail = useVariationDetail(1)
  const loadable = useLoadableVariation(1)
  const missing = useVariationDetail(404, 'Z')
  const on = useFeature(5)
  const flag = useFeatureFlagDetail(5)
  const loadableFlag = useLoadableFeature(5)
  const banner = useRemoteConfig().get('banner_text', 'none')
  const loadableConfig = useLoadableRemoteConfig()
  return h(
    'dl',
    null,
    h('dt', null, 'variation'),
    h('dd', null, variation),
    h('dt', null, 'detail'),
    h('dd', null, `${detail.variation} ${detail.reason} ${String(detail.get('button_color', 'none'))}`),
    h('dt', null, 'loadable'),
    h('dd', null, `${loadable.isLoading} ${loadable.variation}`),
    h('dt', null, 'missing experiment'),
    h('dd', null, `${missing.variation} ${missing.reason}`),
    h('dt', null, 'feature'),
    h('dd', null, `${on} ${flag.isOn} ${flag.reason} ${loadableFlag.isLoading} ${loadableFlag.isOn}`),
    h('dt', null, 'banner'),
    h('dd', null, `${banner} ${loadableConfig.isLoading} ${loadableConfig.remoteConfig.get('banner_text', 'none')}`),
  )
}

function App() {
  return h(
    'section',
    { 'data-app': '' },
    h(Decisions),
    h(HackleExperiment, { experimentKey: 1 }, h(HackleVariation, { variation: 'A' }, h('p', null, 'Copy A')), h(HackleVariation, { variation: 'B' }, h('p', null, 'Copy B'))),
    // a function child works in both, though the reference's types only declare ReactNode children
    h(HackleExperiment, { experimentKey: 1, children: ((variation: string) => h('p', null, `function child ${variation}`)) as unknown as ReactNode }),
    h(HackleFeature, { featureKey: 5, children: (isOn: boolean) => h('p', null, isOn ? 'feature on' : 'feature off') }),
  )
}

/** Waits (on DOM mutations) until `container` holds the app, then for the initialization and queued renders. */
function appeared(container: Element, client: { onInitialized(options?: { timeout: number }): Promise<unknown> }): Promise<string> {
  return new Promise((resolve) => {
    const done = async () => {
      observer.disconnect()
      await client.onInitialized({ timeout: 3000 })
      // renders that the initialization queued (the reference's provider re-renders once it is initialized)
      for (let turn = 0; turn < 3; turn++) await new Promise((next) => setTimeout(next, 0))
      resolve(container.innerHTML)
    }
    const observer = new MutationObserver(() => {
      if (container.querySelector('[data-app]')) void done()
    })
    observer.observe(container, { childList: true, subtree: true })
  })
}

/** Renders the app with a provider for `user` (or without a provider) and resolves with its settled markup. */
export async function renderApp(sdkKey: string, config: Record<string, unknown>, options: { user?: Record<string, unknown>; provider: boolean }): Promise<string> {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const client = createInstance(sdkKey, config)
  const root = createRoot(container)
  const settled = appeared(container, client)
  root.render(options.provider ? h(HackleProvider, { hackleClient: client, user: options.user as never }, h(App)) : h(App))
  return settled
}
