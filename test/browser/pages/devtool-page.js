// hackle-kit (window.__kit, with the devtool plugin opened by ?hackle-devtool) and the reference SDK (window.Hackle)
// on one page, against the local server, for the same user. window.__answers() gives both SDKs' answers for the
// A/B test 1, the flag 5 and the parameter banner_text.
;(() => {
  const params = new URLSearchParams(location.search)
  const origin = location.origin
  const key = params.get('key')
  const user = { id: 'user_1', deviceId: 'user_1' }
  const urls = { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin }
  const kit = window.__kit.createInstance(key, {
    ...urls,
    user,
    plugins: (preset) => [...preset, window.__kit.devtool({ openParameter: 'hackle-devtool' })],
  })
  const ref = window.Hackle.createInstance(key, urls)
  window.__kitClient = kit
  window.__refClient = ref
  Promise.all([kit.onInitialized({ timeout: 5000 }), new Promise((resolve) => ref.onReady(resolve))]).then(() => (window.__ready = true))
  window.__answers = () => {
    const ab = (d) => ({ variation: d.variation, reason: d.reason })
    const ff = (d) => ({ isOn: d.isOn, reason: d.reason })
    return {
      kit: { ab: ab(kit.variationDetail(1)), ff: ff(kit.featureFlagDetail(5)), rc: kit.remoteConfig().getDetail('banner_text', 'default') },
      ref: { ab: ab(ref.variationDetail(1, user)), ff: ff(ref.featureFlagDetail(5, user)), rc: ref.remoteConfig(user).get('banner_text', 'default') },
    }
  }
  addEventListener('DOMContentLoaded', () => document.getElementById('buy').addEventListener('click', () => kit.track('purchase_clicked')))
})()
