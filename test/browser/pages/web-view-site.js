// A site's own script, the same for hackle-kit's script-tag build and the reference's (`window.Hackle`), in a Hackle
// app's web view: decides at once (before start-up settles) and after it, tracks, changes the user and closes the
// in-app message the app shows. What each call answered is published on window.__result.
;(async () => {
  const params = new URLSearchParams(location.search)
  const out = { stage: 'start' }
  window.__result = out
  try {
    const origin = location.origin
    const client = window.Hackle.createInstance(params.get('key'), { sdkUrl: origin, eventUrl: origin, monitoringUrl: origin, cdnUrl: origin })
    // synchronous, right after createInstance: the app's answer, not a default
    out.first = client.variation(1)
    out.init = await client.onInitialized({ timeout: 5000 })
    const detail = client.variationDetail(1)
    out.detail = { variation: detail.variation, reason: detail.reason, buttonColor: detail.get('buttonColor', 'none') }
    out.isOn = client.isFeatureOn(5)
    out.remote = client.remoteConfig().get('limit', 1)
    client.track({ key: 'purchase', value: 12, properties: { sku: 'sku-1', tags: ['new', 'sale'] } })
    client.track('opened')
    await client.setUserId('member-7')
    await client.setUserProperties({ plan: 'pro' })
    out.user = client.getUser()
    out.session = client.getSessionId()
    const view = client.getDisplayedInAppMessageView()
    out.view = view && { id: view.id, key: view.inAppMessage.key }
    if (view) view.close()
    out.stage = 'done'
  } catch (error) {
    out.stage = 'error'
    out.error = String(error && error.stack ? error.stack : error)
  }
})()
